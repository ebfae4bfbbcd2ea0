import { describe, expect, it } from "vitest";
import { parseAddress } from "./ip-address.ts";
import { isPublicAddress } from "./public-address.ts";

describe("reading an address", () => {
  it.each([
    ["8.8.8.8", { family: 4, words: [0x08080808] }],
    ["255.255.255.255", { family: 4, words: [0xffffffff] }],
    ["2001:db8::1", { family: 6, words: [0x20010db8, 0, 0, 1] }],
    ["::", { family: 6, words: [0, 0, 0, 0] }],
    ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", { family: 6, words: [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff] }],
    ["2a02:9000:0:0:0:0:0:1", { family: 6, words: [0x2a029000, 0, 0, 1] }],
    ["64:ff9b::192.0.2.33", { family: 6, words: [0x0064ff9b, 0, 0, 0xc0000221] }],
    ["[2a01:cb00::1]", { family: 6, words: [0x2a01cb00, 0, 0, 1] }],
    ["fe80::1%eth0", { family: 6, words: [0xfe800000, 0, 0, 1] }],
  ])("reads %s", (text, address) => {
    expect(parseAddress(text)).toEqual(address);
  });

  it("reads an IPv4-mapped IPv6 address, as a dual-stack server sees IPv4 visitors, as IPv4", () => {
    expect(parseAddress("::ffff:80.58.61.250")).toEqual({ family: 4, words: [0x503a3dfa] });
    expect(parseAddress("::ffff:8.8.8.8")).toEqual(parseAddress("8.8.8.8"));
  });

  it.each(["", "unknown", "1.2.3", "256.1.1.1", "1.2.3.4.5", "2001:db8::1::1", "2001:db8:g::1", "1.2.3.4, 5.6.7.8"])(
    "refuses %j",
    (text) => {
      expect(parseAddress(text)).toBeNull();
    },
  );
});

describe("addresses that can have a country", () => {
  const isPublic = (text: string) => {
    const address = parseAddress(text);
    if (!address) throw new Error(`not an address: ${text}`);
    return isPublicAddress(address);
  };

  it.each(["8.8.8.8", "80.58.61.250", "100.63.255.255", "172.32.0.1", "2001:4860:4860::8888", "2a02:9000::1", "::ffff:8.8.8.8"])(
    "%s is on the internet",
    (text) => expect(isPublic(text)).toBe(true),
  );

  it.each([
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "127.0.0.1",
    "169.254.1.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "192.0.2.1",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "2001:db8::1",
    "2001::1",
    "2002:c000:0204::1",
    "64:ff9b::192.0.2.33",
  ])("%s is private, local or reserved", (text) => expect(isPublic(text)).toBe(false));
});
