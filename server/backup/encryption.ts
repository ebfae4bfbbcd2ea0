/**
 * Backups are encrypted with age (age-encryption.org/v1, decision 0049): an authenticated, streamed format with a
 * published specification, so an archive can also be opened by hand with the `age` command and the same key.
 * BACKUP_ENCRYPTION_KEY is an age identity (`AGE-SECRET-KEY-1…`, made by `npm run backup -- --new-key` or
 * `age-keygen`), kept apart from ACCESS_ENCRYPTION_KEY: whoever holds the backups holds neither key.
 */
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { backupKeyPattern } from "../config/backup-variables.ts";

/** What a person reads when the key or the archive is wrong: never the key itself. */
export class BackupCryptoError extends Error {}

export function isBackupKey(value: string): boolean {
  return backupKeyPattern.test(value.trim());
}

export async function encryptBackup(key: string, plain: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(await identityToRecipient(key.trim()));
  return encrypter.encrypt(plain);
}

/**
 * The plaintext as a stream. A wrong key is refused before anything is read past the header; a damaged archive
 * fails the stream at the first chunk whose tag does not verify, so nothing unverified is ever used whole.
 */
export async function decryptBackup(key: string, sealed: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(key.trim());
  try {
    return await decrypter.decrypt(sealed);
  } catch (error) {
    throw new BackupCryptoError(describeFailure(error), { cause: error });
  }
}

/** The library's message said in the operator's terms. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/no identity matched/i.test(message)) return "This archive was not encrypted with this BACKUP_ENCRYPTION_KEY.";
  return "The archive is damaged or is not a backup of this shop: it could not be decrypted and verified.";
}

/** A fresh key for BACKUP_ENCRYPTION_KEY, and the public half it encrypts to. */
export async function newBackupKey(): Promise<{ key: string; recipient: string }> {
  const key = await generateX25519Identity();
  return { key, recipient: await identityToRecipient(key) };
}
