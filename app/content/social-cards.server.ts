import { type Language, languages } from "../../common/languages";
import { site } from "../../content/site";
import { allMessages } from "../i18n/messages.server";
import { registerMessages, translatorFor } from "../i18n/registry";
import type { ImageName } from "../images";
import type { PageKey } from "../seo";
import { socialImagePath } from "../social-images";
import { allArticles } from "./blog.server";

/** The brand the cards show beside the logo. */
export const brandName = site.brand.name;

/** One social card to draw: the page's title in its language over the page's artwork. */
export interface SocialCard {
  language: Language;
  /** The site path the card is served at (see app/social-images.ts). */
  path: string;
  title: string;
  background: ImageName;
}

/** The pages that have a card of their own, drawn by the build; articles' are drawn on request (decision 0030). */
export const pagesWithCards = [
  "home",
  "blog",
  "about",
  "terms",
  "privacy",
  "checkout",
  "contact",
  "newsletter",
] as const satisfies readonly PageKey[];

/** Page titles end with "| Brand" for the browser tab; the card shows the brand already. */
function withoutBrandSuffix(title: string): string {
  const suffix = ` | ${site.brand.name}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

export function pageCards(): SocialCard[] {
  // The build script calls this outside the server, where nothing has loaded the messages yet.
  registerMessages(allMessages);
  return languages.flatMap((language) => {
    const { t } = translatorFor(language);
    return pagesWithCards.map(
      (page): SocialCard => ({
        language,
        path: socialImagePath(language, page),
        title: withoutBrandSuffix(t(`meta.${page}.title`)),
        background: "hero",
      }),
    );
  });
}

/** Every article's card, for the build to check that each title can be drawn before a visitor asks for it. */
export function articleCards(): SocialCard[] {
  return languages.flatMap((language) =>
    allArticles(language).map(
      (article): SocialCard => ({
        language,
        path: socialImagePath(language, `blog/${article.slug}`),
        title: article.title,
        background: article.image,
      }),
    ),
  );
}
