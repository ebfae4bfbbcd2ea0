/**
 * A ZIP written as a stream, for files whose bytes are whole before they are added (a month's PDFs): stored,
 * not deflated (a PDF's streams are compressed already), each file made only when the reader asks for more.
 * A ZIP ends with a directory of every file, so it must be kept until the end: here it is kept as the bytes
 * it will be written as (about 80 per file, in blocks of 64 KB), not as an object or two per file
 * (docs/decisions/0037-a-zip-writer-of-our-own.md). Zip64 records are written when the plain format cannot
 * count the files (65,535 or more) or reach the directory (past 4 GB). The format: PKWARE's APPNOTE 6.3.
 */
import { crc32 } from "node:zlib";

export interface ZipFile {
  name: string;
  bytes: Uint8Array;
  /** The file's date in the archive (as UTC, to the two seconds the format keeps). */
  lastModified: Date;
}

const LOCAL_HEADER = 0x04034b50;
const DIRECTORY_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Versions needed to extract: 2.0 for stored files, 4.5 for Zip64 fields. Made on Unix (3), so modes are read. */
const VERSION = 20;
const VERSION_ZIP64 = 45;
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const UTF8_NAMES = 0x0800;
/** A regular file, read and write for its owner, read for others (rw-r--r--). */
const FILE_MODE = 0o100644 * 0x10000;
const BLOCK_SIZE = 64 * 1024;

/** The date and time as MS-DOS keeps them (what every ZIP reader shows), from 1980 on. */
export function dosDateTime(date: Date): { time: number; date: number } {
  const at = date.getTime() < Date.UTC(1980, 0, 1) ? new Date(Date.UTC(1980, 0, 1)) : date;
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

interface Entry {
  name: Uint8Array;
  size: number;
  crc: number;
  time: { time: number; date: number };
  /** Where the file's local header starts in the archive. */
  offset: number;
}

/** The fields a local header and a directory record share, in the same order: date, CRC-32, sizes, name's length. */
function writeFileFields(view: DataView, at: number, entry: Entry): void {
  view.setUint16(at, entry.time.time, true);
  view.setUint16(at + 2, entry.time.date, true);
  view.setUint32(at + 4, entry.crc, true);
  view.setUint32(at + 8, entry.size, true); // compressed and not: stored
  view.setUint32(at + 12, entry.size, true);
  view.setUint16(at + 16, entry.name.byteLength, true);
}

function localHeader(entry: Entry): Uint8Array {
  const bytes = new Uint8Array(30 + entry.name.byteLength);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, UTF8_NAMES, true);
  writeFileFields(view, 10, entry); // 8: method 0, stored
  bytes.set(entry.name, 30);
  return bytes;
}

/** The file's record in the directory, written into `into` at `at`; its length is `directoryRecordLength`. */
export function writeDirectoryRecord(entry: Entry, into: Uint8Array, at: number): void {
  const zip64 = entry.offset >= MAX32;
  const view = new DataView(into.buffer, into.byteOffset + at, directoryRecordLength(entry));
  view.setUint32(0, DIRECTORY_HEADER, true);
  view.setUint16(4, MADE_BY, true);
  view.setUint16(6, zip64 ? VERSION_ZIP64 : VERSION, true);
  view.setUint16(8, UTF8_NAMES, true);
  writeFileFields(view, 12, entry); // 10: method 0, stored
  view.setUint16(30, zip64 ? 12 : 0, true); // 32-37: no comment, disk 0, no internal attributes
  view.setUint32(38, FILE_MODE, true);
  view.setUint32(42, zip64 ? MAX32 : entry.offset, true);
  into.set(entry.name, at + 46);
  if (!zip64) return;
  // Zip64's extra field: only the offset the header could not hold.
  const extra = 46 + entry.name.byteLength;
  view.setUint16(extra, 1, true);
  view.setUint16(extra + 2, 8, true);
  view.setBigUint64(extra + 4, BigInt(entry.offset), true);
}

export const directoryRecordLength = (entry: Entry) => 46 + entry.name.byteLength + (entry.offset >= MAX32 ? 12 : 0);

/** The directory's bytes as they are added, in blocks: no copy of what is already written. */
class DirectoryBlocks {
  private readonly full: Uint8Array[] = [];
  private block = new Uint8Array(BLOCK_SIZE);
  private used = 0;
  size = 0;

  add(entry: Entry): void {
    const length = directoryRecordLength(entry);
    if (this.used + length > this.block.byteLength) {
      this.full.push(this.block.subarray(0, this.used));
      this.block = new Uint8Array(Math.max(BLOCK_SIZE, length));
      this.used = 0;
    }
    writeDirectoryRecord(entry, this.block, this.used);
    this.used += length;
    this.size += length;
  }

  blocks(): Uint8Array[] {
    return [...this.full, this.block.subarray(0, this.used)];
  }
}

/** What ends the archive: Zip64's end record and its locator when needed, then the end record. */
export function endRecords(files: number, directoryOffset: number, directorySize: number): Uint8Array {
  const zip64 = files >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  const bytes = new Uint8Array((zip64 ? 76 : 0) + 22);
  const view = new DataView(bytes.buffer);
  if (zip64) {
    view.setUint32(0, ZIP64_END, true);
    view.setBigUint64(4, 44n, true); // the record's size after this field
    view.setUint16(12, MADE_BY, true);
    view.setUint16(14, VERSION_ZIP64, true); // 16-23: disk 0, directory on disk 0
    view.setBigUint64(24, BigInt(files), true); // on this disk, and in all
    view.setBigUint64(32, BigInt(files), true);
    view.setBigUint64(40, BigInt(directorySize), true);
    view.setBigUint64(48, BigInt(directoryOffset), true);
    view.setUint32(56, ZIP64_LOCATOR, true);
    view.setBigUint64(64, BigInt(directoryOffset + directorySize), true); // where the Zip64 end record starts
    view.setUint32(72, 1, true); // disks
  }
  const end = zip64 ? 76 : 0;
  view.setUint32(end, END, true);
  view.setUint16(end + 8, Math.min(files, MAX16), true);
  view.setUint16(end + 10, Math.min(files, MAX16), true);
  view.setUint32(end + 12, Math.min(directorySize, MAX32), true);
  view.setUint32(end + 16, Math.min(directoryOffset, MAX32), true);
  return bytes;
}

const encoder = new TextEncoder();

/**
 * The files as a ZIP byte stream. Each pull takes one file from `files`, so a file is made only when the
 * reader wants more; cancelling the stream ends `files` (its `finally` runs). A file of 4 GB or more, or a
 * name longer than the format holds, fails the stream.
 */
export function zipStream(files: AsyncIterable<ZipFile>): ReadableStream<Uint8Array> {
  const iterator = files[Symbol.asyncIterator]();
  const directory = new DirectoryBlocks();
  let offset = 0;
  let count = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        for (const block of directory.blocks()) controller.enqueue(block);
        controller.enqueue(endRecords(count, offset, directory.size));
        controller.close();
        return;
      }
      const { name, bytes, lastModified } = next.value;
      const entry = { name: encoder.encode(name), size: bytes.byteLength, crc: crc32(bytes), time: dosDateTime(lastModified), offset };
      if (entry.size >= MAX32) throw new Error(`${name} is 4 GB or more, which this archive does not store`);
      if (entry.name.byteLength > MAX16) throw new Error("A file's name is longer than a ZIP can hold");
      const header = localHeader(entry);
      controller.enqueue(header);
      controller.enqueue(bytes);
      directory.add(entry);
      offset += header.byteLength + entry.size;
      count += 1;
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}
