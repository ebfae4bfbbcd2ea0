import type { Words } from "./ip-address.ts";

/** No country: an address outside every range (private, reserved or unassigned). */
const none = 0;

/** A two-letter code packed in 16 bits, so a table of countries is one small typed array. */
function packCountry(code: string): number {
  return code.charCodeAt(0) * 256 + code.charCodeAt(1);
}

function compareWords(a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, width: number): number {
  for (let index = 0; index < width; index++) {
    const difference = (a[aAt + index] ?? 0) - (b[bAt + index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The address after `words`, or null past the last address of the family. */
function nextAddress(words: Words): Words | null {
  const next = [...words];
  for (let index = next.length - 1; index >= 0; index--) {
    if (next[index] !== 0xffffffff) {
      next[index] = (next[index] ?? 0) + 1;
      return next;
    }
    next[index] = 0;
  }
  return null;
}

/**
 * The countries of one address family as sorted breakpoints: from each breakpoint up to the next, every
 * address has that breakpoint's country (or none). A lookup is one binary search.
 */
export class CountryTable {
  private readonly width: number;
  private readonly points: Uint32Array;
  private readonly countries: Uint16Array;

  constructor(width: number, points: Uint32Array, countries: Uint16Array) {
    this.width = width;
    this.points = points;
    this.countries = countries;
  }

  get size(): number {
    return this.countries.length;
  }

  lookup(address: Words): string | null {
    // The last breakpoint at or before the address.
    let low = 0;
    let high = this.countries.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (compareWords(this.points, middle * this.width, address, 0, this.width) <= 0) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    const country = found === -1 ? none : (this.countries[found] ?? none);
    return country === none ? null : String.fromCharCode(country >> 8, country & 0xff);
  }
}

/**
 * Builds a table from inclusive ranges given in order of their first address. The published data has
 * overlapping ranges (a precise range inside a broad one): the range that starts later wins for its
 * addresses, and the broad one resumes after it, so every address gets exactly one answer.
 */
export class CountryTableBuilder {
  private readonly points: number[] = [];
  private readonly countries: number[] = [];
  /** The ranges around the current address, innermost last; `after` is null for one reaching the end. */
  private readonly open: { after: Words | null; country: number }[] = [];
  private lastStart: Words | null = null;
  private readonly width: 1 | 4;

  constructor(width: 1 | 4) {
    this.width = width;
  }

  add(start: Words, end: Words, country: string): void {
    if (start.length !== this.width || end.length !== this.width) throw new Error("an address of the wrong family");
    if (compareWords(start, 0, end, 0, this.width) > 0) throw new Error("a range that ends before it starts");
    if (this.lastStart && compareWords(this.lastStart, 0, start, 0, this.width) > 0) throw new Error("ranges out of order");
    this.lastStart = start;
    this.closeUntil(start);
    this.mark(start, packCountry(country));
    this.open.push({ after: nextAddress(end), country: packCountry(country) });
  }

  finish(): CountryTable {
    this.closeUntil(null);
    return new CountryTable(this.width, Uint32Array.from(this.points), Uint16Array.from(this.countries));
  }

  /** Ends the ranges that stop before `limit` (null: all of them), resuming the one around each. */
  private closeUntil(limit: Words | null): void {
    for (let innermost = this.open.at(-1); innermost?.after && this.isOver(innermost.after, limit); innermost = this.open.at(-1)) {
      const { after } = innermost;
      this.open.pop();
      // A range below that ended inside the one just closed is over too.
      while (this.open.length > 0 && this.isOver(this.open.at(-1)?.after ?? null, after)) this.open.pop();
      this.mark(after, this.open.at(-1)?.country ?? none);
    }
  }

  /** Whether a range whose first address after it is `after` has ended by `point` (null: the end of all). */
  private isOver(after: Words | null, point: Words | null): boolean {
    return after !== null && (point === null || compareWords(after, 0, point, 0, this.width) <= 0);
  }

  /** From `at` on, addresses are in `country`: a breakpoint, unless it changes nothing. */
  private mark(at: Words, country: number): void {
    const last = this.countries.length - 1;
    if (last >= 0 && compareWords(this.points, last * this.width, at, 0, this.width) === 0) {
      this.countries[last] = country;
    } else if (this.countries[last] !== country) {
      this.points.push(...at);
      this.countries.push(country);
    }
  }
}
