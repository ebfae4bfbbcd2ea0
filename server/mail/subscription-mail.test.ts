import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { visibleText } from "../../tests/support/html.ts";
import { mailTexts } from "./mail-texts.ts";
import {
  CHARGE_FAILED_MAIL_KIND,
  CHARGE_NOTICE_MAIL_KIND,
  renderChargeFailed,
  renderChargeNotice,
  renderSubscriptionEnded,
  SUBSCRIPTION_ENDED_MAIL_KIND,
} from "./subscription-mail.ts";

const accountUrl = `${site.brand.origin}/fr/account`;
const notice = {
  firstName: "Camille",
  planKey: "advanced" as const,
  viewers: 2,
  amountCents: 2999,
  currency: "eur",
  chargeDate: new Date("2026-06-01T10:00:00.000Z"),
  card: { brand: "visa", last4: "4242" },
  accountUrl,
};
const failed = {
  firstName: "Camille",
  planKey: "advanced" as const,
  amountCents: 2900,
  currency: "EUR",
  accessEndsAt: new Date("2026-06-08T10:00:00.000Z"),
  nextAttemptAt: new Date("2026-06-04T10:00:00.000Z"),
  payUrl: "https://invoice.stripe.com/i/acct_1/test_abc",
  payUrlKind: "invoice" as const,
};
const ended = {
  firstName: "Camille",
  planKey: "advanced" as const,
  accessEndsAt: new Date("2026-06-08T10:00:00.000Z"),
  reason: "payment-failed" as const,
  renewUrl: `${site.brand.origin}/fr/checkout?renew=abc.def`,
  now: new Date("2026-06-05T10:00:00.000Z"),
};

const expected = {
  en: {
    greeting: "Hi Camille,",
    amount: "€29.99",
    whole: "€29",
    june1: "June 1, 2026",
    june4: "June 4, 2026",
    june8: "June 8, 2026",
    card: "Visa ending in 4242",
  },
  es: {
    greeting: "Hola, Camille:",
    amount: "29,99\u00a0€",
    whole: "29\u00a0€",
    june1: "1 de junio de 2026",
    june4: "4 de junio de 2026",
    june8: "8 de junio de 2026",
    card: "Visa terminada en 4242",
  },
  fr: {
    greeting: "Bonjour Camille,",
    amount: "29,99\u00a0€",
    whole: "29\u00a0€",
    june1: "1 juin 2026",
    june4: "4 juin 2026",
    june8: "8 juin 2026",
    card: "Visa se terminant par 4242",
  },
};

/** Both bodies, the text and what the HTML shows. */
const bodies = (mail: { text: string; html: string }) => [mail.text, visibleText(mail.html)];

describe("the notice before an automatic charge", () => {
  for (const language of languages) {
    it(`in ${language}: the amount, the date, the card, the way to stop, and why it came`, () => {
      const mail = renderChargeNotice(notice, language);
      const t = mailTexts[language].subscription.chargeNotice;
      const words = expected[language];
      // The subject is one line of plain spaces (singleLine), the bodies keep the no-break space.
      expect(mail.subject).toContain(words.amount.replace(/\s/g, " "));
      expect(mail.subject).toContain(words.june1);
      expect(mail.subject).toContain(site.brand.name);
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`href="${accountUrl}"`);
      expect(mail.text).toContain(accountUrl);
      for (const body of bodies(mail)) {
        expect(body).toContain(words.greeting);
        expect(body).toContain(words.amount);
        expect(body).toContain(words.june1);
        expect(body).toContain(words.card);
        expect(body).toContain("Gold");
        expect(body).toContain(t.stopButton);
        expect(body).toContain(t.keepWatching);
        expect(body).toContain(t.why.replace("{{brand}}", site.brand.name));
        expect(body).toContain(site.brand.supportEmail);
      }
      // A transactional notice: no unsubscribe link, the reminders' or the newsletter's.
      expect(mail.text).not.toMatch(/unsubscribe/i);
    });
  }

  it("leaves the card out when the processor did not say which, and never shows more than four digits", () => {
    expect(renderChargeNotice({ ...notice, card: null }, "en").text).not.toContain("ending in");
    const mail = renderChargeNotice({ ...notice, card: { brand: "mastercard", last4: "5555555555554444" } }, "en");
    expect(mail.text).toContain("Mastercard ending in 4444");
    expect(mail.text).not.toContain("5555555555554444");
  });
});

describe("the failed renewal charge", () => {
  for (const language of languages) {
    it(`in ${language}: the amount, the access's end, the next attempt and the invoice's button`, () => {
      const mail = renderChargeFailed(failed, language);
      const t = mailTexts[language].subscription.chargeFailed;
      const words = expected[language];
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`href="${failed.payUrl}"`);
      expect(mail.text).toContain(failed.payUrl);
      for (const body of bodies(mail)) {
        expect(body).toContain(words.greeting);
        expect(body).toContain(words.whole);
        expect(body).toContain(words.june8);
        expect(body).toContain(words.june4);
        expect(body).toContain(t.invoiceButton);
        expect(body).not.toContain(t.accountButton);
        expect(body).not.toContain(t.noNextAttempt);
      }
    });
  }

  it("says when no attempt follows, and sends to the account to update the card", () => {
    const mail = renderChargeFailed({ ...failed, nextAttemptAt: null, payUrl: accountUrl, payUrlKind: "account" }, "en");
    for (const body of bodies(mail)) {
      expect(body).toContain("We will not try the payment again by ourselves.");
      expect(body).toContain("Update your card");
      expect(body).not.toContain("Pay the invoice");
      expect(body).not.toContain("June 4, 2026");
      expect(body).toContain("June 8, 2026");
    }
    expect(mail.html).toContain(`href="${accountUrl}"`);
  });
});

describe("the end of automatic renewal", () => {
  for (const language of languages) {
    it(`in ${language}: why it ended, until when the access runs, and the renew button`, () => {
      const mail = renderSubscriptionEnded(ended, language);
      const t = mailTexts[language].subscription.ended;
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`href="${ended.renewUrl}"`);
      expect(mail.text).toContain(ended.renewUrl);
      for (const body of bodies(mail)) {
        expect(body).toContain(expected[language].greeting);
        expect(body).toContain(expected[language].june8);
        expect(body).toContain(t.paymentFailedIntro.replace("{{plan}}", "Gold"));
        expect(body).toContain(t.accessRuns.replace("{{endDate}}", expected[language].june8));
        expect(body).toContain(t.renewButton);
      }
    });
  }

  it("says the customer's stop, and that the access has ended when it has", () => {
    const mail = renderSubscriptionEnded({ ...ended, reason: "stopped", now: new Date("2026-06-09T00:00:00.000Z") }, "en");
    for (const body of bodies(mail)) {
      expect(body).toContain("automatic renewal of your Gold plan has stopped");
      expect(body).not.toContain("even after several attempts");
      expect(body).toContain("Your access ended on June 8, 2026.");
      expect(body).not.toContain("keeps working");
    }
  });
});

describe("the subscription mails", () => {
  it("escape the name in the HTML and keep the subject on one line", () => {
    const firstName = "<b>Camille</b>\r\nBcc: x@example.com";
    const mails = [
      renderChargeNotice({ ...notice, firstName, card: { brand: "<i>visa</i>", last4: "4242" } }, "en"),
      renderChargeFailed({ ...failed, firstName }, "en"),
      renderSubscriptionEnded({ ...ended, firstName }, "en"),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain("<b>Camille</b>");
      expect(mail.html).toContain("&lt;b&gt;Camille&lt;/b&gt;");
      expect(mail.html).not.toContain("<i>");
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("refuse links that are not absolute http(s)", () => {
    expect(() => renderChargeNotice({ ...notice, accountUrl: "javascript:alert(1)" }, "en")).toThrow(/http/);
    expect(() => renderChargeNotice({ ...notice, accountUrl: "/account" }, "en")).toThrow(/absolute/);
    expect(() => renderChargeFailed({ ...failed, payUrl: "data:text/html,hi" }, "en")).toThrow(/http/);
    expect(() => renderSubscriptionEnded({ ...ended, renewUrl: "/checkout" }, "en")).toThrow(/absolute/);
  });

  it("refuse an unknown plan", () => {
    // @ts-expect-error not a plan of content/site.ts
    expect(() => renderChargeNotice({ ...notice, planKey: "platinum" }, "en")).toThrow(/unknown plan/);
  });

  it("each have a kind of their own", () => {
    expect(new Set([CHARGE_NOTICE_MAIL_KIND, CHARGE_FAILED_MAIL_KIND, SUBSCRIPTION_ENDED_MAIL_KIND]).size).toBe(3);
    expect(CHARGE_NOTICE_MAIL_KIND).toBe("subscription-charge-notice");
    expect(CHARGE_FAILED_MAIL_KIND).toBe("subscription-charge-failed");
    expect(SUBSCRIPTION_ENDED_MAIL_KIND).toBe("subscription-ended");
  });
});
