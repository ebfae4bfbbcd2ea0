/**
 * The order's confirmation, the contact form's notification and the newsletter's confirmation, built from
 * typed inputs and a language: pure functions returning `{ subject, text, html }`, each a list of blocks that
 * layout.ts puts in the frame every mail shares (which escapes every value and refuses links that are not
 * http(s)). The words live in `content/mail/<language>.json`; brand and support address in `content/site.ts`.
 *
 * The order input has no card number, CVV or expiry field on purpose: a mail shows at most the card brand and
 * its last four digits ("Visa ending in 4242").
 */
import { cardBrandNames } from "../../common/card.ts";
import { defaultLanguage, type Language, localeTags } from "../../common/languages";
import { type PlanKey, site } from "../../content/site.ts";
import type { Order } from "../db/schema.ts";
import type { Block } from "./blocks.ts";
import { type InvoiceLink, invoiceBlocks } from "./invoice-section.ts";
import { composeMail, type Footnote, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts, pluralKey, singleLine } from "./mail-texts.ts";

/** The `kind` stored with each queued mail, and part of each .eml file name. */
export const MAIL_KINDS = {
  orderConfirmation: "order-confirmation",
  contactNotification: "contact-notification",
  newsletterConfirmation: "newsletter-confirmation",
} as const;
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS];

// ---------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------

/** What the order confirmation shows. There is deliberately no field for a card number, CVV or expiry. */
export interface OrderConfirmationInput {
  reference: string;
  firstName: string;
  planKey: PlanKey;
  viewers: number;
  /** Already formatted for the customer's language, e.g. "29,00 €". */
  amountPaid: string;
  /** Brand key (`visa`, `mastercard`, …) and the last four digits; omit when not paid by card. */
  card?: { brand: string; last4: string };
  invoice?: InvoiceLink;
}

/** The confirmation input for a stored order, taking only the fields the mail shows. */
export function orderConfirmationInput(
  order: Order,
  amountPaid: string,
  invoice?: OrderConfirmationInput["invoice"],
): OrderConfirmationInput {
  return {
    ...(invoice ? { invoice } : {}),
    reference: order.reference,
    firstName: order.first_name,
    planKey: order.plan_key,
    viewers: order.viewers,
    amountPaid,
    card: order.card_brand && order.card_last4 ? { brand: order.card_brand, last4: order.card_last4 } : undefined,
  };
}

export interface ContactNotificationInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The language the visitor used on the site. */
  language: Language;
  receivedAt?: Date;
}

export interface NewsletterConfirmationInput {
  /** Absolute http(s) URL that confirms the subscription. */
  confirmUrl: string;
  /** Absolute http(s) URL that unsubscribes the address. */
  unsubscribeUrl: string;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/** "Visa", "Mastercard", … for a known brand key; anything else is shown as given (first letter raised). */
export function cardBrandName(brand: string): string {
  const known = (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()];
  if (known) return known;
  const trimmed = singleLine(brand);
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Never more than the last four digits, whatever the caller passed. */
export function lastFour(value: string): string {
  return value.replace(/\D/g, "").slice(-4);
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

// ---------------------------------------------------------------------------------------------------------
// Mails
// ---------------------------------------------------------------------------------------------------------

/** The small print every newsletter mail carries: why it arrived, and the unsubscribe link. */
export function newsletterFootnote(unsubscribeUrl: string, language: Language): Footnote {
  const t = mailTexts[language].newsletterFooter;
  return {
    text: interpolate(t.reason, { brand }),
    unsubscribe: { url: unsubscribeUrl, label: t.unsubscribeLink, text: t.unsubscribeText },
  };
}

export function renderOrderConfirmation(input: OrderConfirmationInput, language: Language): RenderedMail {
  const t = mailTexts[language].orderConfirmation;
  const plan = site.plans.find((candidate) => candidate.key === input.planKey);
  if (!plan) throw new Error(`renderOrderConfirmation: unknown plan ${JSON.stringify(input.planKey)}`);

  const reference = singleLine(input.reference);
  const values = { brand, supportEmail, reference, firstName: singleLine(input.firstName) };
  const say = (text: string) => interpolate(text, values);
  const period = interpolate(pluralKey(language, plan.months) === "one" ? t.period_one : t.period_other, { count: plan.months });

  const rows: Array<readonly [string, string]> = [
    [t.referenceLabel, reference],
    [t.planLabel, plan.name],
    [t.periodLabel, period],
    [t.viewersLabel, String(input.viewers)],
    [t.amountLabel, input.amountPaid],
  ];
  if (input.card) {
    const last4 = lastFour(input.card.last4);
    const card =
      last4 === "" ? cardBrandName(input.card.brand) : interpolate(t.cardEnding, { cardBrand: cardBrandName(input.card.brand), last4 });
    rows.push([t.paymentLabel, card]);
  }

  const blocks: Block[] = [
    { paragraph: say(t.intro) },
    { heading: t.summaryHeading },
    { rows },
    { heading: t.accessHeading },
    { steps: t.accessSteps.map(say) },
    ...invoiceBlocks(language, input.invoice),
    { paragraph: say(t.referenceHint) },
    { note: say(t.oneTimeNote) },
  ];
  return composeMail({ language, words: t, values, blocks });
}

/** The operator's copy of a contact form message. `language` is the language the operator reads. */
export function renderContactNotification(input: ContactNotificationInput, language: Language = defaultLanguage): RenderedMail {
  const t = mailTexts[language].contactNotification;
  const values = { brand, name: singleLine(input.name), email: singleLine(input.email), subject: singleLine(input.subject) };
  const visitorLanguage = `${new Intl.DisplayNames([localeTags[language]], { type: "language" }).of(input.language) ?? input.language} (${input.language})`;

  const rows: Array<readonly [string, string]> = [
    [t.nameLabel, values.name],
    [t.emailLabel, values.email],
    [t.subjectLabel, values.subject],
    [t.languageLabel, visitorLanguage],
  ];
  if (input.receivedAt) {
    const received = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(
      input.receivedAt,
    );
    rows.push([t.receivedLabel, received]);
  }

  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { rows },
    { heading: t.messageLabel },
    { quote: input.message.replace(/\r\n?/g, "\n").trim() },
    { paragraph: interpolate(t.replyHint, values) },
  ];
  return composeMail({ language, words: t, values, blocks, audience: "operator" });
}

/** The double opt-in mail: a confirm link, and (in its small print) the unsubscribe link. */
export function renderNewsletterConfirmation(input: NewsletterConfirmationInput, language: Language): RenderedMail {
  const t = mailTexts[language].newsletterConfirmation;
  const values = { brand };
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { button: { label: t.confirmButton, url: input.confirmUrl, fallback: t.linkFallback } },
    { paragraph: interpolate(t.ignore, values) },
  ];
  return composeMail({ language, words: t, values, blocks, footnote: newsletterFootnote(input.unsubscribeUrl, language) });
}
