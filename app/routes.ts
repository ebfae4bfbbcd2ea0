import { layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { defaultLanguage, type Language, languages } from "../common/languages";
import { adminLayoutId } from "./admin/layout-id";

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
    page("/reminders/unsubscribe", "routes/reminders-unsubscribe.tsx", "reminders-unsubscribe"),
    page("/trial", "routes/trial.tsx", "trial"),
    page("/trial/confirmed", "routes/trial-confirmed.tsx", "trial-confirmed"),
    layout("routes/account/layout.tsx", { id: `account.${language}` }, [
      page("/account", "routes/account/index.tsx", "account-home"),
      page("/account/code", "routes/account/code.tsx", "account-code"),
      page("/account/link", "routes/account/link.tsx", "account-link"),
      page("/account/verify", "routes/account/verify.tsx", "account-verify"),
      page("/account/sign-out", "routes/account/sign-out.tsx", "account-sign-out"),
      page("/account/access/:reference", "routes/account/access.tsx", "account-access"),
      page("/account/invoices/:number", "routes/account/invoice.tsx", "account-invoice"),
      page("/account/invoices/:number/pdf", "routes/account/invoice-pdf.ts", "account-invoice-pdf"),
      page("/account/credit-notes/:number", "routes/account/credit-note.tsx", "account-credit-note"),
      page("/account/credit-notes/:number/pdf", "routes/account/credit-note-pdf.ts", "account-credit-note-pdf"),
      page("/account/stop-renewing/:id", "routes/account/stop-renewing.tsx", "account-stop-renewing"),
      page("/account/card/:id", "routes/account/card.tsx", "account-card"),
      page("/account/data", "routes/account/data.ts", "account-data"),
      page("/account/delete", "routes/account/delete.tsx", "account-delete"),
    ]),
  ];
}

/** Files for crawlers and browsers, the same in every language. */
const siteFiles: RouteConfigEntry[] = [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap-chunk.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  // Articles' cards are drawn on their first request; the pages' are files of the build (decision 0030).
  route("images/social/:language/blog/:file", "routes/social-card.ts"),
  // The country list, for a checkout or trial form reached by a client navigation.
  route("countries/:file", "routes/countries.ts"),
];

/**
 * The operator console, in the operator's language (not the URL's): the sign-in page, and everything else
 * behind the layout's gate, which answers the sign-in page to anyone without a session.
 */
const consoleRoutes: RouteConfigEntry[] = [
  route("admin", "routes/admin/index.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", { id: adminLayoutId }, [
    route("admin/home", "routes/admin/home.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/orders/:reference", "routes/admin/order.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/messages/:id", "routes/admin/message.tsx"),
    route("admin/subscribers", "routes/admin/subscribers.tsx"),
    route("admin/subscribers.csv", "routes/admin/subscribers-csv.ts"),
    route("admin/invoices", "routes/admin/invoices.tsx"),
    route("admin/invoices.zip", "routes/admin/invoices-zip.ts"),
    route("admin/invoices/:number", "routes/admin/invoices-document.tsx"),
    route("admin/invoices/:number/pdf", "routes/admin/invoices-pdf.ts"),
    route("admin/orders.csv", "routes/admin/orders-csv.ts"),
    route("admin/customers", "routes/admin/customers.tsx"),
    route("admin/trials", "routes/admin/trials.tsx"),
    route("admin/trials/:reference", "routes/admin/trial.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
];

/** Calls from the payment processor, not pages: no language. The gateway says which path is its own. */
const webhooks: RouteConfigEntry[] = [route("webhooks/:processor", "routes/payment-webhook.ts")];

export default [
  ...languages.flatMap(pagesIn),
  ...siteFiles,
  ...webhooks,
  ...consoleRoutes,
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
