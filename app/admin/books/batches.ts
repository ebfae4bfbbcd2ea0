/**
 * Reading a long list a batch at a time and merging two sorted lists, lazily: what lets the orders' export
 * stream a year of rows while holding one batch of each list (docs/decisions/0023-the-books-in-the-console.md).
 */

/** Every row of a list read in batches: each batch starts after the key of the last row of the one before. */
export async function* inBatches<Row, Key>(
  fetch: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row> {
  for await (const batch of batchesOf(fetch, keyOf, size)) yield* batch;
}

/** The same list a whole batch at a time, for a reader that looks up something of every row in one query. */
export async function* batchesOf<Row, Key>(
  fetch: (after: Key | null, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const batch = await fetch(after, size);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < size || last === undefined) return;
    after = keyOf(last);
  }
}

/** Two lists each sorted by `order`, as one sorted list; on a tie the first list's row comes first. */
export async function* mergeSorted<A, B>(
  first: AsyncIterator<A>,
  second: AsyncIterator<B>,
  order: { first: (row: A) => string; second: (row: B) => string },
): AsyncGenerator<{ from: "first"; row: A } | { from: "second"; row: B }> {
  let a = await first.next();
  let b = await second.next();
  while (!a.done || !b.done) {
    if (!a.done && (b.done || order.first(a.value) <= order.second(b.value))) {
      yield { from: "first", row: a.value };
      a = await first.next();
    } else if (!b.done) {
      yield { from: "second", row: b.value };
      b = await second.next();
    }
  }
}
