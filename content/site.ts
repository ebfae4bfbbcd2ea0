/**
 * The operator's configuration: brand, marketing figures, plans and constants.
 * Every page reads its figures from here, so one claim can never show two values.
 * Edit freely: the server checks this file as it starts and refuses to start on a mistake, saying where
 * (app/content/validate-content.ts); `npm run test:unit -- app/content/validate-content.test.ts` checks it too.
 */
export const site = {
  brand: {
    name: "NovaStream",
    /** Public origin used for canonical URLs, sitemaps and social cards. */
    origin: "http://localhost:3000",
    supportEmail: "support@novastream.example",
    themeColor: "#0b0b12",
  },

  claims: {
    channels: 24000,
    onDemandTitles: 87000,
    customers: 50000,
    servers: 2000,
    countries: 198,
    catchUpDays: 30,
    /** Average rating shown with the "5-star rated" badge, out of 5. */
    rating: 5,
  },

  currency: "EUR",

  /**
   * Who sells: what every invoice and credit note names as the seller, as the law asks. The legal name and postal
   * address as registered, the country as ISO 3166-1 alpha-2 (it decides the VAT of the seller's own
   * customers with TAX_MODE=eu-oss), the tax identification number (NIF, SIREN/TVA, USt-IdNr…), and the
   * prefix of the invoice numbers ("" for none: `2026-000001`; "NS-" gives `NS-2026-000001`). How long
   * orders and invoices are kept is not here but ORDER_RETENTION_YEARS (docs/configuration.md), one setting
   * the account deletion also reads, so the two can never disagree.
   */
  seller: {
    legalName: "NovaStream Media S.L.",
    address: ["Calle de Colón 48, 3º", "46004 Valencia"],
    country: "ES",
    taxId: "B12345678",
    invoicePrefix: "",
  },

  /**
   * The four one-time-payment plans, in display order. `key` is the internal key used in URLs and orders.
   * Prices are in cents. `viewerPrices` sets the price for 2 and 3 simultaneous viewers; a count left out
   * costs the plan's `price`.
   */
  plans: [
    { key: "standard", name: "Silver", months: 1, price: 1300, viewerPrices: { 2: 1900, 3: 2500 }, badge: null, catchUp: false },
    { key: "advanced", name: "Gold", months: 3, price: 2000, viewerPrices: { 2: 2900, 3: 3800 }, badge: "mostPopular", catchUp: false },
    {
      key: "premium",
      name: "Platinum",
      months: 6,
      price: 3000,
      viewerPrices: { 2: 4300, 3: 5600 },
      badge: "bestForFamilies",
      catchUp: true,
    },
    { key: "vip", name: "Diamond", months: 12, price: 4500, viewerPrices: { 2: 6500, 3: 8500 }, badge: null, catchUp: true },
  ],

  /**
   * The free trial: a short test line before the first purchase, asked for at `/trial` (linked
   * under the plans) with a name, an e-mail confirmed by a mailed code and a country, no card. `hours` is how
   * long the line runs (1 to 168), `viewers` how many screens it allows (one of `viewerChoices`). One trial per
   * e-mail ever, per client address every 30 days, none for an e-mail that has paid an order. With `enabled:
   * false` nothing of it shows and its pages answer 404. How it is delivered: docs/operating.md#free-trials.
   */
  trial: { enabled: true, hours: 24, viewers: 1 },

  /**
   * Automatic renewal: whether the checkout offers "Renew automatically every N months" beside
   * Pay, and whether that box starts ticked. The customer can stop it any time in their account and keeps
   * the period they paid. A link with `?automatic=off` (the free trial's mail) always starts it unticked.
   */
  automaticRenewal: { offered: true, checkedByDefault: false },

  defaultPlan: "advanced",
  viewerChoices: [1, 2, 3],

  /** Structured-data offer validity (schema.org Offer.validFrom / priceValidUntil). Must not be in the past. */
  offerValidity: { from: "2026-01-01", until: "2027-12-31" },

  behaviour: {
    // app.css repeats it for the bar before the page's script has woken (app/app-css.test.ts checks the two agree).
    headerScrollThresholdPx: 50,
    scrollAfterNavigationMs: 100,
    lazySectionMarginsPx: [200, 300],
    lazySectionThreshold: 0.01,
    queryStaleTimeMs: 60_000,
  },

  /**
   * What an operator types in the console to deliver a paid order: each field is required and reaches the
   * customer in the "Your access" mail (a field whose name ends in `Url` must be an http(s) address).
   */
  access: { fields: ["username", "password", "serverUrl", "playlistUrl"] as const },

  geolocation: {
    /**
     * Where the browser asks for the visitor's country on a first visit: this site's own `/api/country`,
     * answered on the server from a local database, so the address goes to no one else. An https:// URL of a
     * third-party IP-geolocation JSON service works too (then update the privacy page: that service sees it).
     */
    endpoint: "/api/country",
    /** The browser gives up after this long and uses its own language. */
    timeoutMs: 5000,
  },
} as const;

export type SiteConfig = typeof site;
export type Plan = (typeof site.plans)[number];
export type PlanKey = Plan["key"];
export type ClaimName = keyof typeof site.claims;
