import { makeZip } from "client-zip";
import { describe, expect, it } from "vitest";
import { withZip64Count } from "./zip64-count";

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

/** An archive's end record as client-zip writes it: the count held at 65,535, the directory's size and offset. */
function endRecord(count: number, directorySize: number, directoryOffset: number): Uint8Array {
  const bytes = new Uint8Array(22);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, Math.min(count, 0xffff), true);
  view.setUint16(10, Math.min(count, 0xffff), true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, directoryOffset, true);
  return bytes;
}

describe("Zip64's end records for more than 65,535 files", () => {
  it("leaves an archive of fewer files byte for byte as it was", async () => {
    const archive = () => makeZip([1, 2, 3].map((index) => ({ name: `f${index}.pdf`, input: "%PDF", lastModified: new Date(0) })));
    expect(await bytesOf(withZip64Count(archive(), () => 3))).toEqual(await bytesOf(archive()));
  });

  it("adds the Zip64 end record and its locator, pointing at the directory, before the end record", async () => {
    const [files, directorySize, directoryOffset] = [70_000, 5_000_000, 250_000_000];
    const body = new Uint8Array([1, 2, 3]);
    const patched = await bytesOf(withZip64Count(streamOf(body, endRecord(files, directorySize, directoryOffset)), () => files));
    expect(patched.byteLength).toBe(3 + 76 + 22);
    expect(patched.slice(0, 3)).toEqual(body);
    const zip64 = new DataView(patched.buffer, 3, 76);
    expect(zip64.getUint32(0, true)).toBe(0x06064b50);
    expect(zip64.getBigUint64(32, true)).toBe(BigInt(files));
    expect(zip64.getBigUint64(40, true)).toBe(BigInt(directorySize));
    expect(zip64.getBigUint64(48, true)).toBe(BigInt(directoryOffset));
    expect(zip64.getUint32(56, true)).toBe(0x07064b50);
    expect(zip64.getBigUint64(64, true)).toBe(BigInt(directoryOffset + directorySize));
    expect(patched.slice(-22)).toEqual(endRecord(files, directorySize, directoryOffset));
  });

  it("adds nothing when the archive already has them (past 4 GB, client-zip writes them itself)", async () => {
    const zip64Block = new Uint8Array(76);
    new DataView(zip64Block.buffer).setUint32(0, 0x06064b50, true);
    const end = endRecord(70_000, 0xffffffff, 0xffffffff);
    expect(await bytesOf(withZip64Count(streamOf(zip64Block, end), () => 70_000))).toEqual(new Uint8Array([...zip64Block, ...end]));
  });
});
