/**
 * The renewal reminder: plans are one-time payments that never renew, so this mail is how a customer hears
 * their access is about to end. A pure function returning `{ subject, text, html }` like templates.ts: its
 * blocks in layout.ts's frame, its words beside the others in `content/mail/<language>.json`. The links are
 * made by the caller (they are signed); the layout refuses any that is not absolute http(s).
 */
import type { Language } from "../../common/languages.ts";
import { type PlanKey, site } from "../../content/site.ts";
import type { Block, Rows } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, longDate, mailTexts, singleLine } from "./mail-texts.ts";

export const REMINDER_MAIL_KIND = "renewal-reminder";

export interface ReminderMailInput {
  firstName: string;
  planKey: PlanKey;
  viewers: number;
  endsAt: Date;
  /** Absolute http(s) URL of the checkout, pre-filled for this customer. */
  renewUrl: string;
  /** Absolute http(s) URL that stops the reminders for this address. */
  unsubscribeUrl: string;
  /** How long the renew link works, said in the mail. */
  linkDays: number;
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

export function renderRenewalReminder(input: ReminderMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].renewalReminder;
  const plan = site.plans.find((candidate) => candidate.key === input.planKey);
  if (!plan) throw new Error(`renderRenewalReminder: unknown plan ${JSON.stringify(input.planKey)}`);
  const endDate = longDate(language, input.endsAt);
  const values = {
    brand,
    supportEmail,
    plan: plan.name,
    endDate,
    firstName: singleLine(input.firstName),
    linkDays: String(input.linkDays),
  };
  const rows: Rows = [
    [t.planLabel, plan.name],
    [t.viewersLabel, String(input.viewers)],
    [t.endsLabel, endDate],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { rows },
    { paragraph: interpolate(t.renewText, values) },
    { button: { label: t.renewButton, url: input.renewUrl, fallback: t.linkFallback } },
    { paragraph: interpolate(t.help, values) },
  ];
  // The customer did not ask for this mail, so it says why it came and how to stop the next ones.
  const footnote = {
    text: interpolate(t.footerReason, values),
    unsubscribe: { url: input.unsubscribeUrl, label: t.unsubscribeLink, text: t.unsubscribeText },
  };
  return composeMail({ language, words: t, values, blocks, footnote });
}
