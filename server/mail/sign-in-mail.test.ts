import { describe, expect, it } from "vitest";
import { localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { renderAccessMail, renderRefundMail } from "./access-mail.ts";
import { accountUrl } from "./layout.ts";
import { mailTexts } from "./mail-texts.ts";
import { renderNewsletterAlreadySubscribed } from "./newsletter-mail.ts";
import { renderDeliveryAlertMail } from "./operator-alert-mail.ts";
import { renderRenewalReminder } from "./reminder-mail.ts";
import { renderSignInMail, renderStepUpMail } from "./sign-in-mail.ts";
import { renderContactNotification, renderNewsletterConfirmation, renderOrderConfirmation } from "./templates.ts";

const languages = ["en", "es", "fr"] as const;
const link = (language: string) => `${site.brand.origin}${language === "en" ? "" : `/${language}`}/account/link?token=abc_DEF-123`;
const origin = site.brand.origin;
const dates = { startsAt: new Date("2026-03-01T10:00:00Z"), endsAt: new Date("2026-06-01T10:00:00Z") };
const details = { username: "u", password: "p", serverUrl: "https://tv.example.net", playlistUrl: "https://tv.example.net/m3u" };
const unsubscribe = { confirmUrl: `${origin}/newsletter/confirm?token=t`, unsubscribeUrl: `${origin}/newsletter/unsubscribe?token=t` };

/** Every mail a customer gets, in a language. */
const customerMails = (language: (typeof languages)[number]) => ({
  signIn: renderSignInMail({ linkUrl: link(language), code: "012345" }, language),
  stepUp: renderStepUpMail({ code: "012345" }, language),
  orderConfirmation: renderOrderConfirmation(
    { reference: "NS-1", firstName: "Jo", planKey: "advanced", viewers: 1, amountPaid: "9 €" },
    language,
  ),
  access: renderAccessMail({ reference: "NS-1", firstName: "Jo", details, ...dates }, language),
  refund: renderRefundMail({ reference: "NS-1", firstName: "Jo", amount: "9 €", refundedAt: dates.startsAt }, language),
  reminder: renderRenewalReminder(
    {
      firstName: "Jo",
      planKey: "advanced",
      viewers: 1,
      endsAt: dates.endsAt,
      renewUrl: `${origin}/checkout?renew=x`,
      linkDays: 30,
      ...unsubscribe,
    },
    language,
  ),
  newsletterConfirmation: renderNewsletterConfirmation(unsubscribe, language),
  newsletterAlreadySubscribed: renderNewsletterAlreadySubscribed(unsubscribe, language),
});

describe("the account's mails", () => {
  for (const language of languages) {
    it(`in ${language}: the sign-in mail has the link, the code, its 15 minutes and what to do if it was not asked for`, () => {
      const t = mailTexts[language].accountSignIn;
      const mail = renderSignInMail({ linkUrl: link(language), code: "012345" }, language);
      expect(mail.subject).toContain(site.brand.name);
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`href="${link(language)}"`);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(link(language));
        expect(body).toContain("012345");
        expect(body).toContain("15");
      }
      expect(mail.text).toContain(t.ignore);
      expect(mail.text).toContain(t.validity);
    });

    it(`in ${language}: the step-up mail has the code and no link that signs in`, () => {
      const mail = renderStepUpMail({ code: "987654" }, language);
      expect(mail.text).toContain("987654");
      expect(mail.html).toContain("987654");
      expect(mail.text).not.toContain("token=");
    });

    it(`in ${language}: every mail to a customer links to the account, in its language, a link that signs no one in`, () => {
      const url = accountUrl(language);
      expect(url).toBe(`${origin}${localizePath("/account", language)}`);
      for (const [name, mail] of Object.entries(customerMails(language))) {
        expect(mail.text, name).toContain(`${mailTexts[language].common.accountText} ${url}`);
        expect(mail.html, name).toContain(`href="${url}"`);
        expect(mail.html, name).toContain(mailTexts[language].common.accountLink);
      }
    });
  }

  it("leaves the account out of the operator's mails", () => {
    const contact = renderContactNotification({ name: "Jo", email: "jo@example.com", subject: "Hi", message: "Hello", language: "fr" });
    const alert = renderDeliveryAlertMail({ reference: "NS-1", plan: "Gold", paidAt: dates.startsAt });
    for (const mail of [contact, alert]) {
      expect(mail.text).not.toContain("/account");
      expect(mail.html).not.toContain("/account");
    }
  });
});
