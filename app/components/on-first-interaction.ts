/** What a visitor does when about to read on: scroll (wheel, touch, keys) or press. */
const interactions = ["scroll", "wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Runs `work` once, at the visitor's first scroll, touch, key or press on the page, so that what the first
 * view does not show is not downloaded for a visitor who reads only that, yet arrives before the visitor has
 * scrolled far (docs/decisions/0010-landing-sections-on-first-interaction.md). Returns a way to cancel it.
 */
export function onFirstInteraction(work: () => unknown, target: EventTarget = window): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of interactions) target.removeEventListener(type, run, options);
  };
  function run() {
    stop();
    work();
  }
  for (const type of interactions) target.addEventListener(type, run, options);
  return stop;
}
