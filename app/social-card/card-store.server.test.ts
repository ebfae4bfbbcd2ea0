import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CardContent } from "./card-drawing.server";
import { createCardStore } from "./card-store.server";

const content = (title: string): CardContent => ({ title, background: "blog-kodi", brand: "NovaStream" });

/** A drawing that takes until it is let go, and counts. */
function slowDrawing() {
  const drawn: string[] = [];
  const releases: (() => void)[] = [];
  let busy = 0;
  let mostAtOnce = 0;
  const begun: { count: number; resolve: () => void }[] = [];
  let begins = 0;
  const draw = async ({ title }: CardContent) => {
    busy++;
    begins++;
    for (const each of begun) if (begins >= each.count) each.resolve();
    mostAtOnce = Math.max(mostAtOnce, busy);
    await new Promise<void>((resolve) => releases.push(resolve));
    busy--;
    drawn.push(title);
    return Buffer.from(`card of ${title}`);
  };
  const releaseAll = async () => {
    while (drawn.length === 0 || releases.length > 0) {
      releases.splice(0).forEach((release) => void release());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  /** Once `count` drawings have begun: each begins after the store looked for the card on disk, in its own time. */
  const hasBegun = (count: number) => new Promise<void>((resolve) => (begins >= count ? resolve() : begun.push({ count, resolve })));
  return { draw, drawn, releaseAll, hasBegun, mostAtOnce: () => mostAtOnce };
}

describe("the store of articles' cards", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "cards-"));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it("draws a card asked for twice at once only once, and keeps it on disk under its stamp", async () => {
    const drawing = slowDrawing();
    const store = createCardStore({ directory, draw: drawing.draw });
    const both = Promise.all([store.card(content("Kodi")), store.card(content("Kodi"))]);
    await drawing.releaseAll();
    const [first, second] = await both;
    expect(drawing.drawn).toEqual(["Kodi"]);
    expect(second).toEqual(first);
    expect(await readdir(directory)).toEqual([`${first.stamp}.jpg`]);
  });

  it("reads a card kept by another process instead of drawing it", async () => {
    const drawing = slowDrawing();
    const first = createCardStore({ directory, draw: drawing.draw });
    const kept = first.card(content("Kodi"));
    await drawing.releaseAll();
    const { stamp } = await kept;
    await writeFile(path.join(directory, `${stamp}.jpg`), "kept");
    const other = createCardStore({ directory, draw: () => Promise.reject(new Error("drew again")) });
    expect((await other.card(content("Kodi"))).body.toString()).toBe("kept");
  });

  it("draws no more cards at once than it is allowed", async () => {
    const drawing = slowDrawing();
    const store = createCardStore({ directory, draw: drawing.draw, drawingAtOnce: 2 });
    const all = Promise.all(["a", "b", "c", "d", "e"].map((title) => store.card(content(title))));
    await drawing.hasBegun(2);
    expect(drawing.mostAtOnce()).toBe(2);
    while (drawing.drawn.length < 5) await drawing.releaseAll();
    expect((await all).map(({ body }) => body.toString())).toEqual(["a", "b", "c", "d", "e"].map((title) => `card of ${title}`));
    expect(drawing.mostAtOnce()).toBe(2);
  });

  it("answers a card it could not keep, says so, and draws it again next time", async () => {
    const failures: string[] = [];
    let draws = 0;
    const unwritable = path.join(directory, "file");
    await writeFile(unwritable, "a file where the folder should be");
    const store = createCardStore({
      directory: unwritable,
      memoryEntries: 0,
      draw: async () => Buffer.from(`drawing ${++draws}`),
      onKeepFailed: (error) => failures.push(error.message),
    });
    expect((await store.card(content("Kodi"))).body.toString()).toBe("drawing 1");
    expect((await store.card(content("Kodi"))).body.toString()).toBe("drawing 2");
    expect(failures).toHaveLength(2);
  });

  it("does not keep a failed drawing: the next request tries again", async () => {
    let attempts = 0;
    const store = createCardStore({
      directory,
      draw: async () => {
        attempts++;
        if (attempts === 1) throw new Error("no memory");
        return Buffer.from("card");
      },
    });
    await expect(store.card(content("Kodi"))).rejects.toThrow("no memory");
    expect((await store.card(content("Kodi"))).body.toString()).toBe("card");
  });
});
