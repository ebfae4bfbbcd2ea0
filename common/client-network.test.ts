import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("the client a limit counts", () => {
  it("is an IPv6 address's /64, however the address is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:eeee:dddd:cccc",
      "[2001:db8:1:2::9]:443",
      "2001:db8:1:2:0:0:0:0",
      " 2001:db8:1:2::1%eth0 ",
    ]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("is an IPv4 address itself, also when written as IPv6", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::FFFF:c633:6407")).toBe("198.51.100.7");
  });

  it("leaves anything else as it is, lower-cased", () => {
    for (const text of ["unknown", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "2001:db8:zz::1", "::ffff:300.1.1.1", "1:2:3:4:5:6:7::8"]) {
      expect(clientNetwork(text)).toBe(text.toLowerCase());
    }
  });
});
