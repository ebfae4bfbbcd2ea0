import { useSyncExternalStore } from "react";
import { type Language, localeTags } from "../../../common/languages";
import { formatPrice } from "../../content/plans";
import { memoByKey } from "../../i18n/memo";
import { useAdminText } from "../text";
import type { ActionMessage } from "./action-result";

const noChanges = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The operator's time zone. The server cannot know it, so the page is first drawn in UTC (also without
 * JavaScript) and the browser redraws the times in its own zone once it runs, without a hydration mismatch.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(noChanges, browserTimeZone, () => "UTC");
}

function displayName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Dates, money, countries and languages in `language`, times in `timeZone`: made once per pair, since making
 * them loads the locale's data (the first date and time format of a locale: 25 to 75 ms of a core).
 */
export const orderFormat = memoByKey((key: `${Language} ${string}`) => {
  const [language, timeZone] = key.split(" ") as [Language, string];
  const dateTime = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "medium", timeStyle: "short", timeZone });
  const regions = new Intl.DisplayNames([localeTags[language]], { type: "region" });
  const languageNames = new Intl.DisplayNames([localeTags[language]], { type: "language" });
  return {
    timeZone,
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    money: (cents: number, currency: string) => formatPrice(cents, language, currency),
    country: (code: string) => displayName(regions, code),
    languageName: (code: string) => displayName(languageNames, code),
  };
});

/** Dates, money, countries and languages in the operator's language. */
export function useOrderFormat() {
  const { language } = useAdminText();
  return orderFormat(`${language} ${useTimeZone()}`);
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An action's message in words, its amounts and instants formatted. */
export function useMessageText() {
  const { t } = useAdminText();
  const format = useOrderFormat();
  return (message: ActionMessage) => {
    const values = Object.fromEntries(
      Object.entries(message.values ?? {}).map(([name, value]) => [
        name,
        typeof value === "object"
          ? format.money(value.cents, value.currency)
          : typeof value === "string" && isoInstant.test(value)
            ? format.dateTime(value)
            : value,
      ]),
    );
    return t(message.key, values);
  };
}
