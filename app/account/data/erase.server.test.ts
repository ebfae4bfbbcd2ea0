import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import { type Database, migrateToLatest } from "../../../server/db/database.ts";
import { createMailTransport } from "../../../server/mail/transport.ts";
import { customerWithEverything, someCustomer } from "../../../tests/support/customer-data.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { ERASURE_AUDIT_ACTION, eraseAccount } from "./erase.server";

const NOW = new Date("2026-06-01T10:00:00.000Z");

/** Every stored mail written to `outbox` as the server without SMTP_URL writes it, the sealed ones as stored. */
async function writeOutbox(db: Database, outbox: string): Promise<void> {
  const transport = createMailTransport({ outboxDirectory: outbox, from: "Shop <shop@example.com>" });
  for (const mail of await db.selectFrom("mails").selectAll().execute()) {
    const message = { to: mail.to_address, subject: mail.subject, text: mail.body_text, html: "", kind: mail.kind };
    await transport.send({ ...message, mailId: mail.id });
  }
}

/** The files of the outbox that hold `text`. */
async function filesHolding(outbox: string, text: string): Promise<string[]> {
  const files = await readdir(outbox);
  return files.filter((file) => readFileSync(join(outbox, file), "utf8").toLowerCase().includes(text.toLowerCase()));
}

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`deleting an account on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => handle?.cleanup());

    it("writes one audit line, with counts and kept references and nothing personal", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      await eraseAccount(handle.db, who.email, { retentionYears: 10, now: NOW });
      const { rows: entries } = await listAudit(handle.db, { action: ERASURE_AUDIT_ACTION });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ operator_id: null, operator_email: null, subject: null, address: "-" });
      expect(JSON.parse(entries[0]?.details ?? "{}")).toMatchObject({
        retentionYears: 10,
        ordersKept: [mine.paid.reference],
        ordersAnonymised: 2,
      });
      const line = JSON.stringify(entries[0]).toLowerCase();
      for (const personal of [who.email, who.firstName, who.lastName, who.phone, who.clientAddress])
        expect(line).not.toContain(personal.toLowerCase());
    });

    it("deletes the outbox's files of the customer's mails, and no one else's", async () => {
      const who = someCustomer();
      const other = someCustomer();
      await customerWithEverything(handle.db, who, NOW);
      await customerWithEverything(handle.db, other, NOW);
      const outbox = await mkdtemp(join(tmpdir(), "erasure-outbox-"));
      try {
        await writeOutbox(handle.db, outbox);
        expect(await filesHolding(outbox, who.email)).not.toEqual([]);
        const others = await filesHolding(outbox, other.email);
        await eraseAccount(handle.db, who.email, { retentionYears: 10, now: NOW, outboxDirectory: outbox });
        // Its confirmation, its access mail, the operator's alert about its order and copy of its message.
        expect(await filesHolding(outbox, who.email)).toEqual([]);
        expect(await filesHolding(outbox, who.firstName)).toEqual([]);
        expect(await filesHolding(outbox, other.email)).toEqual(others);
      } finally {
        await rm(outbox, { recursive: true, force: true });
      }
    });

    it.skipIf(target.dialect !== "sqlite")("leaves no byte of the address in the SQLite file or its log", async () => {
      const who = someCustomer();
      await customerWithEverything(handle.db, who, NOW);
      const fileBytes = () =>
        [handle.location, `${handle.location}-wal`]
          .filter(existsSync)
          .map((file) => readFileSync(file).toString("latin1").toLowerCase())
          .join("");
      expect(fileBytes()).toContain(who.email.toLowerCase());
      await eraseAccount(handle.db, who.email, { retentionYears: 10, now: NOW });
      const bytes = fileBytes();
      for (const personal of [who.email, who.phone]) expect(bytes).not.toContain(personal.toLowerCase());
    });
  });
}
