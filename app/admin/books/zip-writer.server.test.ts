import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { directoryRecordLength, dosDateTime, endRecords, writeDirectoryRecord, type ZipFile, zipStream } from "./zip-writer.server";

const encoder = new TextEncoder();
const at = new Date(Date.UTC(2026, 10, 27, 13, 45, 31));
const archiveOf = async (files: ZipFile[]) =>
  new Uint8Array(
    await new Response(
      zipStream(
        (async function* () {
          yield* files;
        })(),
      ),
    ).arrayBuffer(),
  );
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

describe("the ZIP writer", () => {
  it("writes files another reader opens, by name, byte for byte, in their order", async () => {
    const files = [
      { name: "invoice-NS-2026-000001.pdf", bytes: encoder.encode("%PDF-1.7 first"), lastModified: at },
      { name: "facture-été.pdf", bytes: new Uint8Array(70_000).map((_, index) => index % 251), lastModified: at },
      { name: "empty.pdf", bytes: new Uint8Array(0), lastModified: at },
    ];
    const unzipped = unzipSync(await archiveOf(files));
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.name));
    for (const file of files) expect(unzipped[file.name]).toEqual(file.bytes);
  });

  it("gives each file its CRC-32, its size, stored, and its date, in its header and in the directory", async () => {
    const archive = await archiveOf([{ name: "check.txt", bytes: encoder.encode("123456789"), lastModified: at }]);
    const local = view(archive);
    expect(local.getUint32(0, true)).toBe(0x04034b50);
    expect(local.getUint16(8, true)).toBe(0); // stored
    expect(local.getUint32(14, true)).toBe(0xcbf43926); // CRC-32's own check value for "123456789"
    expect([local.getUint32(18, true), local.getUint32(22, true)]).toEqual([9, 9]);
    const directoryAt = 30 + "check.txt".length + 9;
    const record = view(archive.subarray(directoryAt));
    expect(record.getUint32(0, true)).toBe(0x02014b50);
    expect(record.getUint32(16, true)).toBe(0xcbf43926);
    expect([record.getUint16(12, true), record.getUint16(14, true)]).toEqual([local.getUint16(10, true), local.getUint16(12, true)]);
    expect(record.getUint32(42, true)).toBe(0); // the local header's offset
    const end = view(archive.subarray(archive.byteLength - 22));
    expect(end.getUint32(0, true)).toBe(0x06054b50);
    expect(end.getUint16(10, true)).toBe(1);
    expect(end.getUint32(16, true)).toBe(directoryAt);
    expect(end.getUint32(12, true)).toBe(46 + "check.txt".length);
  });

  it("keeps dates as MS-DOS does, in UTC to two seconds, and dates before 1980 as its first day", () => {
    const { time, date } = dosDateTime(at);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([13, 45, 30]);
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 11, 27]);
    expect(dosDateTime(new Date(0))).toEqual({ time: 0, date: (1 << 5) | 1 });
  });

  it("is an empty archive, its end record alone, when there are no files", async () => {
    const archive = await archiveOf([]);
    expect(archive.byteLength).toBe(22);
    expect(unzipSync(archive)).toEqual({});
  });

  it("refuses a name longer than the format holds, failing the stream", async () => {
    await expect(archiveOf([{ name: "a".repeat(70_000), bytes: new Uint8Array(1), lastModified: at }])).rejects.toThrow(/name/);
  });
});

describe("Zip64, past what the plain format counts or reaches", () => {
  const entry = (offset: number) => ({ name: encoder.encode("late.pdf"), size: 7, crc: 1, time: dosDateTime(at), offset });

  it("gives a file whose header starts past 4 GB its offset in a Zip64 extra field", () => {
    const late = entry(5_000_000_000);
    const bytes = new Uint8Array(directoryRecordLength(late));
    writeDirectoryRecord(late, bytes, 0);
    const record = view(bytes);
    expect(bytes.byteLength).toBe(46 + 8 + 12);
    expect(record.getUint16(6, true)).toBe(45); // needs Zip64 to extract
    expect(record.getUint32(42, true)).toBe(0xffffffff);
    expect(record.getUint16(30, true)).toBe(12);
    expect([record.getUint16(54, true), record.getUint16(56, true)]).toEqual([1, 8]);
    expect(record.getBigUint64(58, true)).toBe(5_000_000_000n);
  });

  it("leaves a file before 4 GB without it", () => {
    expect(directoryRecordLength(entry(4_000_000_000))).toBe(46 + 8);
  });

  it("ends an archive of 65,535 files or more with Zip64's end record and locator, then the plain one at its limits", () => {
    const [files, directoryOffset, directorySize] = [70_000, 5_000_000_000, 5_600_000];
    const bytes = endRecords(files, directoryOffset, directorySize);
    const zip64 = view(bytes);
    expect(bytes.byteLength).toBe(76 + 22);
    expect(zip64.getUint32(0, true)).toBe(0x06064b50);
    expect(zip64.getBigUint64(32, true)).toBe(BigInt(files));
    expect(zip64.getBigUint64(40, true)).toBe(BigInt(directorySize));
    expect(zip64.getBigUint64(48, true)).toBe(BigInt(directoryOffset));
    expect(zip64.getUint32(56, true)).toBe(0x07064b50);
    expect(zip64.getBigUint64(64, true)).toBe(BigInt(directoryOffset + directorySize));
    const end = view(bytes.subarray(76));
    expect([end.getUint16(10, true), end.getUint32(12, true), end.getUint32(16, true)]).toEqual([0xffff, directorySize, 0xffffffff]);
  });

  it("writes no Zip64 record for an archive the plain format can describe", () => {
    expect(endRecords(65_534, 4_000_000_000, 5_000_000).byteLength).toBe(22);
  });
});
