/**
 * The account's mails: the sign-in (a link valid an hour and a 6-digit code valid 15 minutes, for the same
 * sign-in) and the step-up code a signed-in session asks for before it shows access details. Both in the
 * language of the page they were asked from.
 */
import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlLinkFallback,
  interpolate,
  interpolateHtml,
  mailTexts,
  type RenderedMail,
  STYLE,
  safeUrl,
  singleLine,
  textDocument,
} from "./layout.ts";

export const ACCOUNT_MAIL_KINDS = { signIn: "account-sign-in", stepUp: "account-step-up" } as const;

const values = { brand: site.brand.name, supportEmail: site.brand.supportEmail };

/** The code, large and spaced out so it is easy to read off a phone next to a TV. */
const htmlCode = (label: string, code: string) =>
  `<p style="${STYLE.note}">${escapeHtml(label)}<br>\n<strong style="font-size:28px;letter-spacing:0.3em;">${escapeHtml(code)}</strong></p>`;

export function renderSignInMail(input: { linkUrl: string; code: string }, language: Language): RenderedMail {
  const t = mailTexts[language].accountSignIn;
  const url = safeUrl(input.linkUrl);
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);
  const text = textDocument(
    [
      t.greeting,
      interpolate(t.intro, values),
      `${t.button}:\n${url}`,
      `${t.codeIntro}\n${t.codeLabel}: ${input.code}`,
      t.validity,
      t.ignore,
      `${t.signOff}\n${signature}`,
    ],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${escapeHtml(t.greeting)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    htmlButton(url, t.button, { spaceAbove: true }),
    htmlLinkFallback(t.linkFallback, url),
    `<p style="${STYLE.p}">${escapeHtml(t.codeIntro)}</p>`,
    htmlCode(t.codeLabel, input.code),
    `<p style="${STYLE.p}">${escapeHtml(t.validity)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.ignore)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: t.preheader, body }) };
}

export function renderStepUpMail(input: { code: string }, language: Language): RenderedMail {
  const t = mailTexts[language].accountStepUp;
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);
  const text = textDocument(
    [t.greeting, `${t.intro}\n${t.codeLabel}: ${input.code}`, t.validity, interpolate(t.ignore, values), `${t.signOff}\n${signature}`],
    language,
  );
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${escapeHtml(t.greeting)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.intro)}</p>`,
    htmlCode(t.codeLabel, input.code),
    `<p style="${STYLE.p}">${escapeHtml(t.validity)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.ignore, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument({ language, title: subject, preheader: t.preheader, body }) };
}
