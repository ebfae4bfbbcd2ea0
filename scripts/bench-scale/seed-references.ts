/**
 * References that look like the shop's (`NS-7F3K-9QXD`, `TR-…`) yet are unique by construction: the index
 * goes through a Feistel permutation of 40 bits (a bijection, so two indexes never meet) before it is
 * spelled in Crockford's base 32. Drawing 40 random bits a million times would collide about once.
 */
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const half = 1 << 20;

function round(value: number, key: number): number {
  let mixed = Math.imul(value ^ key, 0x45d9f3b) >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x45d9f3b) >>> 0;
  return (mixed ^ (mixed >>> 16)) & (half - 1);
}

/** A bijection of [0, 2^40): the same index always gives the same number, two indexes never the same. */
export function scramble40(index: number, salt: number): number {
  let left = Math.floor(index / half) % half;
  let right = index % half;
  for (const key of [salt, salt ^ 0x5bd1e9, salt ^ 0x1b873593, salt ^ 0x7feb352d]) {
    const next = left ^ round(right, key);
    left = right;
    right = next;
  }
  return left * half + right;
}

/** `PREFIX-XXXX-XXXX` for index `index` (unique per prefix and salt). */
export function seededReference(prefix: string, index: number, salt: number): string {
  let value = scramble40(index, salt);
  let characters = "";
  for (let position = 0; position < 8; position++) {
    characters = alphabet[value % 32] + characters;
    value = Math.floor(value / 32);
  }
  return `${prefix}-${characters.slice(0, 4)}-${characters.slice(4)}`;
}
