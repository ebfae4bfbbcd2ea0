import { type SyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss";

/**
 * A `<details>` element used as a popup (the menu, the language list). The browser opens and closes it
 * before any script has run, and without one; once hydrated, React follows its state (to name the toggle)
 * and closes it the ways people expect: Escape, a click outside, focus leaving it, a link chosen in it.
 */
export function useDisclosure() {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);

  // A visitor may have opened it before hydration; React's state starts from what the page shows.
  useEffect(() => setOpen(detailsRef.current?.open ?? false), []);

  const close = useCallback(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, []);
  useDismiss(open, close, detailsRef, summaryRef);

  const onToggle = useCallback((event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open), []);

  return { open, close, detailsProps: { ref: detailsRef, onToggle }, summaryRef };
}
