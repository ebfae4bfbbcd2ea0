import { makeZip } from "client-zip";
import { describe, expect, it } from "vitest";
import { withZip64Count } from "./zip64-count";

const archive = (count: number) =>
  makeZip(
    (function* () {
      for (let index = 1; index <= count; index++) yield { name: `f${index}.pdf`, input: "%PDF", lastModified: new Date(0) };
    })(),
  );
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe("Zip64's end records for more than 65,535 files", () => {
  it("leaves an archive of fewer files byte for byte as it was", async () => {
    const plain = await bytesOf(archive(3));
    expect(await bytesOf(withZip64Count(archive(3), () => 3))).toEqual(plain);
  });

  it("adds the Zip64 end record and its locator, pointing at the directory, before the end record", async () => {
    const count = 65_536;
    const plain = await bytesOf(archive(count));
    const patched = await bytesOf(withZip64Count(archive(count), () => count));
    expect(patched.byteLength).toBe(plain.byteLength + 76);
    const end = new DataView(patched.buffer, patched.byteLength - 22);
    const [directorySize, directoryOffset] = [end.getUint32(12, true), end.getUint32(16, true)];
    const zip64 = new DataView(patched.buffer, directoryOffset + directorySize, 76);
    expect(zip64.getUint32(0, true)).toBe(0x06064b50);
    expect(zip64.getBigUint64(32, true)).toBe(BigInt(count));
    expect(zip64.getBigUint64(48, true)).toBe(BigInt(directoryOffset));
    expect(zip64.getUint32(56, true)).toBe(0x07064b50);
    expect(zip64.getBigUint64(64, true)).toBe(BigInt(directoryOffset + directorySize));
  });
});
