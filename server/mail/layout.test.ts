import { describe, expect, it } from "vitest";
import { site } from "../../content/site.ts";
import { accountUrl, composeMail, type Mail } from "./layout.ts";
import { mailTexts } from "./mail-texts.ts";

const words = {
  subject: "Order {{reference}}\r\nBcc: x@example.com",
  preheader: "Hidden {{reference}}",
  heading: "Your <order>",
  greeting: "Hi {{firstName}},",
  signOff: "Enjoy,",
};
const mail: Mail = {
  language: "en",
  words,
  values: { reference: "NS-1", firstName: "<b>Jo</b>" },
  blocks: [{ paragraph: "First." }, { heading: "Details" }, { rows: [["Plan", "Gold"]] }, { paragraph: "Last." }],
};
const signature = `The ${site.brand.name} team`;
const account = `${mailTexts.en.common.accountText} ${accountUrl("en")}`;

describe("the one mail layout", () => {
  it("fills the words' placeholders and puts the subject on one line", () => {
    const { subject, html } = composeMail(mail);
    expect(subject).toBe("Order NS-1 Bcc: x@example.com");
    expect(html).toContain(`<title>${subject}</title>`);
    expect(html).toMatch(/<div style="display:none;[^"]*">Hidden NS-1<\/div>/);
  });

  it("writes the text as greeting, blocks and sign-off a blank line apart, a heading right above what it heads", () => {
    expect(composeMail(mail).text).toBe(
      `Hi <b>Jo</b>,\n\nFirst.\n\nDetails\nPlan: Gold\n\nLast.\n\nEnjoy,\n${signature}\n\n--\n${account}\n`,
    );
  });

  it("draws the HTML as brand, heading, greeting, blocks and sign-off in the card, the account link below it", () => {
    const { html } = composeMail(mail);
    expect(html).toContain('<html lang="en" dir="ltr">');
    const order = [
      `>${site.brand.name}</p>`,
      "<h1 ",
      ">Your &lt;order&gt;</h1>",
      ">Hi &lt;b&gt;Jo&lt;/b&gt;,</p>",
      ">First.</p>",
      ">Details</h2>",
      '<th scope="row"',
      ">Last.</p>",
      `>Enjoy,<br>\n${signature}</p>`,
      `${mailTexts.en.common.accountText} <a href="${accountUrl("en")}"`,
    ].map((part) => html.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).not.toContain("<b>Jo</b>");
  });

  it("writes the mail in its language, with that language's account link", () => {
    const { text, html } = composeMail({ ...mail, language: "fr" });
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(text).toContain(`--\n${mailTexts.fr.common.accountText} ${accountUrl("fr")}\n`);
    expect(html).toContain(`href="${accountUrl("fr")}"`);
    expect(text).toContain("Details\nPlan\u00a0: Gold");
  });

  it("signs with the signature alone when the words have no sign-off", () => {
    const { signOff: _signOff, ...unsigned } = words;
    const { text, html } = composeMail({ ...mail, words: unsigned });
    expect(text).toContain(`Last.\n\n${signature}\n\n--\n`);
    expect(html).toContain(`>${signature}</p>`);
  });

  it("leaves the signature and the account link out of an operator's mail", () => {
    const { text, html } = composeMail({ ...mail, audience: "operator" });
    expect(text).toBe("Hi <b>Jo</b>,\n\nFirst.\n\nDetails\nPlan: Gold\n\nLast.\n");
    expect(html).not.toContain(signature);
    expect(html).not.toContain("/account");
  });

  it("ends with the footnote's small print: why the mail came, and the link that stops the next ones", () => {
    const unsubscribe = { url: "https://shop.example/stop?token=a&b", label: "Stop <these>", text: "Stop them: {{unsubscribeUrl}}" };
    const { text, html } = composeMail({ ...mail, footnote: { text: "Because <you> asked.", unsubscribe } });
    expect(text).toContain(`${signature}\n\n--\nBecause <you> asked.\nStop them: https://shop.example/stop?token=a&b\n\n--\n${account}\n`);
    expect(html).toMatch(
      /<p style="[^"]*border-top[^"]*">Because &lt;you&gt; asked\.<br>\n<a href="https:\/\/shop.example\/stop\?token=a&amp;b" style="[^"]+">Stop &lt;these&gt;<\/a><\/p>\n<\/td><\/tr>\n<\/table>/,
    );
    const plain = composeMail({ ...mail, audience: "operator", footnote: { text: "Sent once." } });
    expect(plain.text.endsWith("Last.\n\n--\nSent once.\n")).toBe(true);
    expect(plain.html).toMatch(/>Sent once\.<\/p>\n<\/td><\/tr>/);
  });

  it("refuses an unsubscribe link that is not absolute http(s), and a placeholder without a value", () => {
    const unsubscribe = { url: "javascript:alert(1)", label: "Stop", text: "Stop: {{unsubscribeUrl}}" };
    expect(() => composeMail({ ...mail, footnote: { text: "Why", unsubscribe } })).toThrow(/http/);
    expect(() => composeMail({ ...mail, values: { reference: "NS-1" } })).toThrow(/\{\{firstName\}\}/);
  });
});
