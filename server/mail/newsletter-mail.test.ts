import { describe, expect, it } from "vitest";
import { languages } from "../../common/languages.ts";
import { mailTexts } from "./mail-texts.ts";
import { renderNewsletterAlreadySubscribed } from "./newsletter-mail.ts";

describe("the mail to an address signed up again", () => {
  for (const language of languages) {
    it(`says nothing changed, with the unsubscribe link, in ${language}`, () => {
      const mail = renderNewsletterAlreadySubscribed({ unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?token=t0k" }, language);
      const t = mailTexts[language].newsletterAlreadySubscribed;
      expect(mail.subject).toBe(t.subject.replace("{{brand}}", "NovaStream"));
      expect(mail.text).toContain(t.heading === "" ? "" : t.intro.replace("{{brand}}", "NovaStream"));
      expect(mail.text).toContain("https://shop.example/newsletter/unsubscribe?token=t0k");
      expect(mail.html).toContain('href="https://shop.example/newsletter/unsubscribe?token=t0k"');
      expect(mail.html).toContain(`lang="${language}"`);
    });
  }
});
