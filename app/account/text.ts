import { createContext, useContext } from "react";
import { defaultLanguage, type Language } from "../../common/languages";
import { type TextKey, type TextValues, translate } from "../i18n/translate";
import type { englishAccountMessages } from "./message-files";

/** The account's texts, looked up like the site's (i18n/translate.ts) from their own files (messages.server.ts). */
export type AccountMessages = typeof englishAccountMessages;

export type AccountTextKey = TextKey<AccountMessages>;

export interface AccountText {
  language: Language;
  t: (key: AccountTextKey, values?: TextValues) => string;
}

export const AccountTextContext = createContext<AccountText>({ language: defaultLanguage, t: (key) => key });

/** The page's language and the account's `t`, inside the account's layout. */
export function useAccountText(): AccountText {
  return useContext(AccountTextContext);
}

export function accountText(messages: AccountMessages, language: Language): AccountText {
  return { language, t: (key, values) => translate(messages, language, key, values) };
}
