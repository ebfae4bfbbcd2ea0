/**
 * Waiting for what the servers do in their own time (jobs drained, orders settled, events delivered) by what
 * is left of it, not by a clock: on a busy machine the same work takes longer, and a phase that gave up after
 * a fixed time would report a fault that is only the machine's minute.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `left()` is 0. It waits as long as the count keeps going down; it gives up (and returns what is
 * left) only when the count has not gone below its lowest for `stallMs`: then something is stuck, which is
 * what the phase then reports. `stallMs` must cover any wait the phase expects (a killed server's claims
 * lapse after the runner's 60 s lease).
 */
export async function untilNoneLeft(left: () => Promise<number>, { stallMs, pollMs = 250 }: { stallMs: number; pollMs?: number }) {
  let lowest = await left();
  let movedAt = performance.now();
  while (lowest > 0) {
    await pause(pollMs);
    const now = await left();
    if (now < lowest) {
      lowest = now;
      movedAt = performance.now();
    } else if (performance.now() - movedAt > stallMs) return now;
  }
  return 0;
}
