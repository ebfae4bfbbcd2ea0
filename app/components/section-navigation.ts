import { type MouseEvent, useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { pathWithoutLanguage } from "../../common/languages";
import { site } from "../../content/site";
import { useLocalizedPath } from "../i18n/use-language";
import { revealAllSections } from "./lazy-sections";
import { isPlainClick } from "./router-link-click";

export type SectionId = "home" | "plans" | "features" | "faq";

async function scrollToSection(id: SectionId): Promise<void> {
  // Sections above the target must be rendered first, or their growing heights would move it.
  await revealAllSections();
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
  });
}

/**
 * Moves to a landing-page section: scrolls there on the landing page; from any other page, goes to the
 * landing page first and scrolls once it has rendered (after the spec's 100 ms).
 */
export function useSectionNavigation(): (id: SectionId) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  return useCallback(
    (id: SectionId) => {
      if (pathWithoutLanguage(location.pathname) === "/") {
        window.history.replaceState(window.history.state, "", `#${id}`);
        void scrollToSection(id);
        return;
      }
      void Promise.resolve(navigate(`${localized("/")}#${id}`, { preventScrollReset: true })).then(() => {
        setTimeout(() => void scrollToSection(id), site.behaviour.scrollAfterNavigationMs);
      });
    },
    [location.pathname, navigate, localized],
  );
}

/**
 * Props for a real link to a landing section (`/#plans`): it works without JavaScript, and with it the
 * click scrolls smoothly instead. Modified clicks (new tab, new window) keep the browser's behaviour.
 */
export function useSectionLink(onFollow?: () => void) {
  const localized = useLocalizedPath();
  const goToSection = useSectionNavigation();
  return (section: SectionId) => ({
    href: `${localized("/")}#${section}`,
    onClick: (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      onFollow?.();
      goToSection(section);
    },
  });
}
