/**
 * The renewal reminder: plans are one-time payments that never renew, so this mail is how a customer hears
 * their access is about to end. A pure function returning `{ subject, text, html }` like templates.ts; its
 * words live beside the others in `content/mail/{en,es,fr}.json`. The links are made by the caller (they are
 * signed) and checked here to be absolute http(s); every value in the HTML is escaped.
 */
import type { Language } from "../../app/i18n/languages.ts";
import { type PlanKey, site } from "../../content/site.ts";
import { escapeHtml, interpolate, mailTexts, type RenderedMail } from "./templates.ts";

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
type Rows = ReadonlyArray<readonly [string, string]>;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const STYLE = {
  h1: `margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  p: "margin:0 0 16px;",
  th: `padding:8px 12px 8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  td: `padding:8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:700;color:#1b1b22;${FONT}font-size:15px;`,
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
  link: "color:#4a1fb8;text-decoration:underline;word-break:break-all;",
  footer: `margin:24px 0 0;padding-top:16px;border-top:1px solid #e6e6ec;${FONT}font-size:13px;line-height:1.5;color:#4b4b57;`,
  footerLink: "color:#4b4b57;text-decoration:underline;",
};

const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();
const fillHtml = (template: string, values: Readonly<Record<string, string>>) =>
  interpolate(escapeHtml(template), Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)])));
const longDate = (language: Language, date: Date) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);

/** Only absolute http(s) links reach a mail: never `javascript:` or a relative path. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`Mail link must be http(s), got ${parsed.protocol}`);
  return parsed.href;
}

/** The same light card as the other mails: dark text on white, inline styles, a table for layout. */
function htmlDocument(language: Language, title: string, preheader: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f3f6;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f3f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;">
<tr><td style="padding:32px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;">
<p style="margin:0 0 24px;${FONT}font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:#4a1fb8;">${escapeHtml(brand)}</p>
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

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
  const unsubscribeUrl = safeUrl(input.unsubscribeUrl);
  const rows: Rows = [
    [t.planLabel, plan.name],
    [t.viewersLabel, String(input.viewers)],
    [t.endsLabel, endDate],
  ];
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = `${[
    interpolate(t.greeting, values),
    interpolate(t.intro, values),
    rows.map(([label, value]) => interpolate(mailTexts[language].common.row, { label, value })).join("\n"),
    `${interpolate(t.renewText, values)}\n${t.renewButton}: ${renewUrl}`,
    interpolate(t.help, values),
    `${t.signOff}\n${signature}`,
    `--\n${interpolate(t.footerReason, values)}\n${interpolate(t.unsubscribeText, { unsubscribeUrl })}`,
  ].join("\n\n")}\n`;

  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${fillHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${fillHtml(t.intro, values)}</p>`,
    `<table cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 24px;">\n${table}\n</table>`,
    `<p style="${STYLE.p}">${fillHtml(t.renewText, values)}</p>`,
    `<p style="margin:0 0 24px;"><a href="${escapeHtml(renewUrl)}" style="${STYLE.button}">${escapeHtml(t.renewButton)}</a></p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.linkFallback)}<br>\n<a href="${escapeHtml(renewUrl)}" style="${STYLE.link}">${escapeHtml(renewUrl)}</a></p>`,
    `<p style="${STYLE.p}">${fillHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
    `<p style="${STYLE.footer}">${fillHtml(t.footerReason, values)}<br>\n<a href="${escapeHtml(unsubscribeUrl)}" style="${STYLE.footerLink}">${escapeHtml(t.unsubscribeLink)}</a></p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument(language, subject, interpolate(t.preheader, values), body) };
}
