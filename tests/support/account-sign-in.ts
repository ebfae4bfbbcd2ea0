/**
 * Signing in to the account as a customer does, for tests/e2e/account-sign-in.spec.ts: the account's texts
 * read from their files, the mail read from the server's outbox, the states the pages show.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type signInEn from "../../content/locales/account/en/sign-in.json";
import { customer, payByPost } from "./checkout.ts";
import { expect } from "./fixtures.ts";
import { wakeApp } from "./pages.ts";
import { type Language, localized } from "./site.ts";
import { mails, openHydrated } from "./store.ts";

type SignInKey = keyof typeof signInEn;
const signInTexts = Object.fromEntries(
  (["en", "es", "fr"] as const).map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../../content/locales/account/${language}/sign-in.json`, import.meta.url), "utf8")),
  ]),
) as Record<Language, typeof signInEn>;

/** A sign-in text, with its placeholders filled (and a plural picked by `count`, as the site does). */
export function say(
  language: Language,
  key: SignInKey | "codeWrong" | `errors.${keyof typeof signInEn.errors}`,
  values: Record<string, string | number> = {},
) {
  const texts = signInTexts[language] as unknown as Record<string, string | Record<string, string>>;
  const errors = texts.errors as Record<string, string>;
  let text = key.startsWith("errors.") ? errors[key.slice(7)] : (texts[key] as string | undefined);
  if (typeof values.count === "number") {
    const plural = new Intl.PluralRules(language).select(values.count);
    text = (texts[`${key}_${plural}`] ?? texts[`${key}_other`]) as string | undefined;
  }
  return (text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A customer with an order, placed through the checkout. */
export async function customerWithOrder(request: APIRequestContext): Promise<string> {
  const details = customer();
  expect(await payByPost(request, details)).not.toBe("");
  return details.email;
}

/** The newest mail of a kind to an address, waited for (the mail is a job, sent a moment after the answer). */
export async function mailTo(email: string, kind: "account-sign-in" | "account-step-up", after = 0): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        const matching = mails().filter((mail) => mail.file.includes(kind) && mail.source.includes(email));
        found = matching.length > after ? (matching.at(-1)?.source ?? "") : "";
        return found !== "";
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

export const linkPath = (mail: string) => {
  const url = /https?:\/\/[^\s"<>]+\/account\/link\?token=[\w-]+/.exec(mail)?.[0] ?? "";
  return new URL(url).pathname + new URL(url).search;
};
/** The code, from the plain-text part's "Your code: 123456" line (in any language). */
export const codeOf = (mail: string) => /: (\d{6})\r?$/m.exec(mail)?.[1] ?? "";

/** Asks for a sign-in mail on the account page: opened first, unless the test has it open (`opened`). */
export async function askForSignIn(page: Page, language: Language, email: string, { scripts = true, opened = false } = {}) {
  if (opened) await wakeApp(page);
  else if (scripts) await openHydrated(page, localized(language, "/account"));
  else await page.goto(localized(language, "/account"));
  await page.getByRole("main").getByLabel(say(language, "emailLabel")).fill(email);
  await page.getByRole("button", { name: say(language, "submit") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(say(language, "mailedHeading"));
}

/** Signed in: the sign-out page offers its two buttons (it shows them to a session only). */
export async function expectSignedIn(page: Page, language: Language) {
  await page.goto(localized(language, "/account/sign-out"));
  await expect(page.getByRole("button", { name: say(language, "signOutEverywhereButton") })).toBeVisible();
}

export async function expectSignedOut(page: Page, language: Language) {
  await page.goto(localized(language, "/account"));
  await expect(page.getByRole("main").getByLabel(say(language, "emailLabel"))).toBeVisible();
}

export async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === "account_session");
}
