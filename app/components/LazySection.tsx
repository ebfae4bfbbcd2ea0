import type { ReactNode } from "react";
import { useNearViewport } from "./lazy-sections";

interface LazySectionProps {
  id: string;
  /** How near the viewport, in pixels, the section starts to render. */
  marginPx: number;
  crawler: boolean;
  /** Height classes for the placeholder, close to the section's real height so nothing shifts. */
  placeholderClassName: string;
  children: () => ReactNode;
}

/** A landing-page section that renders when scrolled near; the element carrying its id is always there. */
export function LazySection({ id, marginPx, crawler, placeholderClassName, children }: LazySectionProps) {
  const { ref, visible } = useNearViewport(id, marginPx, crawler);
  return (
    <div id={id} ref={ref} tabIndex={-1} data-section={id} data-loaded={visible} className="outline-none">
      {visible ? children() : <div aria-hidden="true" className={placeholderClassName} />}
    </div>
  );
}
