/**
 * Archives in S3-compatible storage (AWS S3, Backblaze B2, Cloudflare R2, MinIO, Scaleway…) through AWS's own
 * SDK. Credentials come from the SDK's usual places (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an
 * instance role); a custom endpoint is addressed by path, as most S3-compatible services expect. An upload is
 * one object, sent in parts: a listing never shows half of it.
 */
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { parseArchiveName } from "./archive-name.ts";
import { type ArchiveStore, newestFirst, type StoredArchive } from "./stores.ts";

export interface S3Settings {
  bucket: string;
  /** Folder inside the bucket, "" or ending in "/". */
  prefix: string;
  region: string;
  /** An S3-compatible service's URL; unset for AWS. */
  endpoint?: string;
}

export function s3Store(settings: S3Settings, client = createS3Client(settings)): ArchiveStore {
  const key = (name: string) => `${settings.prefix}${name}`;
  return {
    label: `s3://${settings.bucket}/${settings.prefix}`,
    async put(name, file) {
      const upload = new Upload({ client, params: { Bucket: settings.bucket, Key: key(name), Body: createReadStream(file) } });
      await upload.done();
    },
    async list() {
      const archives: StoredArchive[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: settings.bucket, Prefix: settings.prefix })) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(settings.prefix.length) ?? "";
          const parsed = parseArchiveName(name);
          if (parsed) archives.push({ name, size: object.Size ?? 0, takenAt: parsed.takenAt });
        }
      }
      return newestFirst(archives);
    },
    async open(name) {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
      return object.Body as Readable;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
    },
  };
}

export function createS3Client(settings: S3Settings, credentials?: { accessKeyId: string; secretAccessKey: string }): S3Client {
  return new S3Client({
    region: settings.region,
    ...(credentials ? { credentials } : {}),
    // Other services than AWS: addressed by path, and checksums only where S3 requires them. The SDK's default
    // sends uploads in aws-chunked encoding with a trailing checksum, which several S3-compatible services store as
    // it comes, framing and all.
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }
      : {}),
  });
}
