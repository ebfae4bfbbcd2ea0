import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages.ts";
import { renderRenewalMail } from "./renewal-mail.ts";

const input = {
  occasion: "paid" as const,
  reference: "NS-RENEW-2",
  access: "NS-FIRST-1",
  firstName: "Ana <b>",
  planKey: "advanced",
  viewers: 2,
  endsAt: new Date("2027-02-28T10:00:00.000Z"),
};

describe("the renewal mail", () => {
  it("says the new end date in every language, and nothing about details to follow", () => {
    const ends = { en: "February 28, 2027", es: "28 de febrero de 2027", fr: "28 février 2027" };
    for (const language of languages) {
      const mail = renderRenewalMail(input, language);
      expect(mail.subject).toContain(ends[language]);
      expect(mail.text).toContain("NS-FIRST-1");
      expect(mail.text).toContain("NS-RENEW-2");
      expect(mail.html).toContain("Ana &lt;b&gt;");
    }
  });

  it("says who extended it when an operator did", () => {
    expect(renderRenewalMail({ ...input, occasion: "extended" }, "en").text).toContain("has been extended for order NS-RENEW-2");
    expect(renderRenewalMail(input, "en").text).toContain("your payment for order NS-RENEW-2 is confirmed");
  });

  it("links the renewal's invoice when it has one, in the mail's language", () => {
    const invoice = { number: "2026-000042", url: "https://shop.example/es/account/invoices/2026-000042" };
    const mail = renderRenewalMail({ ...input, invoice }, "es");
    expect(mail.text).toContain("2026-000042");
    expect(mail.text).toContain(invoice.url);
    expect(mail.html).toContain(`href="${invoice.url}"`);
    expect(renderRenewalMail(input, "es").text).not.toContain("2026-000042");
  });
});
