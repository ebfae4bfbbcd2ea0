/**
 * Dates, money and cards as the account pages write them, on the server. Dates are in the zone the browser
 * told when it signed in (customer_sessions.time_zone), else in UTC, always with the zone written out ("1
 * December 2026 at 10:30 CET"): right everywhere, without JavaScript and without a redraw after hydration.
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

export function accountFormat(language: Language, timeZone: string | null = null): AccountFormat {
  const zone = timeZone ?? "UTC";
  const locale = localeTags[language];
  // dateStyle cannot be combined with timeZoneName: the same "long" date, spelled out field by field.
  const dateTime = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: zone });
  return {
    dateTime: (value) => dateTime.format(new Date(value)),
    date: (value) => date.format(new Date(value)),
    money: (cents, currency) => formatPrice(cents, language, currency),
    cardBrand: (brand) => (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()] ?? brand,
  };
}
