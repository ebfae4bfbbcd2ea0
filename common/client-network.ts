/**
 * The client a per-client limit counts: an IPv4 address is one client, an IPv6 address counts as its /64.
 * A home or a phone is given a whole /64 and may use any address in it, so counting IPv6 addresses one by one
 * would hand one visitor 2^64 fresh counters. Pure, for the limits and the trial's per-connection rule.
 */

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      // An IPv4 address may end an IPv6 one (::ffff:198.51.100.7): two groups.
      const v4 = index === pieces.length - 1 ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(piece) : null;
      if (v4) {
        const bytes = v4.slice(1).map(Number);
        if (bytes.some((byte) => byte > 255)) return undefined;
        groups.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0] ?? "");
  const tail = parse(halves[1] ?? "");
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
}

/**
 * `2001:db8:1:2::/64` for any address of that /64, however written (zeros, case, brackets, a zone); an IPv4
 * address, also written as IPv6 (`::ffff:198.51.100.7`), as itself; anything else unchanged.
 */
export function clientNetwork(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const bare = /^\[([^\]]+)\](:\d+)?$/.exec(trimmed)?.[1] ?? trimmed;
  const groups = bare.includes(":") ? ipv6Groups(bare.replace(/%.*$/, "")) : undefined;
  if (!groups) return trimmed;
  const mappedV4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedV4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
