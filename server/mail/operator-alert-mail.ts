/**
 * The mail that tells the operator a paid order is still waiting for its access (once per order, after
 * FULFILMENT_ALERT_MINUTES). Its words live under `deliveryAlert` in `content/mail/{en,es,fr}.json`; the
 * shop does not know an operator's language, so the caller sends it in English unless it knows better.
 * It names the order and links to the console: nothing about the customer beyond what the console shows.
 */
import { site } from "../../content/site.ts";
import type { Language } from "../db/schema.ts";
import { escapeHtml, interpolate, mailTexts, type RenderedMail } from "./templates.ts";

export const OPERATOR_ALERT_MAIL_KIND = "operator-delivery-alert";

export interface DeliveryAlertInput {
  reference: string;
  /** The plan's name, e.g. "Gold". */
  plan: string;
  paidAt: Date;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const STYLE = {
  h1: `margin:0 0 16px;${FONT}font-size:22px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  p: `margin:0 0 16px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;`,
  th: `padding:6px 12px 6px 0;text-align:left;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  td: `padding:6px 0;text-align:left;font-weight:700;color:#1b1b22;${FONT}font-size:15px;`,
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
  small: `margin:24px 0 0;${FONT}font-size:13px;color:#4b4b57;`,
};

/** The order's page in the console, on the site's public origin. */
export function consoleOrderUrl(reference: string): string {
  return new URL(`/admin/orders/${encodeURIComponent(reference)}`, site.brand.origin).href;
}

const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function renderDeliveryAlertMail(input: DeliveryAlertInput, language: Language = "en"): RenderedMail {
  const t = mailTexts[language].deliveryAlert;
  const paidAt = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(input.paidAt);
  const values = { brand: site.brand.name, reference: singleLine(input.reference), paidAt: `${paidAt} UTC` };
  const url = consoleOrderUrl(input.reference);
  const rows = [
    [t.referenceLabel, values.reference],
    [t.planLabel, singleLine(input.plan)],
    [t.paidLabel, values.paidAt],
  ] as const;
  const row = mailTexts[language].common.row;
  const subject = singleLine(interpolate(t.subject, values));
  const html = (template: string) =>
    interpolate(escapeHtml(template), Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)])));

  const text = `${[
    interpolate(t.intro, values),
    rows.map(([label, value]) => interpolate(row, { label, value })).join("\n"),
    `${t.linkText}\n${url}`,
    t.hint,
    t.once,
  ].join("\n\n")}\n`;
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${html(t.intro)}</p>`,
    `<table cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">${rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
      )
      .join("")}</table>`,
    `<p style="margin:0 0 24px;"><a href="${escapeHtml(url)}" style="${STYLE.button}">${escapeHtml(t.button)}</a></p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.hint)}</p>`,
    `<p style="${STYLE.small}">${escapeHtml(t.once)}</p>`,
  ].join("\n");
  const document = `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background-color:#f3f3f6;">
<div style="display:none;max-height:0;overflow:hidden;">${html(t.preheader)}</div>
<div style="max-width:600px;margin:0 auto;padding:32px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;">
${body}
</div>
</body>
</html>
`;
  return { subject, text, html: document };
}
