import { describe, expect, it } from "vitest";
import { site } from "../../content/site.ts";
import { visibleText } from "../../tests/support/html.ts";
import { type AccessDetails, renderAccessMail, renderRefundMail, setupGuidesUrl } from "./access-mail.ts";

const languages = ["en", "es", "fr"] as const;

const details: AccessDetails = {
  username: "camille_2026",
  password: "s3cr3t-P@ss",
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: "https://tv.example.net/get.php?username=camille_2026&type=m3u",
  note: "Use the app IPTV Smarters.\nAsk us for help any time.",
};
const access = {
  reference: "NS-7F3K-9QXD",
  firstName: "Camille",
  details,
  startsAt: new Date("2026-03-01T10:00:00.000Z"),
  endsAt: new Date("2026-06-01T10:00:00.000Z"),
};
const refund = { reference: "NS-7F3K-9QXD", firstName: "Camille", amount: "29,00 €", refundedAt: new Date("2026-03-05T10:00:00.000Z") };

const expected = {
  en: { greeting: "Hi Camille,", end: "June 1, 2026", refunded: "March 5, 2026", guides: `${site.brand.origin}/blog?category=devices` },
  es: {
    greeting: "Hola, Camille:",
    end: "1 de junio de 2026",
    refunded: "5 de marzo de 2026",
    guides: `${site.brand.origin}/es/blog?category=devices`,
  },
  fr: {
    greeting: "Bonjour Camille,",
    end: "1 juin 2026",
    refunded: "5 mars 2026",
    guides: `${site.brand.origin}/fr/blog?category=devices`,
  },
};

describe("the access mail", () => {
  for (const language of languages) {
    it(`in ${language}: carries every detail, the note, the period and the localized setup guides`, () => {
      const mail = renderAccessMail(access, language);
      expect(mail.subject).toContain("NS-7F3K-9QXD");
      expect(mail.subject).toContain(site.brand.name);
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(setupGuidesUrl(language)).toBe(expected[language].guides);
      expect(mail.html).toContain(`href="${expected[language].guides}"`);
      for (const body of [mail.text, visibleText(mail.html)]) {
        for (const field of site.access.fields) expect(body).toContain(details[field]);
        expect(body).toContain("Use the app IPTV Smarters.");
        expect(body).toContain(expected[language].greeting);
        expect(body).toContain(expected[language].end);
        expect(body).toContain(site.brand.supportEmail);
      }
      expect(mail.text).toContain(expected[language].guides);
    });
  }

  it("uses the language's words for the labels", () => {
    expect(renderAccessMail(access, "en").text).toContain("Password: s3cr3t-P@ss");
    expect(renderAccessMail(access, "es").text).toContain("Contraseña: s3cr3t-P@ss");
    expect(renderAccessMail(access, "fr").text).toContain("Mot de passe\u00a0: s3cr3t-P@ss");
  });

  it("escapes every value put into the HTML", () => {
    const hostile = { ...details, username: '<script>alert("x")</script>', note: "<img src=x onerror=alert(1)>" };
    const mail = renderAccessMail({ ...access, firstName: "<b>Camille</b>", details: hostile }, "en");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Camille</b>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;b&gt;Camille&lt;/b&gt;");
  });

  it("shows only the configured fields, and no note section without a note", () => {
    const extra = { ...details, note: "  ", cardNumber: "4242424242424242", operator: "ops@example.com" } as AccessDetails;
    const mail = renderAccessMail({ ...access, details: extra }, "en");
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain("4242424242424242");
      expect(body).not.toContain("ops@example.com");
      expect(body).not.toContain("A note from our team");
    }
  });

  it("keeps the subject on one line", () => {
    expect(renderAccessMail({ ...access, reference: "NS-1\r\nBcc: x@example.com" }, "en").subject).not.toMatch(/[\r\n]/);
  });
});

describe("the refund notice", () => {
  for (const language of languages) {
    it(`in ${language}: says what was refunded, when, and how long the bank may take`, () => {
      const mail = renderRefundMail(refund, language);
      expect(mail.subject).toContain("NS-7F3K-9QXD");
      expect(mail.html).toContain(`<html lang="${language}"`);
      for (const body of [mail.text, visibleText(mail.html)]) {
        expect(body).toContain("29,00 €");
        expect(body).toContain(expected[language].refunded);
        expect(body).toContain(expected[language].greeting);
        expect(body).toMatch(/\b10\b/);
        expect(body).toContain(site.brand.supportEmail);
      }
    });
  }

  it("escapes values, and has no field for why the shop refunded", () => {
    const mail = renderRefundMail({ ...refund, firstName: "<i>Camille</i>", reason: "fraudulent", note: "chargeback risk" } as never, "en");
    expect(mail.html).not.toContain("<i>Camille</i>");
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/fraud/i);
      expect(body).not.toContain("chargeback");
    }
  });
});
