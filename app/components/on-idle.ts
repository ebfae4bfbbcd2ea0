/**
 * Runs `work` when the browser is next idle (within 3 s at most; after 200 ms where it cannot tell), so that
 * work nobody waits for stays out of the tasks that hydrate the page. Returns a way to cancel it.
 */
export function onIdle(work: () => unknown): () => void {
  if ("requestIdleCallback" in window) {
    const handle = requestIdleCallback(() => work(), { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}
