import { describe, expect, it } from "vitest";
import { hashedFileName, standaloneScript } from "./standalone-script.ts";

describe("hashedFileName", () => {
  it("names the file after its content, as the build names its assets", () => {
    expect(hashedFileName("detect", "a")).toMatch(/^assets\/detect-[A-Za-z0-9]{8}\.js$/);
    expect(hashedFileName("detect", "a")).toBe(hashedFileName("detect", "a"));
    expect(hashedFileName("detect", "a")).not.toBe(hashedFileName("detect", "b"));
  });
});

describe("standaloneScript", () => {
  it("builds the language detection into one file that imports nothing (no React, no shared chunk)", async () => {
    const plugin = standaloneScript("language-detection", "app/i18n/detect-on-landing.ts");
    const emitted: { fileName: string; source: string }[] = [];
    const context = { environment: { name: "client" }, emitFile: (file: { fileName: string; source: string }) => emitted.push(file) };
    await (plugin.generateBundle as unknown as (this: typeof context) => Promise<void>).call(context);
    const [file] = emitted;
    expect(file?.fileName).toMatch(/^assets\/language-detection-\w{8}\.js$/);
    expect(file?.source).toMatch(/export\s*\{\s*\w+ as detectOnLanding\s*\}/);
    expect(file?.source).not.toMatch(/\bimport\s*[{*"(]|\bfrom\s*"/);
    expect(file?.source).not.toContain("react");
    // The server's build is given the same file's URL.
    const load = plugin.load as unknown as (id: string) => Promise<string>;
    expect(await load("\0virtual:language-detection")).toBe(`export default ${JSON.stringify(`/${file?.fileName}`)};`);
  }, 30_000);
});
