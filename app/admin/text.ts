import { createContext, useContext } from "react";
import type { Language } from "../i18n/languages";
import type { englishAdminMessages } from "./message-files";

/**
 * The console's texts: a small typed lookup rather than i18next, so the console's strings never reach the
 * public site's bundles and its pages carry only the operator's language (sent by the console's layout).
 */
export type AdminMessages = typeof englishAdminMessages;

/** "orders.heading", "common.nav.orders", …: every path to a string in the English files. */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type AllPaths = Paths<AdminMessages>;
/** A plural text is asked for by its base name: `orders.count` for `orders.count_one` and `orders.count_other`. */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;
export type AdminTextKey = AllPaths | PluralBase<AllPaths>;

export type TextValues = Record<string, string | number>;

function lookup(messages: unknown, key: string): unknown {
  let node = messages;
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/**
 * The text at `key` with its `{{placeholders}}` filled in. A `count` picks the plural form when the file has
 * `key_one` / `key_other` (Intl.PluralRules of the language). A missing key shows itself, never a crash.
 */
export function translate(messages: AdminMessages, language: Language, key: string, values: TextValues = {}): string {
  let text = lookup(messages, key);
  if (typeof values.count === "number") {
    const plural = lookup(messages, `${key}_${new Intl.PluralRules(language).select(values.count)}`) ?? lookup(messages, `${key}_other`);
    if (typeof plural === "string") text = plural;
  }
  if (typeof text !== "string") return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface AdminText {
  language: Language;
  t: (key: AdminTextKey, values?: TextValues) => string;
}

export const AdminTextContext = createContext<AdminText>({ language: "en", t: (key) => key });

/** The operator's language and the console's `t`, inside the console's layout. */
export function useAdminText(): AdminText {
  return useContext(AdminTextContext);
}

export function adminText(messages: AdminMessages, language: Language): AdminText {
  return { language, t: (key, values) => translate(messages, language, key, values) };
}
