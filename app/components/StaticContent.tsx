import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { inSiteDestination } from "./router-link-click";
import { setElsewhere, useServerHtmlAtMount } from "./use-server-html-at-mount";

type ContainerTag = "div" | "article";

interface StaticContentProps {
  /** What the content shows: when it changes (another page, another query), the content renders anew. */
  version: string;
  /** The element holding the content; its own attributes are hydrated as usual. */
  as?: ContainerTag;
  className?: string;
  children: ReactNode;
}

/**
 * Content that needs no JavaScript (text, pictures, links), kept out of hydration: on a phone, hydrating
 * what never changes was most of the work that blocks the page after its first paint
 * (docs/decisions/0008-static-content-out-of-hydration.md).
 *
 * The server renders the children. While the page hydrates, the element keeps the server's HTML as it is
 * and React renders nothing inside it; a click on one of the router's links in it is still a client
 * navigation. When `version` changes, or where the content first appears in the browser (a client
 * navigation), the children render as any other.
 */
export function StaticContent({ version, ...props }: StaticContentProps) {
  return <KeptWhenHydrating key={version} {...props} />;
}

function KeptWhenHydrating({ as: Tag = "div", className, children }: Omit<StaticContentProps, "version">) {
  // Fixed at mount: after hydration, the kept HTML is never replaced by an empty render.
  const keepServerHtml = useServerHtmlAtMount();
  const followRouterLink = useFollowRouterLink();
  if (keepServerHtml) {
    // The constant object is the same at every render, so React never writes it into the element.
    return <Tag className={className} dangerouslySetInnerHTML={setElsewhere} suppressHydrationWarning onClick={followRouterLink} />;
  }
  return <Tag className={className}>{children}</Tag>;
}

/** A click on a router link in kept HTML, handled as that `<Link>` would have handled it. */
function useFollowRouterLink() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    const destination = inSiteDestination(
      event,
      { href: link.href, target: link.target, download: link.hasAttribute("download"), routerLink: link.hasAttribute("data-discover") },
      window.location.origin,
    );
    if (destination === undefined) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    void navigate(destination, { replace: destination === pathname + search + hash });
  };
}
