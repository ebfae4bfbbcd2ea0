/**
 * Dates, money and cards as the account pages write them, on the server. Dates are in UTC with the zone
 * written out ("1 December 2026 at 09:30 UTC"): the server cannot know the customer's zone, and a date that
 * names its zone is right everywhere, without JavaScript and without a redraw after hydration.
 */
import { cardBrandNames } from "../../../common/card.ts";
import { type Language, localeTags } from "../../../common/languages";
import { formatPrice } from "../../content/plans";

export interface AccountFormat {
  dateTime(iso: string | Date): string;
  date(iso: string | Date): string;
  money(cents: number, currency: string): string;
  /** "Visa", "Mastercard", … for a known brand key; anything else as given. */
  cardBrand(brand: string): string;
}

export function accountFormat(language: Language): AccountFormat {
  const locale = localeTags[language];
  // dateStyle cannot be combined with timeZoneName: the same "long" date, spelled out field by field.
  const dateTime = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    dateTime: (value) => dateTime.format(new Date(value)),
    date: (value) => date.format(new Date(value)),
    money: (cents, currency) => formatPrice(cents, language, currency),
    cardBrand: (brand) => (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()] ?? brand,
  };
}
