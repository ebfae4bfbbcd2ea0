import { type Language, localeTags } from "../../../common/languages";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * In UTC, said in the column headings: the server and the operator's browser then render the same text
 * (no hydration mismatch), and every operator reads the same time as the audit log stores.
 */
export function formatDateTime(language: Language, iso: string, seconds = false): string {
  const key = `${language}:${seconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[language], {
      dateStyle: "medium",
      timeStyle: seconds ? "medium" : "short",
      timeZone: "UTC",
    });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

export function DateTime({ language, iso, seconds }: { language: Language; iso: string; seconds?: boolean }) {
  return <time dateTime={iso}>{formatDateTime(language, iso, seconds)}</time>;
}
