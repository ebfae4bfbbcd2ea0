/**
 * The renewal reminder: plans are one-time payments that never renew, so this mail is how a customer hears
 * their access is about to end. A pure function returning `{ subject, text, html }` like templates.ts, built
 * from the same layout.ts pieces; its words live beside the others in `content/mail/<language>.json`. The links are made by the caller (they are
 * signed) and checked here to be absolute http(s); every value in the HTML is escaped.
 */
import type { Language } from "../../common/languages.ts";
import { type PlanKey, site } from "../../content/site.ts";
import {
  escapeHtml,
  htmlButton,
  htmlCardFooter,
  htmlDocument,
  htmlLinkFallback,
  htmlRows,
  interpolate,
  interpolateHtml,
  longDate,
  mailTexts,
  type RenderedMail,
  type Rows,
  STYLE,
  safeUrl,
  singleLine,
  textDocument,
  textRows,
  unsubscribeFooter,
} from "./layout.ts";

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
  const renewUrl = safeUrl(input.renewUrl);
  // The customer did not ask for this mail, so it says why it came and how to stop the next ones.
  const footer = unsubscribeFooter(
    { reason: t.footerReason, unsubscribeText: t.unsubscribeText, unsubscribeLink: t.unsubscribeLink },
    values,
    input.unsubscribeUrl,
  );
  const rows: Rows = [
    [t.planLabel, plan.name],
    [t.viewersLabel, String(input.viewers)],
    [t.endsLabel, endDate],
  ];
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      textRows(language, rows),
      `${interpolate(t.renewText, values)}\n${t.renewButton}: ${renewUrl}`,
      interpolate(t.help, values),
      `${t.signOff}\n${signature}`,
      `--\n${footer.text}`,
    ],
    language,
  );

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    htmlRows(rows, { spaceAfter: true }),
    `<p style="${STYLE.p}">${interpolateHtml(t.renewText, values)}</p>`,
    htmlButton(renewUrl, t.renewButton),
    htmlLinkFallback(t.linkFallback, renewUrl),
    `<p style="${STYLE.p}">${interpolateHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
    htmlCardFooter(footer.html),
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }) };
}
