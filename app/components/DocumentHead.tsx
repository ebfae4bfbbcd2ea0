import { useLayoutEffect, useState } from "react";
import { Links, Meta, useLocation } from "react-router";
import { site } from "../../content/site";

/**
 * The page's own tags, as `<Meta>` and a route's `links` write them: they describe one page, where the
 * charset, viewport, theme colour, stylesheet, icons and manifest serve them all.
 */
const pageTags =
  'title, meta[name]:not([name="viewport"], [name="theme-color"]), meta[property], link[rel="canonical"], ' +
  'link[rel="alternate"], link[rel="preload"], script[type="application/ld+json"]';

/** The tags the server wrote for the first page, taken before React hydrates (this module loads first). */
const serverPageTags = typeof document === "undefined" ? [] : [...document.head.querySelectorAll(pageTags)];

/**
 * The head. The server writes all of it; while the page hydrates the browser renders none of it, and
 * React leaves what it finds in `<head>` as it is. Hydrating the tags instead costs a phone a long task:
 * React 19 hoists every title, meta and link, so for each of a page's ~40 it searches the head for its
 * match and sets its attributes again. Nothing is lost: the server's tags are the page's.
 *
 * After the first client navigation the page's tags are React's: it writes the new page's, and the first
 * page's are removed. The shared tags stay as the server wrote them (all pages share one stylesheet).
 */
export function DocumentHead() {
  const location = useLocation();
  const [firstLocation] = useState(location);
  if (typeof document === "undefined") return <ServerHead />;
  if (location === firstLocation) return null;
  return (
    <>
      <Meta />
      <FirstPageTagsRemoved />
    </>
  );
}

function ServerHead() {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content={site.brand.themeColor} />
      <Meta />
      <Links />
    </>
  );
}

/** Runs once React has written the new page's tags, before the browser paints them. */
function FirstPageTagsRemoved() {
  useLayoutEffect(() => {
    for (const tag of serverPageTags.splice(0)) tag.remove();
  }, []);
  return null;
}
