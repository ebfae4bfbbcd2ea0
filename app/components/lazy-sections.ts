import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { site } from "../../content/site";

/*
 * Landing sections below the hero render only when scrolled near, and stay once rendered.
 * Jumping to a section from the header reveals them all at once, so the page does not grow under the
 * visitor while it scrolls.
 */
let allRevealed = false;
/** Sections already rendered in this visit: coming back to the landing page shows them at once. */
const renderedSections = new Set<string>();
const listeners = new Set<() => void>();

/** Loads the sections' code: the landing page sets it, so jumping to a section never renders a placeholder. */
let loadSections: () => Promise<unknown> = () => Promise.resolve();

export function setSectionLoader(load: () => Promise<unknown>): void {
  loadSections = load;
}

/** Renders every section, once their code is loaded. */
export async function revealAllSections(): Promise<void> {
  await loadSections().catch(() => undefined);
  if (allRevealed) return;
  allRevealed = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a section should render: always for crawlers; otherwise once it comes within `marginPx` of the
 * viewport (or every section was revealed), and from then on for good.
 */
export function useNearViewport(id: string, marginPx: number, crawler: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const revealed = useSyncExternalStore(
    subscribe,
    () => allRevealed,
    () => false,
  );
  const [near, setNear] = useState(() => renderedSections.has(id));

  useEffect(() => {
    const element = ref.current;
    if (crawler || near || !element) return;
    if (!("IntersectionObserver" in window)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${marginPx}px 0px`, threshold: site.behaviour.lazySectionThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [crawler, near, marginPx]);

  const visible = crawler || near || revealed;
  if (visible && typeof window !== "undefined") renderedSections.add(id);
  return { ref, visible };
}
