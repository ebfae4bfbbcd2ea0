/**
 * The mail of a renewal: sent when it is paid (instead of the first order's "your access details will
 * follow": it is the same line) and when an operator extends the line by hand. Both say the new end date.
 * Pure, like templates.ts: its blocks in layout.ts's frame; the words are `renewalMail` in content/mail/<language>.json.
 */
import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import type { Block, Rows } from "./blocks.ts";
import { type InvoiceLink, invoiceBlocks } from "./invoice-section.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, longDate, mailTexts, singleLine } from "./mail-texts.ts";

export const RENEWAL_MAIL_KINDS = { paid: "renewal-confirmation", extended: "access-extended" } as const;

export interface RenewalMailInput {
  /** `paid`: the payment's confirmation; `extended`: the operator extended the line. */
  occasion: keyof typeof RENEWAL_MAIL_KINDS;
  /** The renewal order's reference. */
  reference: string;
  /** The access's reference (the first order's). */
  access: string;
  firstName: string;
  planKey: string;
  viewers: number;
  endsAt: Date;
  /** The renewal order's invoice, when it was paid (an extension by hand has none of its own). */
  invoice?: InvoiceLink;
}

export function renderRenewalMail(input: RenewalMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].renewalMail;
  const plan = site.plans.find((candidate) => candidate.key === input.planKey);
  const values = {
    brand: site.brand.name,
    supportEmail: site.brand.supportEmail,
    reference: singleLine(input.reference),
    access: singleLine(input.access),
    firstName: singleLine(input.firstName),
    endDate: longDate(language, input.endsAt),
  };
  const rows: Rows = [
    [t.orderLabel, values.reference],
    [t.accessLabel, values.access],
    [t.planLabel, plan?.name ?? singleLine(input.planKey)],
    [t.viewersLabel, String(input.viewers)],
    [t.endsLabel, values.endDate],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(input.occasion === "paid" ? t.paidIntro : t.extendedIntro, values) },
    { rows },
    { paragraph: t.sameLine },
    ...invoiceBlocks(language, input.invoice),
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
}
