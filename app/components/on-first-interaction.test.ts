import { describe, expect, it, vi } from "vitest";
import { onFirstInteraction } from "./on-first-interaction";

describe("onFirstInteraction", () => {
  it("runs the work once, at the first scroll, touch, key or press", () => {
    for (const type of ["scroll", "wheel", "touchstart", "pointerdown", "keydown"]) {
      const page = new EventTarget();
      const work = vi.fn();
      onFirstInteraction(work, page);
      expect(work).not.toHaveBeenCalled();
      page.dispatchEvent(new Event(type));
      page.dispatchEvent(new Event("scroll"));
      page.dispatchEvent(new Event(type));
      expect(work, type).toHaveBeenCalledTimes(1);
    }
  });

  it("ignores what is not an interaction, such as the pointer passing over", () => {
    const page = new EventTarget();
    const work = vi.fn();
    onFirstInteraction(work, page);
    page.dispatchEvent(new Event("pointermove"));
    page.dispatchEvent(new Event("focus"));
    expect(work).not.toHaveBeenCalled();
  });

  it("does nothing once cancelled", () => {
    const page = new EventTarget();
    const work = vi.fn();
    const cancel = onFirstInteraction(work, page);
    cancel();
    page.dispatchEvent(new Event("scroll"));
    expect(work).not.toHaveBeenCalled();
  });
});
