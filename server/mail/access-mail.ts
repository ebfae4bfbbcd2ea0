/**
 * The after-sale mails an operator's action sends: "Your access" (the delivered login details) and the refund
 * notice. Pure functions returning `{ subject, text, html }` like templates.ts, built from the same layout.ts
 * pieces, whose words live beside its own in `content/mail/<language>.json`. Every value in the HTML is
 * escaped; the one link is built here.
 */
import { type Language, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlMultiline,
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

export const AFTER_SALE_MAIL_KINDS = { access: "order-access", refund: "order-refund" } as const;

export type AccessField = (typeof site.access.fields)[number];
/** What the customer gets: every configured field, and an optional note from the team. */
export type AccessDetails = Record<AccessField, string> & { note?: string };

export interface AccessMailInput {
  reference: string;
  firstName: string;
  details: AccessDetails;
  startsAt: Date;
  endsAt: Date;
}

export interface RefundMailInput {
  reference: string;
  firstName: string;
  /** Already formatted for the customer's language, e.g. "29,00 €". */
  amount: string;
  refundedAt: Date;
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

/** The blog's device guides, in the customer's language, on the site's public origin. */
export function setupGuidesUrl(language: Language): string {
  const url = new URL(localizePath("/blog", language), site.brand.origin);
  url.searchParams.set("category", "devices");
  return url.href;
}

export function renderAccessMail(input: AccessMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].accessMail;
  const values = { brand, supportEmail, reference: singleLine(input.reference), firstName: singleLine(input.firstName) };
  // Only the configured fields, in their configured order: whatever else the object carries stays out.
  const details: Rows = site.access.fields.map((field) => [t.fields[field], singleLine(input.details[field] ?? "")] as const);
  const period: Rows = [
    [t.startsLabel, longDate(language, input.startsAt)],
    [t.endsLabel, longDate(language, input.endsAt)],
  ];
  const note = input.details.note?.replace(/\r\n?/g, "\n").trim() ?? "";
  const guides = setupGuidesUrl(language);
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      `${t.detailsHeading}\n${textRows(language, details)}`,
      note && `${t.noteHeading}\n${note}`,
      `${t.periodHeading}\n${textRows(language, period)}`,
      `${t.guidesHeading}\n${t.guidesText}\n${guides}`,
      t.keepSafe,
      interpolate(t.help, values),
      `${t.signOff}\n${signature}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.detailsHeading)}</h2>`,
    htmlRows(details, { breakValues: true }),
    note && `<h2 style="${STYLE.h2}">${escapeHtml(t.noteHeading)}</h2>\n<p style="${STYLE.p}">${htmlMultiline(note)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.periodHeading)}</h2>`,
    htmlRows(period, { breakValues: true }),
    `<h2 style="${STYLE.h2}">${escapeHtml(t.guidesHeading)}</h2>`,
    `<p style="${STYLE.p}">${escapeHtml(t.guidesText)}</p>`,
    htmlButton(guides, t.guidesButton),
    `<p style="${STYLE.note}">${escapeHtml(t.keepSafe)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ]
    .filter((part) => part !== "")
    .join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }) };
}

export function renderRefundMail(input: RefundMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].refundMail;
  const values = {
    brand,
    supportEmail,
    reference: singleLine(input.reference),
    firstName: singleLine(input.firstName),
    amount: singleLine(input.amount),
  };
  const rows: Rows = [
    [t.referenceLabel, values.reference],
    [t.amountLabel, values.amount],
    [t.dateLabel, longDate(language, input.refundedAt)],
  ];
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      textRows(language, rows),
      t.timing,
      interpolate(t.help, values),
      `${t.signOff}\n${signature}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    htmlRows(rows, { breakValues: true }),
    `<p style="${STYLE.p}">${escapeHtml(t.timing)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }) };
}
