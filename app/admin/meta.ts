import type { Language } from "../../common/languages";
import { site } from "../../content/site";
import { translate } from "../i18n/translate";
import { adminLayoutId } from "./layout-id";
import type { AdminMessages, AdminTextKey } from "./text";

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
