/**
 * A long download drawn on the visitors' thread (a month's PDFs) takes at most half of that thread. Between
 * two pieces of work it gives the event loop a turn, so a visitor waits at most one piece (pdfkit ends its
 * stream on process.nextTick: without that turn, a download that never waits on its socket would hold every
 * visitor for the whole month). After each `sliceMs` of work it rests as long as it worked. Visitors' requests
 * get the rest of the thread, and V8's collector keeps pace with what the drawing leaves behind: at full speed
 * the month's ZIP grew the server by 55 to 70 MB, at half by 8 to 26 MB
 * (docs/decisions/0037-a-zip-writer-of-our-own.md).
 */
export const SLICE_MS = 10;

export interface Pace {
  /** Runs one piece of work, then waits: a turn of the event loop, or a rest as long as the slice worked. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function halfTheThread(sliceMs = SLICE_MS, now = () => performance.now()): Pace {
  let worked = 0;
  return {
    async run(work) {
      const started = now();
      const result = await work();
      worked += now() - started;
      if (worked < sliceMs) await turn();
      else {
        const slice = worked;
        worked = 0;
        await rest(slice);
      }
      return result;
    },
  };
}
