/**
 * The account's mails: the sign-in (a link valid an hour and a 6-digit code valid 15 minutes, for the same
 * sign-in) and the step-up code a signed-in session asks for before it shows access details. Both in the
 * language of the page they were asked from.
 */
import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import type { Block } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts } from "./mail-texts.ts";

export const ACCOUNT_MAIL_KINDS = { signIn: "account-sign-in", stepUp: "account-step-up" } as const;

const values = { brand: site.brand.name, supportEmail: site.brand.supportEmail };

export function renderSignInMail(input: { linkUrl: string; code: string }, language: Language): RenderedMail {
  const t = mailTexts[language].accountSignIn;
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { button: { label: t.button, url: input.linkUrl, fallback: t.linkFallback } },
    { paragraph: t.codeIntro },
    { code: { label: t.codeLabel, value: input.code } },
    { paragraph: t.validity },
    { paragraph: t.ignore },
  ];
  return composeMail({ language, words: t, values, blocks });
}

export function renderStepUpMail(input: { code: string }, language: Language): RenderedMail {
  const t = mailTexts[language].accountStepUp;
  const blocks: Block[] = [
    { paragraph: t.intro },
    { code: { label: t.codeLabel, value: input.code } },
    { paragraph: t.validity },
    { paragraph: interpolate(t.ignore, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
}
