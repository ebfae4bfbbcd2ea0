import { type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { defaultLanguage, type Language, languages } from "./i18n/languages";

/**
 * Every page exists once per language: unprefixed in English, under `/es` and `/fr` in Spanish and French.
 * One module serves all three; the route id carries the language so ids stay unique.
 */
function pagesIn(language: Language): RouteConfigEntry[] {
  const prefix = language === defaultLanguage ? "" : `/${language}`;
  const page = (path: string, file: string, name: string) => route(`${prefix}${path}` || "/", file, { id: `${name}.${language}` });
  return [
    page("", "routes/home.tsx", "home"),
    page("/blog", "routes/blog.tsx", "blog"),
    page("/blog/:slug", "routes/article.tsx", "article"),
    page("/checkout", "routes/checkout.tsx", "checkout"),
    page("/checkout/return", "routes/checkout-return.tsx", "checkout-return"),
    page("/checkout/authenticate", "routes/checkout-authenticate.tsx", "checkout-authenticate"),
    page("/about", "routes/long-page.tsx", "about"),
    page("/contact", "routes/contact.tsx", "contact"),
    page("/terms", "routes/long-page.tsx", "terms"),
    page("/privacy", "routes/long-page.tsx", "privacy"),
    page("/newsletter", "routes/newsletter.tsx", "newsletter"),
    page("/newsletter/confirm", "routes/newsletter-token.tsx", "newsletter-confirm"),
    page("/newsletter/unsubscribe", "routes/newsletter-token.tsx", "newsletter-unsubscribe"),
  ];
}

/** Files for crawlers and browsers, the same in every language. */
const siteFiles: RouteConfigEntry[] = [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
];

/** Calls from the payment processor, not pages: no language. */
const webhooks: RouteConfigEntry[] = [route("webhooks/stripe", "routes/stripe-webhook.ts")];

export default [
  ...languages.flatMap(pagesIn),
  ...siteFiles,
  ...webhooks,
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
