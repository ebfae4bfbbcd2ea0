/**
 * The free trial's mails (docs/decisions/0026-free-trials.md): the code that confirms the address, why no
 * trial started for an address that had one or paid (the page answers every address alike), "your trial is
 * ready" with the line's details (sealed at rest like an order's "Your access"), and the offer of the plans in
 * the trial's last hours. Blocks in layout.ts's frame like every mail; the access details, guides and warning
 * are the order's access mail's blocks, so both say the same.
 */
import type { Language } from "../../common/languages.ts";
import { localeTags, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { type AccessDetails, accessDetailsBlocks, setupGuideBlocks } from "./access-mail.ts";
import type { Block, Rows } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts, singleLine } from "./mail-texts.ts";

export const TRIAL_MAIL_KINDS = { code: "trial-code", refused: "trial-refused", access: "trial-access", ending: "trial-ending" } as const;

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

/** A day and time in words, in UTC and saying so: a trial is counted in hours, not days. */
export function trialTime(language: Language, date: Date): string {
  const format = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  return `${format.format(date)} UTC`;
}

export function renderTrialCodeMail(input: { code: string; hours: number }, language: Language): RenderedMail {
  const t = mailTexts[language].trial.code;
  const values = { brand, hours: input.hours };
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { code: { label: t.codeLabel, value: input.code } },
    { paragraph: t.validity },
    { paragraph: t.ignore },
  ];
  return composeMail({ language, words: t, values, blocks });
}

/**
 * To an address that had a trial or paid, instead of a code: the page answered it as any address, so the
 * mailbox's owner, and only they, learn why. Nothing typed in the form is in it (no name): anyone can ask.
 */
export function renderTrialRefusedMail(language: Language): RenderedMail {
  const t = mailTexts[language].trial.refused;
  const values = { brand, supportEmail };
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { paragraph: t.plansText },
    { button: { label: t.plansButton, url: plansUrl(language), fallback: t.linkFallback } },
    { paragraph: t.ignore },
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
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
  const values = {
    brand,
    supportEmail,
    hours: input.hours,
    reference: singleLine(input.reference),
    name: singleLine(input.name),
    end: trialTime(language, input.endsAt),
  };
  const period: Rows = [
    [t.startsLabel, trialTime(language, input.startsAt)],
    [t.endsLabel, values.end],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    ...accessDetailsBlocks(language, input.details),
    { heading: t.periodHeading },
    { rows: period },
    { paragraph: t.noCharge },
    ...setupGuideBlocks(language),
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
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
  const values = {
    plan,
    brand,
    supportEmail,
    reference: singleLine(input.reference),
    name: singleLine(input.name),
    end: trialTime(language, input.endsAt),
  };
  const blocks: Block[] = [
    { paragraph: interpolate(t.intro, values) },
    { button: { label: t.plansButton, url: plansUrl(language), fallback: t.linkFallback } },
    { link: { intro: interpolate(t.checkoutText, values), url: trialCheckoutUrl(language, input.viewers) } },
    { paragraph: t.oneTime },
    { paragraph: interpolate(t.help, values) },
  ];
  return composeMail({ language, words: t, values, blocks });
}
