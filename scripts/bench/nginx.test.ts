import { describe, expect, it } from "vitest";
import { nginxConfig, nginxString } from "./nginx.ts";

describe("nginxString", () => {
  it("quotes a value, escaping quotes and backslashes, and never lets $ start a variable", () => {
    expect(nginxString(`default-src 'self'; a "b" \\ c`)).toBe(`"default-src 'self'; a \\"b\\" \\\\ c"`);
    expect(nginxString("price $5")).toBe(`"price \${dollar}5"`);
  });
});

describe("nginxConfig", () => {
  const config = nginxConfig({
    directory: "/tmp/bench-nginx-x",
    port: 3207,
    contentType: "text/html; charset=utf-8",
    headers: [
      ["content-encoding", "br"],
      ["Content-Length", "6410"],
      ["content-type", "text/html; charset=utf-8"],
      ["Date", "Sun, 22 Nov 2026 22:01:47 GMT"],
      ["Connection", "keep-alive"],
      ["vary", "Cookie, Accept-Encoding"],
      ["content-security-policy", "script-src 'self' 'nonce-abc=='"],
    ],
  });

  it("runs one worker in the foreground on 127.0.0.1 with every path it writes in its directory", () => {
    expect(config).toContain("daemon off;");
    expect(config).toContain("worker_processes 1;");
    expect(config).toContain("listen 127.0.0.1:3207;");
    for (const line of config.split("\n").filter((text) => /_path |^pid |^error_log |root /.test(text.trim()))) {
      expect(line).toContain('"/tmp/bench-nginx-x/');
    }
    expect(config).not.toMatch(/^\s*user /m);
  });

  it("serves the file with our Content-Type and our response headers, not those of one connection", () => {
    expect(config).toContain('default_type "text/html; charset=utf-8";');
    expect(config).toContain('add_header content-encoding "br";');
    expect(config).toContain('add_header vary "Cookie, Accept-Encoding";');
    expect(config).toContain(`add_header content-security-policy "script-src 'self' 'nonce-abc=='";`);
    expect(config).not.toMatch(/add_header (Content-Length|content-type|Date|Connection)/);
    expect(config).not.toContain("geo $dollar");
  });

  it("defines $dollar only when a header needs it", () => {
    const withDollar = nginxConfig({ directory: "/tmp/x", port: 3207, contentType: "text/html", headers: [["x-price", "$5"]] });
    expect(withDollar).toContain('geo $dollar {\n    default "$";');
    expect(withDollar).toContain(`add_header x-price "\${dollar}5";`);
  });
});
