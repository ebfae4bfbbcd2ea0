import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { site } from "../../content/site";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { LanguagePicker } from "./LanguagePicker";
import { Logo } from "./Logo";
import { type SectionId, useSectionLink } from "./section-navigation";
import { useDisclosure } from "./use-disclosure";

type NavItem = { key: "home" | "plans" | "features" | "faq"; section: SectionId } | { key: "blog" | "about" | "contact"; path: string };

/** The spec's header links, in order: four scroll to landing sections, three open their pages. */
const navItems: NavItem[] = [
  { key: "home", section: "home" },
  { key: "plans", section: "plans" },
  { key: "features", section: "features" },
  { key: "blog", path: "/blog" },
  { key: "about", path: "/about" },
  { key: "contact", path: "/contact" },
  { key: "faq", section: "faq" },
];

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const solidHeader = "bg-ink/95 shadow-header backdrop-blur";
// The open menu makes the bar solid through CSS, so it does before any script has run; a browser that runs
// none cannot tell how far the page has scrolled, so its bar is always solid.
const solidWithoutScroll =
  "has-[[data-menu][open]]:bg-ink/95 has-[[data-menu][open]]:shadow-header has-[[data-menu][open]]:backdrop-blur noscript:bg-ink/95 noscript:shadow-header";

export function Header() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const scrolled = useScrolledPast(site.behaviour.headerScrollThresholdPx);
  const menu = useDisclosure();
  const closeMenu = menu.close;

  const sectionLinkProps = useSectionLink(closeMenu);

  const linkClass =
    "inline-flex min-h-11 items-center rounded-md px-3 text-[0.95rem] font-medium text-muted transition-colors hover:text-text aria-[current=page]:text-text";

  const links = navItems.map((item) => (
    <li key={item.key}>
      {"section" in item ? (
        <a className={linkClass} {...sectionLinkProps(item.section)}>
          {t(`nav.${item.key}`)}
        </a>
      ) : (
        <NavLink className={linkClass} to={localized(item.path)} onClick={closeMenu} prefetch="intent">
          {t(`nav.${item.key}`)}
        </NavLink>
      )}
    </li>
  ));

  const subscribe = (
    <a
      className="inline-flex min-h-11 items-center justify-center rounded-full bg-cta px-5 text-[0.95rem] font-semibold text-white shadow-lg shadow-accent-strong/30 transition-transform hover:-translate-y-0.5"
      {...sectionLinkProps("plans")}
    >
      {t("nav.subscribe")}
    </a>
  );

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        scrolled ? solidHeader : `bg-transparent ${solidWithoutScroll}`
      }`}
    >
      <div className="container-page flex h-18 items-center gap-4">
        <Link to={localized("/")} className="flex min-h-11 items-center gap-2.5 rounded-md" aria-label={t("common.homeLink")}>
          <Logo />
          <span className="text-lg font-bold tracking-tight text-text">{site.brand.name}</span>
        </Link>

        <nav aria-label={t("common.mainNavigation")} className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-0.5">{links}</ul>
        </nav>

        <div className="ml-auto flex items-center gap-3 lg:ml-0">
          <LanguagePicker onChoose={closeMenu} />
          <div className="hidden lg:block">{subscribe}</div>
          <details {...menu.detailsProps} data-menu className="group/menu lg:hidden">
            <summary
              ref={menu.summaryRef}
              className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-full border border-line/80 text-text [&::-webkit-details-marker]:hidden"
              aria-label={menu.open ? t("common.closeMenu") : t("common.openMenu")}
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path className="group-open/menu:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open/menu:inline" d="M6 6l12 12M18 6 6 18" />
              </svg>
            </summary>
            <nav
              aria-label={t("common.mainNavigation")}
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-line bg-ink"
            >
              <ul className="container-page flex flex-col gap-1 py-4">{links}</ul>
              <div className="container-page pb-5">{subscribe}</div>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
