/**
 * Articles' social cards, drawn on their first request and kept (decision 0030): on disk under their stamp,
 * so a restart or another server process sharing the folder does not draw them again, and the most recent
 * in memory. Two requests for the same card wait for one drawing; a few cards are drawn at once at most, so a
 * crawler asking for a thousand leaves the processor to the pages.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type CardContent, cardStamp, drawCard } from "./card-drawing.server";

export interface CardStoreOptions {
  /** Where drawn cards are kept; created when needed. */
  directory: string;
  draw?: (content: CardContent) => Promise<Buffer>;
  /** Cards kept in memory (about 60 KB each). */
  memoryEntries?: number;
  /** Cards drawn at the same time. */
  drawingAtOnce?: number;
  /** Told when a drawn card could not be written: it is still answered, and drawn again next time. */
  onKeepFailed?: (error: Error) => void;
}

export interface StoredCard {
  body: Buffer;
  /** The card's stamp (cardStamp), its name on disk and its ETag. */
  stamp: string;
}

export function createCardStore({ directory, draw = drawCard, memoryEntries = 64, drawingAtOnce = 2, onKeepFailed }: CardStoreOptions) {
  const memory = new Map<string, Buffer>();
  const pending = new Map<string, Promise<Buffer>>();
  const waiting: (() => void)[] = [];
  let drawing = 0;

  function remember(stamp: string, body: Buffer): void {
    memory.delete(stamp);
    memory.set(stamp, body);
    // A Map keeps insertion order: the first key is the card used least recently.
    if (memory.size > memoryEntries) memory.delete(memory.keys().next().value as string);
  }

  async function drawInTurn(content: CardContent): Promise<Buffer> {
    if (drawing >= drawingAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    drawing++;
    try {
      return await draw(content);
    } finally {
      drawing--;
      waiting.shift()?.();
    }
  }

  async function keep(file: string, body: Buffer): Promise<void> {
    try {
      await mkdir(directory, { recursive: true });
      // Written aside then renamed: another process never reads half a card.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    } catch (error) {
      onKeepFailed?.(error as Error);
    }
  }

  async function load(stamp: string, content: CardContent): Promise<Buffer> {
    const file = path.join(directory, `${stamp}.jpg`);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return kept;
    const body = await drawInTurn(content);
    await keep(file, body);
    return body;
  }

  return {
    async card(content: CardContent): Promise<StoredCard> {
      const stamp = cardStamp(content);
      const remembered = memory.get(stamp);
      if (remembered) {
        remember(stamp, remembered);
        return { body: remembered, stamp };
      }
      let loading = pending.get(stamp);
      if (!loading) {
        loading = load(stamp, content).finally(() => pending.delete(stamp));
        pending.set(stamp, loading);
      }
      const body = await loading;
      remember(stamp, body);
      return { body, stamp };
    },
  };
}

export type CardStore = ReturnType<typeof createCardStore>;
