import { claimVariables } from "../../common/claims.ts";
import type { Language } from "../../common/languages";
import type en from "../../content/locales/en.json";
import { lookup, type ObjectPaths, type PathValue, type TextKey, type TextValues, translate, translateObject } from "./translate";

export type Messages = typeof en;
export type MessageKey = TextKey<Messages>;
export type MessageGroupKey = ObjectPaths<Messages>;

/** One language's texts: `t` for a string, `items` for a list or group of texts (the FAQ, a plan's features). */
export interface Translator {
  language: Language;
  t: (key: MessageKey, values?: TextValues) => string;
  items: <K extends MessageGroupKey>(key: K) => PathValue<Messages, K>;
}

/**
 * A translator for `language` over messages already in memory. Every text can show a marketing figure
 * (`{{channels}}`, `{{brand}}`…) without being given it: those are the default values.
 */
export function createTranslator(language: Language, messages: Messages): Translator {
  const defaults = claimVariables(language);
  return {
    language,
    t: (key, values) => translate(messages, language, key, values ? { ...defaults, ...values } : defaults),
    items: (key) => translateObject(lookup(messages, key), defaults) as never,
  };
}
