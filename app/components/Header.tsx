import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { site } from "../../content/site";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { LanguagePicker } from "./LanguagePicker";
import { Logo } from "./Logo";
import { type SectionId, useSectionLink } from "./section-navigation";
import { useDismiss } from "./use-dismiss";

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

export function Header() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const scrolled = useScrolledPast(site.behaviour.headerScrollThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const headerRef = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, closeMenu, headerRef, toggleRef);
  const solid = scrolled || menuOpen;

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
      ref={headerRef}
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        solid ? "bg-ink/95 shadow-header backdrop-blur" : "bg-transparent"
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
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full border border-line/80 text-text lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("common.closeMenu") : t("common.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
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
              {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label={t("common.mainNavigation")}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-line bg-ink lg:hidden"
      >
        <ul className="container-page flex flex-col gap-1 py-4">{links}</ul>
        <div className="container-page pb-5">{subscribe}</div>
      </nav>
    </header>
  );
}
