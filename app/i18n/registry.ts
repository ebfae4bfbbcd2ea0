import type { i18n } from "i18next";
import { createI18n, type Messages } from "./i18n";
import type { Language } from "./languages";

/**
 * The messages this process has loaded (all three on the server, the ones visited in the browser) and
 * one i18next instance per language built from them. An instance's language never changes, so the
 * server can share it between requests.
 */
const loaded: Partial<Record<Language, Messages>> = {};
const instances = new Map<Language, i18n>();

export function registerMessages(messages: Partial<Record<Language, Messages>>): void {
  Object.assign(loaded, messages);
}

export function hasMessages(language: Language): boolean {
  return language in loaded;
}

export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    const messages = loaded[language];
    if (!messages) throw new Error(`The ${language} messages were used before they were loaded.`);
    instance = createI18n(language, { [language]: messages });
    instances.set(language, instance);
  }
  return instance;
}
