/**
 * A CSV export as a byte stream, read while it is sent (docs/decisions/0023, 0027): the header first, then
 * about a batch of lines per chunk, each batch read from the database only when the download asks for more,
 * so the server holds one batch whatever the export's size.
 */
import { type CsvCell, toCsv } from "../../../server/admin/csv.ts";
import { logger } from "../../../server/logger.ts";

/** toCsv starts every text it makes with a byte order mark: the file needs one, at its start only. */
const withoutBom = (text: string) => text.slice(1);

/** The lines as a byte stream: the header first, then about a batch of lines per chunk, each read when asked. */
export function csvStream(header: string[], lines: AsyncIterator<CsvCell[]>, batchSize: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(toCsv([header])));
      },
      async pull(controller) {
        try {
          const chunk: CsvCell[][] = [];
          while (chunk.length < batchSize) {
            const next = await lines.next();
            if (next.done) break;
            chunk.push(next.value);
          }
          if (chunk.length > 0) controller.enqueue(encoder.encode(withoutBom(toCsv(chunk))));
          if (chunk.length < batchSize) controller.close();
        } catch (error) {
          // The download stops short (the browser says it failed) rather than ending as if it were whole.
          logger.error({ reason: (error as Error).message }, "An export failed while streaming");
          controller.error(error);
        }
      },
      async cancel() {
        await lines.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
