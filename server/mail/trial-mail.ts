/**
 * The free trial's mails (docs/decisions/0026-free-trials.md): the code that confirms the address, why no
 * trial started for an address that had one or paid (the page answers every address alike), "your trial is ready" with the line's details (sealed at rest like an order's "Your access"), and the offer of the
 * plans in the trial's last hours. Built from layout.ts like every mail; the access details read their field
 * names, guides and warnings from the order's access mail, so both say the same.
 */
import type { Language } from "../../common/languages.ts";
import { localeTags, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { type AccessDetails, setupGuidesUrl } from "./access-mail.ts";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlLinkFallback,
  htmlMultiline,
  htmlRows,
  interpolate,
  interpolateHtml,
  mailTexts,
  type RenderedMail,
  type Rows,
  STYLE,
  safeUrl,
  singleLine,
  textDocument,
  textRows,
} from "./layout.ts";

export const TRIAL_MAIL_KINDS = { code: "trial-code", refused: "trial-refused", access: "trial-access", ending: "trial-ending" } as const;

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;
const paragraph = (html: string) => `<p style="${STYLE.p}">${html}</p>`;

/** A day and time in words, in UTC and saying so: a trial is counted in hours, not days. */
export function trialTime(language: Language, date: Date): string {
  const format = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return `${format.format(date)} UTC`;
}

function signature(language: Language) {
  return interpolate(mailTexts[language].common.signature, { brand });
}

export function renderTrialCodeMail(input: { code: string; hours: number }, language: Language): RenderedMail {
  const t = mailTexts[language].trial.code;
  const values = { brand, hours: input.hours };
  const subject = singleLine(interpolate(t.subject, values));
  const text = textDocument(
    [
      t.greeting,
      `${interpolate(t.intro, values)}\n${t.codeLabel}: ${input.code}`,
      t.validity,
      t.ignore,
      `${t.signOff}\n${signature(language)}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    paragraph(escapeHtml(t.greeting)),
    paragraph(interpolateHtml(t.intro, values)),
    `<p style="${STYLE.note}">${escapeHtml(t.codeLabel)}<br>\n<strong style="font-size:28px;letter-spacing:0.3em;">${escapeHtml(input.code)}</strong></p>`,
    paragraph(escapeHtml(t.validity)),
    paragraph(escapeHtml(t.ignore)),
    paragraph(`${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature(language))}`),
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: t.preheader, body }) };
}

/**
 * To an address that had a trial or paid, instead of a code: the page answered it as any address, so the
 * mailbox's owner, and only they, learn why. Nothing typed in the form is in it (no name): anyone can ask.
 */
export function renderTrialRefusedMail(language: Language): RenderedMail {
  const t = mailTexts[language].trial.refused;
  const values = { brand, supportEmail };
  const url = safeUrl(plansUrl(language));
  const subject = singleLine(interpolate(t.subject, values));
  const text = textDocument(
    [
      t.greeting,
      interpolate(t.intro, values),
      `${t.plansText}\n${url}`,
      t.ignore,
      interpolate(t.help, values),
      `${t.signOff}\n${signature(language)}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    paragraph(escapeHtml(t.greeting)),
    paragraph(interpolateHtml(t.intro, values)),
    paragraph(escapeHtml(t.plansText)),
    htmlButton(url, t.plansButton),
    htmlLinkFallback(t.linkFallback, url),
    paragraph(escapeHtml(t.ignore)),
    paragraph(interpolateHtml(t.help, values)),
    paragraph(`${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature(language))}`),
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: t.preheader, body }) };
}

export interface TrialAccessMailInput {
  reference: string;
  name: string;
  hours: number;
  details: AccessDetails;
  startsAt: Date;
  endsAt: Date;
}

export function renderTrialAccessMail(input: TrialAccessMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].trial.access;
  const order = mailTexts[language].accessMail;
  const values = {
    brand,
    supportEmail,
    hours: input.hours,
    reference: singleLine(input.reference),
    name: singleLine(input.name),
    end: trialTime(language, input.endsAt),
  };
  const details: Rows = site.access.fields.map((field) => [order.fields[field], singleLine(input.details[field] ?? "")] as const);
  const period: Rows = [
    [t.startsLabel, trialTime(language, input.startsAt)],
    [t.endsLabel, values.end],
  ];
  const note = input.details.note?.replace(/\r\n?/g, "\n").trim() ?? "";
  const guides = setupGuidesUrl(language);
  const subject = singleLine(interpolate(t.subject, values));
  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      `${order.detailsHeading}\n${textRows(language, details)}`,
      note && `${order.noteHeading}\n${note}`,
      `${t.periodHeading}\n${textRows(language, period)}`,
      t.noCharge,
      `${order.guidesHeading}\n${order.guidesText}\n${guides}`,
      order.keepSafe,
      interpolate(t.help, values),
      `${t.signOff}\n${signature(language)}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    paragraph(interpolateHtml(t.greeting, values)),
    paragraph(interpolateHtml(t.intro, values)),
    `<h2 style="${STYLE.h2}">${escapeHtml(order.detailsHeading)}</h2>`,
    htmlRows(details, { breakValues: true }),
    note && `<h2 style="${STYLE.h2}">${escapeHtml(order.noteHeading)}</h2>\n${paragraph(htmlMultiline(note))}`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.periodHeading)}</h2>`,
    htmlRows(period, { breakValues: true }),
    paragraph(escapeHtml(t.noCharge)),
    `<h2 style="${STYLE.h2}">${escapeHtml(order.guidesHeading)}</h2>`,
    paragraph(escapeHtml(order.guidesText)),
    htmlButton(guides, order.guidesButton),
    `<p style="${STYLE.note}">${escapeHtml(order.keepSafe)}</p>`,
    paragraph(interpolateHtml(t.help, values)),
    paragraph(`${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature(language))}`),
  ]
    .filter((part) => part !== "")
    .join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }) };
}

/** The plans on the home page, in the customer's language: the way to a plain checkout, nothing preselected. */
export function plansUrl(language: Language): string {
  return `${new URL(localizePath("/", language), site.brand.origin).href}#plans`;
}

/** A plain checkout of the default plan for the trial's viewers: a one-time payment unless the customer ticks otherwise. */
export function trialCheckoutUrl(language: Language, viewers: number): string {
  const url = new URL(localizePath("/checkout", language), site.brand.origin);
  url.searchParams.set("plan", site.defaultPlan);
  url.searchParams.set("viewers", String(viewers));
  // The checkout starts its "renew automatically" box unticked for this link, whatever the operator's default
  // (AUTOMATIC_OFF_PARAMETER in app/checkout/renewal-offer.server.ts): a trial's mail renews nothing by surprise.
  url.searchParams.set("automatic", "off");
  return url.href;
}

export function renderTrialEndingMail(
  input: { reference: string; name: string; endsAt: Date; viewers: number },
  language: Language,
): RenderedMail {
  const t = mailTexts[language].trial.ending;
  const plan = site.plans.find((candidate) => candidate.key === site.defaultPlan)?.name ?? site.defaultPlan;
  const checkout = safeUrl(trialCheckoutUrl(language, input.viewers));
  const values = {
    plan,
    brand,
    supportEmail,
    reference: singleLine(input.reference),
    name: singleLine(input.name),
    end: trialTime(language, input.endsAt),
  };
  const url = safeUrl(plansUrl(language));
  const subject = singleLine(interpolate(t.subject, values));
  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      `${t.plansButton}:\n${url}`,
      `${interpolate(t.checkoutText, values)}\n${checkout}`,
      t.oneTime,
      interpolate(t.help, values),
      `${t.signOff}\n${signature(language)}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    paragraph(interpolateHtml(t.greeting, values)),
    paragraph(interpolateHtml(t.intro, values)),
    htmlButton(url, t.plansButton, { spaceAbove: true }),
    htmlLinkFallback(t.linkFallback, url),
    htmlLinkFallback(interpolate(t.checkoutText, values), checkout),
    paragraph(escapeHtml(t.oneTime)),
    paragraph(interpolateHtml(t.help, values)),
    paragraph(`${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature(language))}`),
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: t.preheader, body }) };
}
