/**
 * `npm start`: the built server on this machine, for trying the shop. Production needs ACCESS_ENCRYPTION_KEY;
 * when it is not set, one is made once and kept in data/access-encryption.key (readable by this user only),
 * so a local try works out of the box and what it encrypted stays readable across restarts. Without
 * PAYMENT_GATEWAY it takes the test gateway. A real deployment sets both itself (see docs/deploying.md) and runs
 * `node server/index.ts`.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from "../server/private-files.ts";

const keyFile = "data/access-encryption.key";
if (!process.env.ACCESS_ENCRYPTION_KEY?.trim()) {
  if (!existsSync(keyFile)) {
    mkdirSync("data", { recursive: true, mode: OWNER_ONLY_FOLDER });
    writeFileSync(keyFile, `${randomBytes(32).toString("hex")}\n`, { mode: OWNER_ONLY_FILE });
    console.log(`Made an encryption key for access details in ${keyFile}. Set ACCESS_ENCRYPTION_KEY in production.`);
  }
  process.env.ACCESS_ENCRYPTION_KEY = readFileSync(keyFile, "utf8").trim();
}
// A try on this machine pays with the built-in test gateway unless told otherwise; production refuses it
// unless asked for twice, so both are said here (the server still logs, and the checkout shows, test mode).
if (!process.env.PAYMENT_GATEWAY?.trim()) {
  process.env.PAYMENT_GATEWAY = "test";
  process.env.ALLOW_TEST_PAYMENTS = "true";
  console.log("Payments: the built-in test gateway, which moves no money (set PAYMENT_GATEWAY=stripe to take real payments).");
}
await import("../server/index.ts");
