import { Component, type ReactNode, Suspense, useEffect, useState } from "react";
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

/**
 * A landing-page section that renders when scrolled near; the element carrying its id is always there.
 * `data-loaded` says the section's content is on the page (not its placeholder, shown too while its code loads).
 * A browser that runs no script shows the section's server-rendered content from `<noscript>` instead of the
 * placeholder; React never renders a `<noscript>`'s children on the client, so that costs a script nothing.
 */
export function LazySection({ id, marginPx, crawler, placeholderClassName, children }: LazySectionProps) {
  const { ref, visible } = useNearViewport(id, marginPx, crawler);
  const [shown, setShown] = useState(false);
  const placeholder = <div aria-hidden="true" className={`${placeholderClassName} noscript:hidden`} />;
  return (
    <div id={id} ref={ref} tabIndex={-1} data-section={id} data-loaded={crawler || shown} className="outline-none">
      {visible ? (
        <KeepPlaceholderOnError placeholder={placeholder}>
          <Suspense fallback={placeholder}>
            {children()}
            <WhenShown then={() => setShown(true)} />
          </Suspense>
        </KeepPlaceholderOnError>
      ) : (
        <>
          {placeholder}
          <noscript>{children()}</noscript>
        </>
      )}
    </div>
  );
}

/** Calls `then` once the content beside it is committed to the page, not its Suspense fallback. */
function WhenShown({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
}

/** A section whose code could not be loaded leaves its placeholder: the rest of the page goes on working. */
class KeepPlaceholderOnError extends Component<{ placeholder: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.placeholder : this.props.children;
  }
}
