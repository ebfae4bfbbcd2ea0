import { type Language, localeTags } from "../../common/languages";
import { memoByKey } from "./memo";

/**
 * The message lookup both the site and the console use: a dotted key into a JSON tree, `{{placeholders}}`,
 * and plural forms picked by Intl.PluralRules. It is all i18next did for us, in a few hundred bytes, so no
 * translation library reaches the browser.
 */

/** "hero.title", "plans.items.vip.name", …: every path to a string in a message tree. */
export type TextPaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : TextPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A plural text is asked for by its base name: `blog.results` for `blog.results_one` and `blog.results_other`. */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;

/** Every key `t` accepts for a message tree: its strings, and the base names of its plurals. */
export type TextKey<T> = TextPaths<T> | PluralBase<TextPaths<T>>;

/** Every path to a list or a group of texts ("faq.items", "plans.items.vip.features"). */
export type ObjectPaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : `${Prefix}${K}` | ObjectPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The value at a dotted path. */
export type PathValue<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? PathValue<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type TextValues = Record<string, string | number>;

export function lookup(messages: unknown, key: string): unknown {
  let node = messages;
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** Fills `{{name}}` from `values`; a placeholder with no value stays as it is, so a missing value shows. */
export function interpolate(text: string, values: TextValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The text at `key` with its placeholders filled in. A `count` picks the plural form when the tree has
 * `key_one` / `key_other` (Intl.PluralRules of the language). A missing key shows itself, never a crash.
 */
const pluralRules = memoByKey((language: Language) => new Intl.PluralRules(localeTags[language]));

export function translate(messages: unknown, language: Language, key: string, values: TextValues = {}): string {
  let text = lookup(messages, key);
  if (typeof values.count === "number") {
    const plural = lookup(messages, `${key}_${pluralRules(language).select(values.count)}`) ?? lookup(messages, `${key}_other`);
    if (typeof plural === "string") text = plural;
  }
  return typeof text === "string" ? interpolate(text, values) : key;
}

/** A list or group of texts with every string in it interpolated (the FAQ's questions, a plan's features). */
export function translateObject<T>(value: T, values: TextValues): T {
  if (typeof value === "string") return interpolate(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => translateObject(item, values)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, translateObject(item, values)])) as T;
  }
  return value;
}
