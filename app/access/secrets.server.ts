import { open, parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import { serverConfig } from "../../server/config.ts";

let key: Buffer | undefined;

/**
 * The key access details and second-factor secrets are sealed with (ACCESS_ENCRYPTION_KEY). Production
 * refuses to start without it; elsewhere the console says what is missing rather than store plaintext.
 */
export function encryptionKey(): Buffer | undefined {
  const configured = serverConfig().ACCESS_ENCRYPTION_KEY;
  if (!configured) return undefined;
  key ??= parseEncryptionKey(configured);
  return key;
}

export function sealSecret(plaintext: string): string {
  const current = encryptionKey();
  if (!current) throw new Error("ACCESS_ENCRYPTION_KEY is not set");
  return seal(current, plaintext);
}

export function openSecret(sealed: string): string {
  const current = encryptionKey();
  if (!current) throw new Error("ACCESS_ENCRYPTION_KEY is not set");
  return open(current, sealed);
}
