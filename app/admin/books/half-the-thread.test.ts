import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { halfTheThread } from "./half-the-thread";

describe("a download that takes at most half of the visitors' thread", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A clock the work moves forward, as drawing a PDF would. */
  const clock = () => {
    let ms = 0;
    const work = (took: number) => async () => {
      ms += took;
      return took;
    };
    return { now: () => ms, work };
  };

  it("gives the event loop a turn after each piece of work shorter than the slice, without resting", async () => {
    const { now, work } = clock();
    const pace = halfTheThread(10, now);
    const done = vi.fn();
    void pace.run(work(3)).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledWith(3);
  });

  it("rests as long as it worked once the work since the last rest reaches the slice", async () => {
    const { now, work } = clock();
    const pace = halfTheThread(10, now);
    for (const took of [4, 4]) {
      const ran = pace.run(work(took));
      await vi.advanceTimersByTimeAsync(0);
      await ran;
    }
    const done = vi.fn();
    void pace.run(work(4)).then(done);
    await vi.advanceTimersByTimeAsync(11);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(4);
    // The count starts again after the rest: the next short piece gets a turn only.
    const next = vi.fn();
    void pace.run(work(4)).then(next);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toHaveBeenCalled();
  });
});
