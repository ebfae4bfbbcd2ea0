import type { MetaDescriptor } from "react-router";
import { site } from "../../content/site";
import type { AccountMessages } from "./text";

interface LayoutData {
  messages: AccountMessages;
}

/**
 * An account page's head: its title in the page's language, and kept out of search engines (a page that
 * depends on who is signed in is nobody's search result).
 */
export function accountMeta(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>, title?: string): MetaDescriptor[] {
  const layout = matches.find((match) => match?.id.startsWith("account."))?.loaderData as LayoutData | undefined;
  const name = title ?? layout?.messages.common.title ?? "";
  return [{ title: `${name} · ${site.brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}
