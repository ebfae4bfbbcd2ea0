import { site } from "../../content/site";
import type { Language } from "../i18n/languages";
import { type AdminMessages, type AdminTextKey, translate } from "./text";

/** The console layout's route id (app/routes.ts), whose data carries the operator's language and texts. */
export const adminLayoutId = "admin-layout";

interface LayoutData {
  language: Language;
  messages: AdminMessages;
}

/** A console page's head: its title in the operator's language, and kept out of search engines. */
export function adminMeta(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[], key: AdminTextKey) {
  const layout = matches.find((match) => match?.id === adminLayoutId)?.loaderData as LayoutData | undefined;
  const title = layout ? translate(layout.messages, layout.language, key) : key;
  return [{ title: `${title} · ${site.brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}
