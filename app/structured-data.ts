import type { BlogPosting, BreadcrumbList, FAQPage, Offer, Organization, Product, WebSite, WithContext } from "schema-dts";
import { type Language, languages, localizePath } from "../common/languages";
import { site } from "../content/site";
import { planPrice } from "./content/plans";
import { translatorFor } from "./i18n/registry";

/**
 * The schema.org JSON-LD of the pages, typed by schema-dts so a misspelt type or property fails the build.
 * Pure: the same on the server and in the browser (a client navigation rebuilds the head).
 */

export function absoluteUrl(path: string): string {
  return new URL(path, site.brand.origin).href;
}

const organizationId = absoluteUrl("/#organization");

export function organization(): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: site.brand.name,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/icon-512.png"),
    email: site.brand.supportEmail,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.brand.supportEmail,
      availableLanguage: [...languages],
    },
  };
}

/** The site in one language, with the blog search as its search box. */
export function webSite(language: Language): WithContext<WebSite> {
  const { t } = translatorFor(language);
  const home = absoluteUrl(localizePath("/", language));
  // schema.org's SearchAction takes Google's "query-input" property, which schema-dts does not know.
  const searchAction = {
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(localizePath("/blog", language))}?search={search_term_string}` },
    "query-input": "required name=search_term_string",
  } as const;
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${home}#website`,
    url: home,
    name: site.brand.name,
    description: t("meta.home.description"),
    inLanguage: language,
    publisher: { "@id": organizationId },
    potentialAction: searchAction as unknown as WebSite["potentialAction"],
  };
}

/** `YYYY-MM-DD` of a date, in UTC. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Each plan as a Product with one Offer per number of viewers. The offer's end of validity comes from
 * configuration and is left out once it has passed, so the page never announces an expired price.
 */
export function planProducts(language: Language, today: Date = new Date()): WithContext<Product>[] {
  const { t } = translatorFor(language);
  const { from, until } = site.offerValidity;
  const stillValid = until >= isoDay(today);
  return site.plans.map((plan) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": absoluteUrl(`${localizePath("/", language)}#plan-${plan.key}`),
    name: `${site.brand.name} ${plan.name}`,
    description: t(`plans.items.${plan.key}.description`),
    image: absoluteUrl("/icon-512.png"),
    brand: { "@type": "Brand", name: site.brand.name },
    offers: site.viewerChoices.map(
      (viewers): Offer => ({
        "@type": "Offer",
        name: `${plan.name} — ${t("plans.viewers", { count: viewers })}, ${t("plans.period", { count: plan.months })}`,
        price: (planPrice(plan, viewers) / 100).toFixed(2),
        priceCurrency: site.currency,
        availability: "https://schema.org/InStock",
        url: absoluteUrl(`${localizePath("/checkout", language)}?plan=${plan.key}&viewers=${viewers}`),
        validFrom: from,
        ...(stillValid ? { priceValidUntil: until } : {}),
        seller: { "@id": organizationId },
      }),
    ),
  }));
}

export interface Question {
  question: string;
  answer: string;
}

export function faqPage(questions: Question[], language: Language): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: language,
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

export interface PostingFacts {
  url: string;
  headline: string;
  description: string;
  image: string;
  datePublished: string;
  dateModified?: string;
  author?: string;
  section: string;
  keywords: string[];
  language: Language;
}

export function blogPosting(post: PostingFacts): WithContext<BlogPosting> {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.headline,
    description: post.description,
    image: post.image,
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    inLanguage: post.language,
    articleSection: post.section,
    keywords: post.keywords.join(", "),
    mainEntityOfPage: post.url,
    author: post.author ? { "@type": "Person", name: post.author } : { "@id": organizationId },
    publisher: { "@id": organizationId },
  };
}

/** A trail of named pages; the last one, the current page, has no link. */
export function breadcrumbs(trail: { name: string; path?: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(({ name, path }, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      ...(path ? { item: absoluteUrl(path) } : {}),
    })),
  };
}
