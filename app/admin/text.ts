import { createContext, useContext } from "react";
import { defaultLanguage, type Language } from "../../common/languages";
import { type TextKey, type TextValues, translate } from "../i18n/translate";
import type { englishAdminMessages } from "./message-files";

/**
 * The console's texts, looked up like the site's (i18n/translate.ts) from their own files, so the console's
 * strings never reach the public site's bundles and its pages carry only the operator's language.
 */
export type AdminMessages = typeof englishAdminMessages;

export type AdminTextKey = TextKey<AdminMessages>;

export interface AdminText {
  language: Language;
  t: (key: AdminTextKey, values?: TextValues) => string;
}

export const AdminTextContext = createContext<AdminText>({ language: defaultLanguage, t: (key) => key });

/** The operator's language and the console's `t`, inside the console's layout. */
export function useAdminText(): AdminText {
  return useContext(AdminTextContext);
}

export function adminText(messages: AdminMessages, language: Language): AdminText {
  return { language, t: (key, values) => translate(messages, language, key, values) };
}
