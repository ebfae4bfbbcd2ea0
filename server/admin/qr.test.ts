import { describe, expect, it } from "vitest";
import { qrSvg } from "./qr.ts";

const uri = "otpauth://totp/NovaStream:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=NovaStream&algorithm=SHA1&digits=6&period=30";

describe("QR codes", () => {
  it("are one self-contained SVG element, named for screen readers", async () => {
    const svg = await qrSvg(uri, "QR code for your authenticator app");
    expect(svg).toMatch(
      /^<svg role="img" aria-label="QR code for your authenticator app" xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/,
    );
    expect(svg).toMatch(/<\/svg>$/);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).not.toMatch(/<script|href|url\(|<image|<foreignObject|\son\w+=/i);
    // The secret is drawn, never written out as text.
    expect(svg).not.toContain("JBSWY3DPEHPK3PXP");
  });

  it("escape the label", async () => {
    const svg = await qrSvg("hello", `Scan "this" <now> & then`);
    expect(svg).toContain('aria-label="Scan &quot;this&quot; &lt;now&gt; &amp; then"');
  });

  it("grow with the text and keep a two-module margin", async () => {
    const size = (svg: string) => Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    const small = await qrSvg("a", "QR");
    const large = await qrSvg(uri, "QR");
    // Version 1 is 21 modules wide; plus two on each side.
    expect(size(small)).toBe(25);
    expect(size(large)).toBeGreaterThan(size(small));
  });
});
