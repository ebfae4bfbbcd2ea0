import { describe, expect, it } from "vitest";
import { site } from "../../content/site.ts";
import { visibleText } from "../../tests/support/html.ts";
import { REMINDER_MAIL_KIND, renderRenewalReminder } from "./reminder-mail.ts";

const input = {
  firstName: "Camille",
  planKey: "advanced" as const,
  viewers: 2,
  endsAt: new Date("2026-06-01T10:00:00.000Z"),
  renewUrl: `${site.brand.origin}/fr/checkout?renew=abc.def`,
  unsubscribeUrl: `${site.brand.origin}/fr/reminders/unsubscribe?token=ghi.jkl`,
  linkDays: 30,
};

const expected = {
  en: { subject: "Your NovaStream access ends on June 1, 2026", greeting: "Hi Camille,", button: "Renew my plan" },
  es: { subject: "Tu acceso a NovaStream termina el 1 de junio de 2026", greeting: "Hola, Camille:", button: "Renovar mi plan" },
  fr: { subject: "Votre accès NovaStream se termine le 1 juin 2026", greeting: "Bonjour Camille,", button: "Renouveler ma formule" },
};

describe("the renewal reminder", () => {
  for (const language of ["en", "es", "fr"] as const) {
    it(`in ${language}: says the plan and the end date, with the renew and unsubscribe links`, () => {
      const mail = renderRenewalReminder(input, language);
      expect(mail.subject).toBe(expected[language].subject);
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`href="${input.renewUrl}"`);
      expect(mail.html).toContain(`href="${input.unsubscribeUrl}"`);
      for (const body of [mail.text, visibleText(mail.html)]) {
        expect(body).toContain(expected[language].greeting);
        expect(body).toContain(expected[language].button);
        expect(body).toContain("Gold");
        expect(body).toContain(expected[language].subject.split(" ").slice(-3).join(" "));
        expect(body).toContain(site.brand.supportEmail);
        expect(body).toContain("30");
      }
      expect(mail.text).toContain(input.renewUrl);
      expect(mail.text).toContain(input.unsubscribeUrl);
    });
  }

  it("escapes the name and keeps the subject on one line", () => {
    const mail = renderRenewalReminder({ ...input, firstName: "<b>Camille</b>\r\nBcc: x@example.com" }, "en");
    expect(mail.html).not.toContain("<b>Camille</b>");
    expect(mail.html).toContain("&lt;b&gt;Camille&lt;/b&gt;");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("refuses links that are not absolute http(s)", () => {
    expect(() => renderRenewalReminder({ ...input, renewUrl: "javascript:alert(1)" }, "en")).toThrow(/http/);
    expect(() => renderRenewalReminder({ ...input, unsubscribeUrl: "/reminders/unsubscribe" }, "en")).toThrow();
  });

  it("has a kind of its own", () => {
    expect(REMINDER_MAIL_KIND).toBe("renewal-reminder");
  });
});
