/**
 * client-zip (2.5) writes Zip64's end records only for an archive past 4 GB. With more than 65,535 files in
 * less than that, its end record says 65,535 files, and a reader that trusts the count (fflate, for one)
 * lists only those. This adds the Zip64 end record and its locator in that one case, from the end record's
 * own offsets and the number of files counted by the caller. Every other archive passes through unchanged.
 */
const endSignature = 0x06054b50;
const zip64EndSignature = 0x06064b50;
const zip64LocatorSignature = 0x07064b50;

const isEndRecord = (chunk: Uint8Array) =>
  chunk.byteLength === 22 && new DataView(chunk.buffer, chunk.byteOffset, 22).getUint32(0, true) === endSignature;
const isZip64Block = (chunk: Uint8Array) =>
  chunk.byteLength >= 4 && new DataView(chunk.buffer, chunk.byteOffset, 4).getUint32(0, true) === zip64EndSignature;

/** The Zip64 end record and its locator for `files` entries whose directory is `size` bytes at `offset`. */
export function zip64EndRecords(files: number, offset: number, size: number): Uint8Array {
  const bytes = new Uint8Array(76);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, zip64EndSignature, true);
  view.setBigUint64(4, 44n, true); // the record's size after this field
  view.setUint16(12, 45, true); // made by, and needed: version 4.5 (Zip64)
  view.setUint16(14, 45, true);
  view.setBigUint64(24, BigInt(files), true); // on this disk, and in all
  view.setBigUint64(32, BigInt(files), true);
  view.setBigUint64(40, BigInt(size), true);
  view.setBigUint64(48, BigInt(offset), true);
  view.setUint32(56, zip64LocatorSignature, true);
  view.setBigUint64(64, BigInt(offset + size), true); // where the Zip64 end record starts
  view.setUint32(72, 1, true); // disks
  return bytes;
}

/** The archive, with Zip64's end records added when its end record alone cannot count `files()`. */
export function withZip64Count(zip: ReadableStream<Uint8Array>, files: () => number): ReadableStream<Uint8Array> {
  let held: Uint8Array | undefined;
  let zip64Written = false;
  return zip.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (held) controller.enqueue(held);
        zip64Written ||= isZip64Block(chunk);
        held = chunk;
      },
      flush(controller) {
        if (!held) return;
        if (isEndRecord(held) && !zip64Written && files() > 0xffff) {
          const view = new DataView(held.buffer, held.byteOffset, 22);
          controller.enqueue(zip64EndRecords(files(), view.getUint32(16, true), view.getUint32(12, true)));
        }
        controller.enqueue(held);
      },
    }),
  );
}
