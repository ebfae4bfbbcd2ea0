import { isIPv4, isIPv6 } from "node:net";

/** An address as unsigned 32-bit words, most significant first: one word for IPv4, four for IPv6. */
export type Words = number[];

export interface Address {
  family: 4 | 6;
  words: Words;
}

/**
 * Reads an IPv4 or IPv6 address as words, or null when the text is not one. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, how a dual-stack server sees an IPv4 visitor) is read as the IPv4 address it carries.
 * Brackets (`[2001:db8::1]`) and a zone (`fe80::1%eth0`) are dropped.
 */
export function parseAddress(text: string): Address | null {
  const value = text
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (isIPv4(value)) return { family: 4, words: [ipv4Word(value)] };
  if (!isIPv6(value)) return null;
  const words = ipv6Words(value);
  if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return { family: 4, words: [words[3] ?? 0] };
  return { family: 6, words };
}

/** A valid dotted IPv4 address as one word. */
function ipv4Word(text: string): number {
  return text.split(".").reduce((word, part) => word * 256 + Number(part), 0);
}

/** A valid IPv6 address as four words: the `::` filled with zero groups, an IPv4 tail read as two groups. */
function ipv6Words(text: string): Words {
  const groupsOf = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const word = ipv4Word(group);
          return [Math.floor(word / 0x10000), word % 0x10000];
        });
  const [head = "", tail] = text.split("::");
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  return [0, 1, 2, 3].map((index) => (groups[index * 2] ?? 0) * 0x10000 + (groups[index * 2 + 1] ?? 0));
}
