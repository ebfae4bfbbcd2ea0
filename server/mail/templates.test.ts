import { describe, expect, it } from "vitest";
import { defaultLanguage, type Language, languages as siteLanguages } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { visibleText } from "../../tests/support/html.ts";
import type { Order } from "../db/schema.ts";
import { escapeHtml } from "./blocks.ts";
import { interpolate, type MailTexts, mailTexts } from "./mail-texts.ts";
import {
  type OrderConfirmationInput,
  orderConfirmationInput,
  renderContactNotification,
  renderNewsletterConfirmation,
  renderOrderConfirmation,
} from "./templates.ts";

const languages: Language[] = ["en", "es", "fr"];

const order: OrderConfirmationInput = {
  reference: "NS-7F3K-9QXD",
  firstName: "Camille",
  planKey: "advanced",
  viewers: 2,
  amountPaid: "29,00 €",
  card: { brand: "visa", last4: "4242" },
};

const expected: Record<Language, { period: string; card: string; greeting: string }> = {
  en: { period: "3 months", card: "Visa ending in 4242", greeting: "Hi Camille," },
  es: { period: "3 meses", card: "Visa terminada en 4242", greeting: "Hola, Camille:" },
  fr: { period: "3 mois", card: "Visa se terminant par 4242", greeting: "Bonjour Camille," },
};

describe("order confirmation", () => {
  for (const language of languages) {
    it(`in ${language}: subject and both bodies carry the reference, plan, period, viewers, amount and card`, () => {
      const mail = renderOrderConfirmation(order, language);
      expect(mail.subject).toContain("NS-7F3K-9QXD");
      expect(mail.subject).toContain(site.brand.name);
      for (const body of [mail.text, visibleText(mail.html)]) {
        expect(body).toContain("NS-7F3K-9QXD");
        expect(body).toContain("Gold");
        expect(body).toContain(expected[language].period);
        expect(body).toContain("29,00 €");
        expect(body).toContain(expected[language].card);
        expect(body).toContain(expected[language].greeting);
        expect(body).toContain(site.brand.supportEmail);
        expect(body).toMatch(/\b5\b/); // "usually under 5 minutes"
        expect(body).toMatch(/\b30\b/); // "check spam after 30 minutes"
      }
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain('<th scope="row"');
    });
  }

  it("links the invoice's page in the account, in both bodies, only when there is an invoice", () => {
    const url = "https://shop.example/fr/account/invoices/2026-000007";
    const mail = renderOrderConfirmation({ ...order, invoice: { number: "2026-000007", url } }, "fr");
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain("La facture 2026-000007 de cette commande");
      expect(body).toContain(url);
    }
    expect(mail.html).toContain(`<a href="${url}"`);
    const without = renderOrderConfirmation(order, "fr");
    expect(without.text).not.toContain("/account/invoices/");
    expect(without.text).not.toContain("Votre facture");
    expect(() => renderOrderConfirmation({ ...order, invoice: { number: "1", url: "javascript:alert(1)" } }, "en")).toThrow(/http/);
  });

  it("uses the language's own words and the right plural", () => {
    expect(renderOrderConfirmation({ ...order, planKey: "standard" }, "en").text).toContain("Period: 1 month\n");
    expect(renderOrderConfirmation({ ...order, planKey: "vip" }, "es").text).toContain("Duración: 12 meses");
    expect(renderOrderConfirmation(order, "fr").text).toContain("Formule\u00a0: Gold");
    expect(renderOrderConfirmation(order, "es").text).toContain("pago único");
    expect(renderOrderConfirmation(order, "fr").text).toContain("paiement unique");
    expect(renderOrderConfirmation(order, "en").text).toContain("one-time payment");
  });

  it("escapes HTML in every interpolated value", () => {
    const mail = renderOrderConfirmation({ ...order, firstName: '<script>alert("x")</script>', amountPaid: "<b>29</b> €" }, "en");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>29</b>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;b&gt;29&lt;/b&gt; €");
    // The plain-text version is text: shown as typed, never interpreted.
    expect(mail.text).toContain('Hi <script>alert("x")</script>,');
  });

  it("never shows more of a card than its brand and last four digits", () => {
    // What a checkout form holds, spread in carelessly: the extra fields must not reach the mail.
    const form = {
      ...order,
      firstName: "R2D2 7",
      cardNumber: "4242 4242 4242 4242",
      cardNumberDigits: "4242424242424242",
      cvv: "681",
      expiry: "11/29",
      card: { brand: "visa", last4: "4242" },
    };
    const mail = renderOrderConfirmation(form, "en");
    for (const body of [mail.subject, mail.text, mail.html, visibleText(mail.html)]) {
      expect(body).not.toMatch(/\d{5,}/);
      expect(body).not.toMatch(/4242[\s-]*4242/);
      expect(body).not.toContain("681");
      expect(body).not.toContain("11/29");
    }
    expect(mail.text).toContain("R2D2 7");
    expect(mail.text).toContain("Paid with: Visa ending in 4242");

    // Even a full number passed as last4 by mistake shows only its last four digits.
    const careless = renderOrderConfirmation({ ...order, card: { brand: "mastercard", last4: "5555555555554444" } }, "en");
    expect(careless.text).toContain("Mastercard ending in 4444");
    expect(careless.text + careless.html).not.toMatch(/\d{5,}/);
  });

  it("has no place for card secrets in its input type", () => {
    // @ts-expect-error a card number is not part of what a mail may show
    const withNumber: OrderConfirmationInput = { ...order, cardNumber: "4242424242424242" };
    // @ts-expect-error nor is the CVV
    const withCvv: OrderConfirmationInput["card"] = { brand: "visa", last4: "4242", cvv: "123" };
    expect(withNumber).toBeDefined();
    expect(withCvv).toBeDefined();
  });

  it("builds its input from a stored order, taking only what it shows", () => {
    const stored = {
      id: 1,
      reference: "NS-AAAA-BBBB",
      first_name: "Ana",
      plan_key: "premium",
      viewers: 3,
      card_brand: "amex",
      card_last4: "0005",
      language: "es",
    } as Order;
    const input = orderConfirmationInput(stored, "56,00 €");
    expect(input).toEqual({
      reference: "NS-AAAA-BBBB",
      firstName: "Ana",
      planKey: "premium",
      viewers: 3,
      amountPaid: "56,00 €",
      card: { brand: "amex", last4: "0005" },
    });
    expect(renderOrderConfirmation(input, "es").text).toContain("American Express terminada en 0005");
  });

  it("works without card details and refuses an unknown plan", () => {
    const { card: _card, ...withoutCard } = order;
    expect(renderOrderConfirmation(withoutCard, "en").text).not.toContain("Paid with");
    expect(() => renderOrderConfirmation({ ...order, planKey: "nope" as never }, "en")).toThrow(/unknown plan/);
  });
});

describe("contact notification", () => {
  const message = {
    name: 'Zoë <img src=x onerror="alert(1)">',
    email: "zoe@example.com",
    subject: "Help with\r\nBcc: victim@example.com setup",
    message: "First line\nSecond <line> & more",
    language: "es" as const,
    receivedAt: new Date("2026-03-01T09:30:00.000Z"),
  };

  for (const language of languages) {
    it(`in ${language}: has every field, escaped, with the subject on one line`, () => {
      const mail = renderContactNotification(message, language);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain("Help with Bcc: victim@example.com setup");
      for (const body of [mail.text, visibleText(mail.html)]) {
        expect(body).toContain(message.name);
        expect(body).toContain("zoe@example.com");
        expect(body).toContain("Second <line> & more");
        expect(body).toContain("(es)");
        expect(body).toContain("2026");
      }
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain("First line<br>\nSecond &lt;line&gt; &amp; more");
    });
  }

  it("names the visitor's language in the operator's language", () => {
    expect(renderContactNotification(message, "en").text).toContain("Language: Spanish (es)");
    expect(renderContactNotification({ ...message, language: "fr" }, "es").text).toContain("Idioma: francés (fr)");
    expect(renderContactNotification(message).text).toContain("Language: Spanish (es)");
  });
});

describe("newsletter confirmation", () => {
  const links = {
    confirmUrl: "https://shop.example/newsletter/confirm?token=abc_DEF-123&lang=fr",
    unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?token=abc_DEF-123",
  };

  for (const language of languages) {
    it(`in ${language}: has the confirm link and, in its footer, the unsubscribe link`, () => {
      const mail = renderNewsletterConfirmation(links, language);
      expect(mail.subject).toContain(site.brand.name);
      expect(mail.text).toContain(links.confirmUrl);
      expect(mail.text).toContain(links.unsubscribeUrl);
      expect(mail.html).toContain('href="https://shop.example/newsletter/confirm?token=abc_DEF-123&amp;lang=fr"');
      expect(mail.html).toContain(`href="${links.unsubscribeUrl}"`);
      // The small print: why it came, and the unsubscribe link (a sentence with the URL in text, a link in HTML).
      const footer = mailTexts[language].newsletterFooter;
      const reason = interpolate(footer.reason, { brand: site.brand.name });
      expect(mail.text).toContain(`--\n${reason}\n${interpolate(footer.unsubscribeText, { unsubscribeUrl: links.unsubscribeUrl })}\n`);
      expect(mail.html).toContain(`${escapeHtml(reason)}<br>\n<a href="${links.unsubscribeUrl}"`);
      expect(mail.html).toContain(`>${escapeHtml(footer.unsubscribeLink)}</a>`);
    });
  }

  it("refuses links that are not absolute http(s) URLs", () => {
    expect(() => renderNewsletterConfirmation({ ...links, confirmUrl: "javascript:alert(1)" }, "en")).toThrow(/http/);
    expect(() => renderNewsletterConfirmation({ ...links, unsubscribeUrl: "/relative" }, "en")).toThrow(/absolute/);
  });
});

describe("mail texts", () => {
  function strings(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
    if (typeof value === "string") {
      into.set(path, value);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) strings(item, `${path}[${index}]`, into);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) strings(item, path ? `${path}.${key}` : key, into);
    }
    return into;
  }
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  const reference = strings(mailTexts[defaultLanguage], "", new Map());

  for (const language of siteLanguages.filter((language) => language !== defaultLanguage)) {
    it(`${language} has exactly English's strings, each with the same placeholders, none empty`, () => {
      const texts = strings(mailTexts[language] satisfies MailTexts, "", new Map());
      expect([...texts.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [path, text] of texts) {
        expect(text.trim(), path).not.toBe("");
        expect(placeholders(text), path).toEqual(placeholders(reference.get(path) ?? ""));
      }
    });
  }

  it("interpolation throws on a placeholder without a value", () => {
    expect(interpolate("Hi {{name}}", { name: "Ana" })).toBe("Hi Ana");
    expect(() => interpolate("Hi {{name}}", {})).toThrow(/\{\{name\}\}/);
  });
});
