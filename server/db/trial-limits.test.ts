import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { someonesOrder } from "../../tests/support/new-order.ts";
import { trialRequest } from "../../tests/support/trials.ts";
import { migrateToLatest } from "./database.ts";
import { createOrder, markOrderPaid } from "./orders.ts";
import { confirmTrialWithCode, recordTrialRequest, trialRefusal } from "./trials.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;
const day = 24 * 60 * minute;
const hex = () => randomBytes(2).toString("hex");
const mailbox = () => `jane${hex()}${hex()}`;
const anAddress = () => `198.51.100.${Math.floor(Math.random() * 250)}-${hex()}`;
/** A /64 of the documentation prefix. */
const aNetwork = () => `2001:db8:${hex()}:${hex()}`;
const request = trialRequest;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`who may have a free trial, on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    async function confirmed(email: string, clientAddress: string, db = handle.db) {
      const { code } = await recordTrialRequest(db, request(email, clientAddress), T0);
      return confirmTrialWithCode(db, { email, code, clientAddress }, later(minute));
    }

    it("one trial per mailbox: case, a +tag, and for Gmail dots and googlemail.com make no new address", async () => {
      const name = mailbox();
      expect((await confirmed(`${name}@gmail.com`, anAddress())).result).toBe("confirmed");
      const spellings = [
        `${name.toUpperCase()}@Gmail.com`,
        `${name.slice(0, 2)}.${name.slice(2)}+trial@gmail.com`,
        `${name}@googlemail.com`,
      ];
      for (const email of spellings) expect(await trialRefusal(handle.db, { email, clientAddress: anAddress() }, later(day))).toBe("used");
      // Dots count elsewhere: another provider may give j.ane and jane to two people.
      const elsewhere = mailbox();
      expect((await confirmed(`${elsewhere}+a@example.com`, anAddress())).result).toBe("confirmed");
      expect(await trialRefusal(handle.db, { email: `${elsewhere}@example.com`, clientAddress: anAddress() }, later(day))).toBe("used");
      expect(
        await trialRefusal(
          handle.db,
          { email: `${elsewhere.slice(0, 2)}.${elsewhere.slice(2)}@example.com`, clientAddress: anAddress() },
          later(day),
        ),
      ).toBeUndefined();
    });

    it("a payer's +tag or Gmail spelling is refused as the payer is", async () => {
      const name = mailbox();
      const { order } = await createOrder(handle.db, someonesOrder({ email: `${name}@gmail.com` }), T0);
      await markOrderPaid(handle.db, order.id, { gatewayReference: null }, T0);
      const alias = `${name.slice(0, 3)}.${name.slice(3)}+free@googlemail.com`;
      expect(await trialRefusal(handle.db, { email: alias, clientAddress: anAddress() }, T0)).toBe("used");
    });

    it("a right code of another spelling of a mailbox that had its trial is refused", async () => {
      const name = mailbox();
      expect((await confirmed(`${name}@gmail.com`, anAddress())).result).toBe("confirmed");
      expect(await confirmed(`${name}+again@gmail.com`, anAddress())).toEqual({ result: "refused", reason: "used" });
    });

    it("one trial per connection: every address of an IPv6 /64 is the same connection, for 30 days", async () => {
      const network = aNetwork();
      expect((await confirmed(`${mailbox()}@example.com`, `${network}::1`)).result).toBe("confirmed");
      const refusal = (address: string, at: number) =>
        trialRefusal(handle.db, { email: `${mailbox()}@example.com`, clientAddress: address }, later(at));
      expect(await refusal(`${network}:ffff:1:2:3`, 29 * day)).toBe("address");
      expect(await refusal(`${aNetwork()}::1`, day)).toBeUndefined();
      expect(await refusal(`${network}::2`, minute + 30 * day)).toBeUndefined();
      expect(await confirmed(`${mailbox()}@example.com`, `${network}::3`)).toEqual({ result: "refused", reason: "address" });
    });

    it("one trial per connection when servers confirm at once, each with its own handle", async () => {
      // Several connections, two requests of two addresses each, confirmed at the same moment through two
      // handles (two servers): a read of the earlier trials then a write would let both through. SQLite is one
      // server (a second process is refused), and two of its handles in one thread would wait on each other's
      // write lock: there the two confirmations share the handle, and still run interleaved.
      const other = target.dialect === "postgres" ? handle.openAnother() : handle.db;
      const rounds = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const address = `${aNetwork()}::1`;
          const asked = [];
          for (const db of [handle.db, other]) {
            const email = `${mailbox()}@example.com`;
            asked.push({ db, email, code: (await recordTrialRequest(db, request(email, address), T0)).code });
          }
          const checks = await Promise.all(
            asked.map(({ db, email, code }) => confirmTrialWithCode(db, { email, code, clientAddress: address }, later(minute))),
          );
          return checks.map((check) => check.result);
        }),
      );
      for (const results of rounds) expect(results.sort()).toEqual(["confirmed", "refused"]);
    });
  });
}
