/**
 * The after-sale mails an operator's action sends: "Your access" (the delivered login details) and the refund
 * notice. Pure functions returning `{ subject, text, html }` like templates.ts: their blocks in layout.ts's
 * frame, their words beside the others in `content/mail/<language>.json`. The one link is built here.
 */
import { type Language, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import type { Block, Rows } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, longDate, mailTexts, singleLine } from "./mail-texts.ts";

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

/** The login details as the mail shows them, and the team's note when there is one (the trial's mail shows them alike). */
export function accessDetailsBlocks(language: Language, details: AccessDetails): Block[] {
  const t = mailTexts[language].accessMail;
  // Only the configured fields, in their configured order: whatever else the object carries stays out.
  const rows: Rows = site.access.fields.map((field) => [t.fields[field], singleLine(details[field] ?? "")] as const);
  const note = details.note?.replace(/\r\n?/g, "\n").trim() ?? "";
  return [{ heading: t.detailsHeading }, { rows }, ...(note ? [{ heading: t.noteHeading }, { paragraph: note }] : [])];
}

/** Where to learn to set up a device, and the warning to keep the details to oneself. */
export function setupGuideBlocks(language: Language): Block[] {
  const t = mailTexts[language].accessMail;
  return [
    { heading: t.guidesHeading },
    { paragraph: t.guidesText },
    { button: { label: t.guidesButton, url: setupGuidesUrl(language) } },
    { note: t.keepSafe },
  ];
}

export function renderAccessMail(input: AccessMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].accessMail;
  const values = { brand, supportEmail, reference: singleLine(input.reference), firstName: singleLine(input.firstName) };
  const period: Rows = [
    [t.startsLabel, longDate(language, input.startsAt)],
    [t.endsLabel, longDate(language, input.endsAt)],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    ...accessDetailsBlocks(language, input.details),
    { heading: t.periodHeading },
    { rows: period },
    ...setupGuideBlocks(language),
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
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
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { rows },
    { paragraph: t.timing },
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
}
