import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfig } from "../server/config.ts";
import { migrateToLatest } from "../server/db/database.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../tests/support/databases.ts";
import { clientAddress, clientCountry, declines, formLimits, signInAttempts, signInLimits } from "./rate-limit.server";

/** On an hour boundary, so it starts both a ten-minute and an hour window. */
const T0 = new Date("2026-03-01T09:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;

/** A unique address and e-mail per test, so the tests of one file can share a database. */
const uniqueAddress = () => `203.0.113.${randomUUID()}`;
const uniqueEmail = () => `card-${randomUUID().slice(0, 8)}@example.com`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A /64 of the documentation prefix, and addresses in it written every which way. */
const uniqueNetwork = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
const inNetwork = (network: string, n: number) => (n % 2 ? `${network}::${n.toString(16)}` : `${network.toUpperCase()}:0:0:${n}:1`);

describe("client address", () => {
  it("is what the HTTP layer recorded, or `unknown`", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/contact", { headers });
    expect(clientAddress(request({ "x-client-address": "198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientAddress(request({}))).toBe("unknown");
  });

  it("has the country the HTTP layer looked up, or null", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/checkout", { headers });
    expect(clientCountry(request({ "x-client-country": "ES" }))).toBe("ES");
    expect(clientCountry(request({ "x-client-country": "<script>" }))).toBeNull();
    expect(clientCountry(request({}))).toBeNull();
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`rate limits on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const hits = (form: keyof typeof formLimits, address: string, times: number, now = T0) =>
      Promise.all(Array.from({ length: times }, () => formLimits[form].hit(handle.db, address, now)));

    it("allow each form's limit within ten minutes, refuse beyond it, and allow again in the next window", async () => {
      const config = serverConfig();
      const limits = { checkout: config.CHECKOUT_RATE_LIMIT, contact: config.CONTACT_RATE_LIMIT, newsletter: config.NEWSLETTER_RATE_LIMIT };
      for (const [form, limit] of Object.entries(limits) as [keyof typeof formLimits, number][]) {
        const address = uniqueAddress();
        const answers = await hits(form, address, limit + 2, later(3 * minute));
        expect(answers.filter(Boolean)).toHaveLength(limit);
        expect(await formLimits[form].hit(handle.db, address, later(10 * minute - 1))).toBe(false);
        expect(await formLimits[form].hit(handle.db, address, later(10 * minute))).toBe(true);
      }
    });

    it("count each address and each form on its own", async () => {
      const address = uniqueAddress();
      const limit = serverConfig().CONTACT_RATE_LIMIT;
      await hits("contact", address, limit);
      expect(await formLimits.contact.hit(handle.db, address, T0)).toBe(false);
      expect(await formLimits.contact.hit(handle.db, uniqueAddress(), T0)).toBe(true);
      expect(await formLimits.newsletter.hit(handle.db, address, T0)).toBe(true);
      expect(await formLimits.checkout.hit(handle.db, address, T0)).toBe(true);
    });

    it("are shared between servers: attempts through two connections add up", async () => {
      const address = uniqueAddress();
      const other = handle.openAnother();
      const limit = serverConfig().NEWSLETTER_RATE_LIMIT;
      const answers = await Promise.all(
        Array.from({ length: limit + 3 }, (_, i) => formLimits.newsletter.hit(i % 2 === 0 ? handle.db : other, address, T0)),
      );
      expect(answers.filter(Boolean)).toHaveLength(limit);
    });

    it("count every address of one IPv6 /64 as one client, on every per-client limit", async () => {
      const network = uniqueNetwork();
      const limit = serverConfig().CONTACT_RATE_LIMIT;
      const answers = [];
      for (let n = 1; n <= limit + 1; n++) answers.push(await formLimits.contact.hit(handle.db, inNetwork(network, n), T0));
      expect(answers.filter(Boolean)).toHaveLength(limit);
      // Another /64 is another client.
      expect(await formLimits.contact.hit(handle.db, `${uniqueNetwork()}::1`, T0)).toBe(true);

      const declining = uniqueNetwork();
      for (let n = 1; n <= serverConfig().CHECKOUT_DECLINE_LIMIT; n++) {
        await declines.record(handle.db, { address: inNetwork(declining, n), email: uniqueEmail() }, T0);
      }
      expect(await declines.isBlocked(handle.db, { address: `${declining}::ffff`, email: uniqueEmail() }, T0)).toBe(true);

      const guessing = uniqueNetwork();
      const attempts = [];
      for (let n = 1; n <= signInLimits.perAddress + 1; n++) {
        attempts.push(await signInAttempts.begin(handle.db, { address: inNetwork(guessing, n), email: uniqueEmail() }, T0));
      }
      expect(attempts.at(-1)?.allowed).toBe(false);
    });

    it("count an IPv4 address written as IPv6 (::ffff:a.b.c.d) as that IPv4 address", async () => {
      const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
      const limit = serverConfig().NEWSLETTER_RATE_LIMIT;
      for (let n = 0; n < limit; n++) await formLimits.newsletter.hit(handle.db, n % 2 ? address : `::ffff:${address}`, later(20 * minute));
      expect(await formLimits.newsletter.hit(handle.db, `::FFFF:${address}`, later(20 * minute))).toBe(false);
    });

    it("keep no address or e-mail in the table, only hashes of them with their purpose", async () => {
      const address = uniqueAddress();
      const email = uniqueEmail();
      await formLimits.contact.hit(handle.db, address, T0);
      await declines.record(handle.db, { address, email: `  ${email.toUpperCase()} ` }, T0);
      const rows = await handle.db.selectFrom("rate_limit_counters").selectAll().execute();
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(address);
      expect(stored.toLowerCase()).not.toContain(email);
      for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
      const keys = rows.map((row) => row.key);
      expect(keys).toContain(sha256(`contact:${address}`));
      expect(keys).toContain(sha256(`decline-address:${address}`));
      expect(keys).toContain(sha256(`decline-email:${email}`));
    });

    describe("declines", () => {
      const limit = () => serverConfig().CHECKOUT_DECLINE_LIMIT;
      const record = async (payer: { address: string; email: string }, times: number, now = T0) => {
        for (let i = 0; i < times; i++) await declines.record(handle.db, payer, now);
      };

      it("block an address and an e-mail once they reach the limit in the hour, not before", async () => {
        const payer = { address: uniqueAddress(), email: uniqueEmail() };
        expect(await declines.isBlocked(handle.db, payer, T0)).toBe(false);
        await record(payer, limit() - 1);
        expect(await declines.isBlocked(handle.db, payer, later(30 * minute))).toBe(false);
        await record(payer, 1, later(30 * minute));
        expect(await declines.isBlocked(handle.db, payer, later(59 * minute))).toBe(true);
      });

      it("block the address whatever e-mail it tries next", async () => {
        const address = uniqueAddress();
        for (let i = 0; i < limit(); i++) await declines.record(handle.db, { address, email: uniqueEmail() }, T0);
        expect(await declines.isBlocked(handle.db, { address, email: uniqueEmail() }, T0)).toBe(true);
      });

      it("block the e-mail from any address, whatever its case and spacing", async () => {
        const email = uniqueEmail();
        for (let i = 0; i < limit(); i++) await declines.record(handle.db, { address: uniqueAddress(), email }, T0);
        expect(await declines.isBlocked(handle.db, { address: uniqueAddress(), email: ` ${email.toUpperCase()}  ` }, T0)).toBe(true);
      });

      it("are not counted by asking, and lift in the next hour", async () => {
        const payer = { address: uniqueAddress(), email: uniqueEmail() };
        for (let i = 0; i < limit() + 2; i++) expect(await declines.isBlocked(handle.db, payer, T0)).toBe(false);
        await record(payer, limit());
        expect(await declines.isBlocked(handle.db, payer, later(60 * minute - 1))).toBe(true);
        expect(await declines.isBlocked(handle.db, payer, later(60 * minute))).toBe(false);
      });

      it("are counted apart from the checkout's form limit", async () => {
        const address = uniqueAddress();
        await record({ address, email: uniqueEmail() }, limit());
        expect(await formLimits.checkout.hit(handle.db, address, T0)).toBe(true);
      });
    });
  });
}
