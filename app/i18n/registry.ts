import type { Language } from "../../common/languages";
import { createTranslator, type Messages, type Translator } from "./i18n";

/**
 * The messages this process has loaded (all three on the server, the ones visited in the browser) and
 * one translator per language built from them. A translator never changes, so requests share it.
 */
const loaded: Partial<Record<Language, Messages>> = {};
const translators = new Map<Language, Translator>();

export function registerMessages(messages: Partial<Record<Language, Messages>>): void {
  Object.assign(loaded, messages);
}

export function hasMessages(language: Language): boolean {
  return language in loaded;
}

export function translatorFor(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    const messages = loaded[language];
    if (!messages) throw new Error(`The ${language} messages were used before they were loaded.`);
    translator = createTranslator(language, messages);
    translators.set(language, translator);
  }
  return translator;
}
