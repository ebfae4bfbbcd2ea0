import type { Words } from "./ip-address.ts";

export interface CountryRange {
  start: Words;
  end: Words;
  country: string;
}

const comma = 44;
const newline = 10;
const carriageReturn = 13;
const zero = 48;
const wordBase = 2 ** 32;
/** Six decimal digits at a time: a word (< 2^32) times 10^6 plus the digits stays exact in a double (< 2^53). */
const digitsPerStep = 6;

/**
 * The ranges of an ip-location-db `-num` CSV file, one a line: `first address,last address,country code`,
 * the addresses as decimal numbers (up to 128 bits for IPv6), read as `width` 32-bit words. The file is
 * read byte by byte, without making a string per field: it has hundreds of thousands of lines.
 * Throws, naming the line, on anything else.
 */
export function* readRangeCsv(bytes: Uint8Array, width: 1 | 4): Generator<CountryRange> {
  let line = 1;
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === newline || bytes[at] === carriageReturn) {
      if (bytes[at] === newline) line++;
      at++;
      continue;
    }
    const start = readNumber(bytes, at, width);
    const end = start && bytes[start.next] === comma ? readNumber(bytes, start.next + 1, width) : null;
    const code = end && bytes[end.next] === comma ? String.fromCharCode(bytes[end.next + 1] ?? 0, bytes[end.next + 2] ?? 0) : "";
    const next = end ? end.next + 3 : at;
    const lineEnds = next >= bytes.length || bytes[next] === newline || bytes[next] === carriageReturn;
    if (!start || !end || !/^[A-Z]{2}$/.test(code) || !lineEnds)
      throw new Error(`line ${line} is not "first address,last address,country code"`);
    yield { start: start.words, end: end.words, country: code };
    at = next;
  }
}

/** A decimal number at `at`, as words, and where it stops; null when there is no number or it does not fit. */
function readNumber(bytes: Uint8Array, at: number, width: number): { words: Words; next: number } | null {
  const words = new Array<number>(width).fill(0);
  let next = at;
  while (next < bytes.length && isDigit(bytes[next])) {
    let chunk = 0;
    let scale = 1;
    for (let taken = 0; taken < digitsPerStep && next < bytes.length && isDigit(bytes[next]); taken++, next++) {
      chunk = chunk * 10 + ((bytes[next] ?? zero) - zero);
      scale *= 10;
    }
    // words = words * scale + chunk, carried from the least significant word up.
    let carry = chunk;
    for (let index = width - 1; index >= 0; index--) {
      const value = (words[index] ?? 0) * scale + carry;
      carry = Math.floor(value / wordBase);
      words[index] = value - carry * wordBase;
    }
    if (carry !== 0) return null;
  }
  return next === at ? null : { words, next };
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= zero && byte <= zero + 9;
}
