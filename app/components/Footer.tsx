import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { site } from "../../content/site";
import { useLanguage, useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { type NewsletterAnswer, newsletterMessage } from "../newsletter/message";
import { Logo } from "./Logo";
import { StaticContent } from "./StaticContent";

type FooterLink = {
  label:
    | "aboutUs"
    | "pricing"
    | "features"
    | "yourAccount"
    | "helpCenter"
    | "contactUs"
    | "liveChat"
    | "terms"
    | "privacy"
    | "refundPolicy";
  to: string;
  /**
   * The page is isolated from other sites' windows (docs/decisions/0038-process-isolation-where-the-data-is.md):
   * it is loaded as a document, not by the router in this public page's window, so that its policy applies.
   */
  isolated?: true;
};

/**
 * The footer's three link groups. The customer's account opens the support group (it answers most questions
 * a customer has), help goes to the FAQ, live chat to the contact form (answered around the clock).
 */
const groups: { heading: "quickLinks" | "support" | "legal"; links: FooterLink[] }[] = [
  {
    heading: "quickLinks",
    links: [
      { label: "aboutUs", to: "/about" },
      { label: "pricing", to: "/#plans" },
      { label: "features", to: "/#features" },
    ],
  },
  {
    heading: "support",
    links: [
      { label: "yourAccount", to: "/account", isolated: true },
      { label: "helpCenter", to: "/#faq" },
      { label: "contactUs", to: "/contact" },
      { label: "liveChat", to: "/contact?subject=chat" },
    ],
  },
  {
    heading: "legal",
    links: [
      { label: "terms", to: "/terms" },
      { label: "privacy", to: "/privacy" },
      { label: "refundPolicy", to: "/terms#refund-policy" },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const emailId = useId();
  const noteId = useId();
  const resultId = useId();
  const newsletter = useFetcher<NewsletterAnswer>();
  const answer = newsletter.data;

  return (
    <footer className="mt-24 border-t border-line bg-surface/60">
      <div className="container-page grid grid-cols-2 gap-x-8 gap-y-10 py-16 md:grid-cols-3 lg:grid-cols-[1.3fr_1fr_1fr_1fr_1.6fr]">
        <StaticContent version={language} className="contents">
          <div className="col-span-2 md:col-span-3 lg:col-span-1">
            <Link to={localized("/")} className="inline-flex min-h-11 items-center gap-2.5 rounded-md" aria-label={t("common.homeLink")}>
              <Logo />
              <span className="text-lg font-bold text-text">{site.brand.name}</span>
            </Link>
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">{t("footer.tagline")}</p>
          </div>

          {groups.map((group) => (
            <nav key={group.heading} aria-labelledby={`${emailId}-${group.heading}`}>
              <h2 id={`${emailId}-${group.heading}`} className="text-sm font-semibold uppercase tracking-wider text-text">
                {t(`footer.${group.heading}`)}
              </h2>
              <ul className="mt-3 space-y-1">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={localized(link.to)}
                      reloadDocument={link.isolated}
                      discover={link.isolated ? "none" : "render"}
                      className="inline-flex min-h-10 items-center text-sm text-muted hover:text-text"
                    >
                      {t(`footer.${link.label}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </StaticContent>

        <section aria-labelledby={`${emailId}-newsletter`} className="col-span-2 md:col-span-3 lg:col-span-1">
          <h2 id={`${emailId}-newsletter`} className="text-sm font-semibold uppercase tracking-wider text-text">
            {t("footer.newsletter.heading")}
          </h2>
          <p id={noteId} className="mt-3 text-sm leading-relaxed text-muted">
            {t("footer.newsletter.text")}
          </p>
          <newsletter.Form method="post" action={localized("/newsletter")} className="mt-4 flex flex-col gap-2 sm:flex-row">
            <label htmlFor={emailId} className="sr-only">
              {t("footer.newsletter.label")}
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              required
              autoComplete="email"
              maxLength={254}
              placeholder={t("footer.newsletter.placeholder")}
              aria-describedby={`${noteId} ${resultId}`}
              aria-invalid={answer?.state === "invalid"}
              className="min-h-11 flex-1 rounded-full border border-line bg-ink px-4 text-sm text-text placeholder:text-muted/80 focus:border-accent aria-[invalid=true]:border-danger"
            />
            <button
              type="submit"
              disabled={newsletter.state !== "idle"}
              className="min-h-11 rounded-full bg-cta px-5 text-sm font-semibold text-white disabled:opacity-60"
            >
              {t("footer.newsletter.submit")}
            </button>
          </newsletter.Form>
          <p id={resultId} role="status" className={`mt-3 text-sm ${answer?.state === "checkInbox" ? "text-success" : "text-danger"}`}>
            {answer && newsletterMessage(t, answer).text}
          </p>
        </section>
      </div>
      <div className="border-t border-line">
        <p className="container-page py-6 text-sm text-muted">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
