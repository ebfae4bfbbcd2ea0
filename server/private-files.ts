/**
 * The files the server writes hold secrets and personal data: the database (customers, orders, encrypted
 * access details), mails written instead of sent (access passwords in clear) and the local encryption key.
 * They are created readable by this user only, and the folders made for them openable by this user only,
 * whatever the umask: on a shared machine the umask usually lets everyone read.
 */

/** Read and write for the owner, nothing for anyone else. */
export const OWNER_ONLY_FILE = 0o600;
/** A folder only the owner may list or enter. */
export const OWNER_ONLY_FOLDER = 0o700;
