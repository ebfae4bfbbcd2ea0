/**
 * The mail of a renewal: sent when it is paid (instead of the first order's "your access details will
 * follow": it is the same line) and when an operator extends the line by hand. Both say the new end date.
 * Pure, like templates.ts, from layout.ts's pieces; the words are `renewalMail` in content/mail/<language>.json.
 */
import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { type InvoiceLink, invoiceSection } from "./invoice-section.ts";
import {
  escapeHtml,
  htmlDocument,
  htmlRows,
  interpolate,
  interpolateHtml,
  longDate,
  mailTexts,
  type RenderedMail,
  type Rows,
  STYLE,
  singleLine,
  textDocument,
  textRows,
} from "./layout.ts";

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
  const intro = input.occasion === "paid" ? t.paidIntro : t.extendedIntro;
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);
  const invoice = invoiceSection(language, input.invoice);
  const text = textDocument([
    interpolate(t.greeting, values),
    interpolate(intro, values),
    textRows(language, rows),
    t.sameLine,
    ...invoice.text,
    interpolate(t.help, values),
    `${t.signOff}\n${signature}`,
  ]);
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(intro, values)}</p>`,
    htmlRows(rows, { breakValues: true }),
    `<p style="${STYLE.p}">${escapeHtml(t.sameLine)}</p>`,
    ...invoice.html,
    `<p style="${STYLE.p}">${interpolateHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }) };
}
