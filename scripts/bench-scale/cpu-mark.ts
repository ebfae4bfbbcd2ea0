/**
 * A fixed piece of CPU work timed in this process (hashing and JSON, single-threaded), printed with the
 * figures: on a shared 2-core machine a slow minute shows here too, so two runs can be compared fairly.
 */
import { createHash } from "node:crypto";

/** Milliseconds for the fixed work (lower is faster); the best of three. */
export function cpuMark(): number {
  const data = Buffer.alloc(1 << 20, 7);
  const object = Array.from({ length: 2000 }, (_, index) => ({ index, name: `customer ${index}`, paid: index % 3 === 0 }));
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let step = 0; step < 60; step++) createHash("sha256").update(data).digest();
    for (let step = 0; step < 40; step++) JSON.parse(JSON.stringify(object));
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
