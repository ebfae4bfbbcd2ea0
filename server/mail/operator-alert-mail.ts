/**
 * The mail that tells the operator a paid order is still waiting for its access (once per order, after
 * FULFILMENT_ALERT_MINUTES). Its words live under `deliveryAlert` in `content/mail/<language>.json`; the
 * shop does not know an operator's language, so the caller sends it in English unless it knows better.
 * It names the order and links to the console: nothing about the customer beyond what the console shows.
 */

import { defaultLanguage, type Language, localeTags } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import type { Block, Rows } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts, singleLine } from "./mail-texts.ts";

export const OPERATOR_ALERT_MAIL_KIND = "operator-delivery-alert";

export interface DeliveryAlertInput {
  reference: string;
  /** The plan's name, e.g. "Gold". */
  plan: string;
  paidAt: Date;
}

/** The order's page in the console, on the site's public origin. */
export function consoleOrderUrl(reference: string): string {
  return new URL(`/admin/orders/${encodeURIComponent(reference)}`, site.brand.origin).href;
}

export function renderDeliveryAlertMail(input: DeliveryAlertInput, language: Language = defaultLanguage): RenderedMail {
  const t = mailTexts[language].deliveryAlert;
  const paidAt = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    input.paidAt,
  );
  const values = { brand: site.brand.name, reference: singleLine(input.reference), paidAt: `${paidAt} UTC` };
  const rows: Rows = [
    [t.referenceLabel, values.reference],
    [t.planLabel, singleLine(input.plan)],
    [t.paidLabel, values.paidAt],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { rows },
    { button: { label: t.button, url: consoleOrderUrl(input.reference) } },
    { paragraph: t.hint },
  ];
  return composeMail({ language, words: t, values, blocks, footnote: { text: t.once }, audience: "operator" });
}
