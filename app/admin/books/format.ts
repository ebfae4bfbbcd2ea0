import { useMemo } from "react";
import { type Language, localeTags } from "../../../common/languages";
import { useAdminText } from "../text";

function regionName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The books' dates, months, amounts, rates and countries in the operator's language. Dates in UTC, the time
 * zone documents are dated and numbered in, so a document shows the day it was issued wherever one reads it.
 * Amounts always with their cents, as a document writes them.
 */
export function booksFormat(language: Language) {
  const tag = localeTags[language];
  const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
  const monthName = new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
  const regions = new Intl.DisplayNames([tag], { type: "region" });
  const currencies = new Map<string, Intl.NumberFormat>();
  const money = (cents: number, currency: string) => {
    let format = currencies.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(tag, { style: "currency", currency, minimumFractionDigits: 2 });
      currencies.set(currency, format);
    }
    return format.format(cents / 100);
  };
  return {
    date: (iso: string) => date.format(new Date(iso)),
    month: (month: string) => monthName.format(new Date(`${month}-01T00:00:00.000Z`)),
    money,
    rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
    country: (code: string) => `${regionName(regions, code)} (${code})`,
  };
}

export type BooksFormat = ReturnType<typeof booksFormat>;

export function useBooksFormat(): BooksFormat {
  const { language } = useAdminText();
  return useMemo(() => booksFormat(language), [language]);
}
