import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findOperatorByEmail } from "../server/admin/operators.ts";
import { verifyPassword } from "../server/admin/passwords.ts";
import { closeDatabase, openDatabase } from "../server/db/database.ts";

const folder = mkdtempSync(join(tmpdir(), "operator-cli-"));
const sqliteFile = join(folder, "site.db");

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run operator` would, on a database of its own, with `input` piped as standard input. */
function operator(args: string[], input = ""): Promise<Outcome> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [join(import.meta.dirname, "operator.ts"), ...args], {
    env: { ...env, SQLITE_FILE: sqliteFile, LOG_LEVEL: "silent" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function storedHash(email: string): Promise<string | undefined> {
  const { db } = openDatabase({ sqliteFile });
  try {
    return (await findOperatorByEmail(db, email))?.password_hash;
  } finally {
    await closeDatabase(db);
  }
}

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run operator", { timeout: 60_000 }, () => {
  it("adds an operator with the password piped in, without printing it", async () => {
    const added = await operator(["add", " Ana@Example.com "], "correct horse battery\n");
    expect(added).toEqual({ code: 0, stdout: "Operator ana@example.com added.\n", stderr: "" });
    const hash = await storedHash("ana@example.com");
    expect(hash).toMatch(/^scrypt\$/);
    // Exactly one trailing newline is dropped; spaces are part of the password.
    expect(await verifyPassword("correct horse battery", hash!)).toBe(true);
  });

  it("refuses a second operator with the same address", async () => {
    const again = await operator(["add", "ana@example.com"], "another password here");
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("An operator with this e-mail already exists: ana@example.com.\n");
    expect(again.stdout).toBe("");
  });

  it("refuses a weak password, a bad address and a missing one", async () => {
    const weak = await operator(["add", "bob@example.com"], "short\n");
    expect(weak).toMatchObject({ code: 1, stdout: "" });
    expect(weak.stderr).toMatch(/^The password must have at least 12 characters \(it has 5\)\.\n$/);
    expect(await storedHash("bob@example.com")).toBeUndefined();
    expect(await operator(["add", "bob"], "a long enough password")).toMatchObject({
      code: 1,
      stderr: 'Not a valid e-mail address: "bob".\n',
    });
    expect(await operator(["add"])).toMatchObject({ code: 1, stderr: "Missing EMAIL: npm run operator -- add EMAIL\n" });
  });

  it("lists the operators in a table, without hashes", async () => {
    const listed = await operator(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^E-MAIL +ADDED +2FA +LAST SIGN-IN\nana@example\.com +\d{4}-\d\d-\d\d \d\d:\d\d UTC +off +never\n$/);
    expect(listed.stdout).not.toContain("scrypt");
  });

  it("changes a password, and refuses an unknown operator", async () => {
    const before = await storedHash("ana@example.com");
    const changed = await operator(["password", "ana@example.com"], "a brand new password\r\n");
    expect(changed).toEqual({ code: 0, stdout: "Password of ana@example.com changed; their sessions were ended.\n", stderr: "" });
    const after = await storedHash("ana@example.com");
    expect(after).not.toBe(before);
    expect(await verifyPassword("a brand new password", after!)).toBe(true);
    expect(await verifyPassword("correct horse battery", after!)).toBe(false);
    const unknown = await operator(["password", "nobody@example.com"], "a brand new password");
    expect(unknown).toMatchObject({ code: 1, stdout: "", stderr: "No operator has the e-mail nobody@example.com.\n" });
  });

  it("removes an operator, once", async () => {
    expect(await operator(["remove", "ANA@example.com"])).toEqual({ code: 0, stdout: "Operator ana@example.com removed.\n", stderr: "" });
    expect(await storedHash("ana@example.com")).toBeUndefined();
    expect(await operator(["remove", "ana@example.com"])).toMatchObject({
      code: 1,
      stderr: "No operator has the e-mail ana@example.com.\n",
    });
    expect((await operator(["list"])).stdout).toBe("No operators yet. Add one with: npm run operator -- add EMAIL\n");
  });

  it("records each change in the audit log", async () => {
    const { db } = openDatabase({ sqliteFile });
    try {
      const entries = await db.selectFrom("audit_log").select(["action", "subject", "address", "operator_id"]).orderBy("id").execute();
      expect(entries).toEqual(
        ["operator-added", "operator-password-set", "operator-removed"].map((action) => ({
          action,
          subject: "ana@example.com",
          address: "command line",
          operator_id: null,
        })),
      );
    } finally {
      await closeDatabase(db);
    }
  });

  it("explains its commands, and refuses unknown ones", async () => {
    const help = await operator(["help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("add EMAIL");
    const unknown = await operator(["frobnicate"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^Unknown command "frobnicate"\.\n\nUsage: npm run operator/);
    expect((await operator([])).code).toBe(1);
  });
});
