import { useEffect } from "react";
import { data, useRouteLoaderData } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { site } from "../../content/site";
import { actionOrLoaderHeaders, sharedForAMinute } from "../cache-control";
import { LazySection } from "../components/LazySection";
import { setSectionLoader } from "../components/lazy-sections";
import { onFirstInteraction } from "../components/on-first-interaction";
import { allArticles, summarize } from "../content/blog.server";
import { translatorFor } from "../i18n/registry";
import { imageSources } from "../images";
import type { loader as rootLoader } from "../root";
import { Hero, heroImageSizes } from "../sections/Hero";
import { BlogTeaser, Faq, Features, loadAllSections, Plans, Showcase, Testimonials } from "../sections/lazy";
import { pageMeta } from "../seo";
import { faqPage, planProducts, type Question } from "../structured-data";
import type { Route } from "./+types/home";

/** The hero image is the largest thing on first paint: the browser fetches it with the HTML. */
export const links: Route.LinksFunction = () => [
  {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSources("hero").avif,
    imageSizes: heroImageSizes,
    fetchPriority: "high",
  },
];

/** The blog teaser's three newest articles in the page's language. */
export function loader({ request }: Route.LoaderArgs) {
  const newestArticles = allArticles(languageFromPath(requestPathname(request)))
    .slice(0, 3)
    .map(summarize);
  return data({ newestArticles }, { headers: sharedForAMinute });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** The landing page describes the plans (Product and Offer) and answers the FAQ (FAQPage) for search engines. */
export const meta: Route.MetaFunction = ({ location }) => {
  const language = languageFromPath(location.pathname);
  const questions = translatorFor(language).items("faq.items") as Question[];
  return pageMeta(location.pathname, "home", { structuredData: [...planProducts(language), faqPage(questions, language)] });
};

const [nearMargin, farMargin] = site.behaviour.lazySectionMarginsPx;

/**
 * The landing sections, in the spec's order. Each below the hero renders when scrolled near; the
 * placeholder heights are close to the real ones so the page does not jump.
 */
const sections = [
  { id: "plans", margin: farMargin, placeholder: "min-h-[3900px] md:min-h-[2300px] xl:min-h-[1250px]", render: () => <Plans /> },
  { id: "showcase", margin: nearMargin, placeholder: "min-h-[1500px] sm:min-h-[1150px] lg:min-h-[720px]", render: () => <Showcase /> },
  { id: "features", margin: farMargin, placeholder: "min-h-[2200px] sm:min-h-[1300px] lg:min-h-[860px]", render: () => <Features /> },
  { id: "testimonials", margin: nearMargin, placeholder: "min-h-[1200px] md:min-h-[620px]", render: () => <Testimonials /> },
  {
    id: "blog",
    margin: nearMargin,
    placeholder: "min-h-[1900px] md:min-h-[1250px] xl:min-h-[780px]",
    render: (data) => <BlogTeaser articles={data.newestArticles} />,
  },
  { id: "faq", margin: farMargin, placeholder: "min-h-[1100px] md:min-h-[1000px]", render: () => <Faq /> },
] satisfies { id: string; margin: number; placeholder: string; render: (data: Route.ComponentProps["loaderData"]) => React.ReactNode }[];

setSectionLoader(loadAllSections);

export default function Home({ loaderData }: Route.ComponentProps) {
  const crawler = useRouteLoaderData<typeof rootLoader>("root")?.crawler ?? false;
  // The sections' code (blog cards included) is asked for when the visitor starts to scroll, well before a
  // section comes near: a visitor who reads only the hero downloads none of it.
  useEffect(() => onFirstInteraction(loadAllSections), []);
  return (
    <>
      <Hero />
      {sections.map((section) => (
        <LazySection
          key={section.id}
          id={section.id}
          marginPx={section.margin}
          crawler={crawler}
          placeholderClassName={section.placeholder}
        >
          {() => section.render(loaderData)}
        </LazySection>
      ))}
    </>
  );
}
