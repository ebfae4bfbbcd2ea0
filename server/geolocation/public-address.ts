import { type Address, parseAddress } from "./ip-address.ts";

/**
 * Blocks of IANA's special-purpose address registries that no visitor on the internet comes from: private
 * networks, loopback, link-local, shared (carrier-grade NAT), documentation, benchmarking, multicast and
 * reserved space. The published country data wrongly places some of them (192.168.0.0/16 in AU, 2001:db8::/32
 * in JP), and an address from one means the visitor's real address is unknown.
 */
const specialIpv4 = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/3",
];

/** Of IPv6, only global unicast (2000::/3) reaches the internet; within it, these blocks are special. */
const specialIpv6 = ["2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20"];

interface Block {
  address: Address;
  bits: number;
}

function block(cidr: string): Block {
  const [text = "", bits = ""] = cidr.split("/");
  const address = parseAddress(text);
  if (!address) throw new Error(`not an address block: ${cidr}`);
  return { address, bits: Number(bits) };
}

const ipv4Blocks = specialIpv4.map(block);
const ipv6Blocks = specialIpv6.map(block);
const globalUnicast = block("2000::/3");

function inBlock(address: Address, { address: base, bits }: Block): boolean {
  if (address.family !== base.family) return false;
  for (let index = 0; index * 32 < bits; index++) {
    const ignored = 2 ** (32 - Math.min(32, bits - index * 32));
    if (Math.floor((address.words[index] ?? 0) / ignored) !== Math.floor((base.words[index] ?? 0) / ignored)) return false;
  }
  return true;
}

/** Whether an address can be a visitor's on the public internet, and so can have a country. */
export function isPublicAddress(address: Address): boolean {
  if (address.family === 4) return !ipv4Blocks.some((special) => inBlock(address, special));
  return inBlock(address, globalUnicast) && !ipv6Blocks.some((special) => inBlock(address, special));
}
