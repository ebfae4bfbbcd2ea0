import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
import { someonesOrder } from "../../tests/support/new-order.ts";
import { trialRequest } from "../../tests/support/trials.ts";
import { createAccess } from "./accesses.ts";
import { migrateToLatest } from "./database.ts";
import type { PagePosition } from "./keyset.ts";
import { createOrder, markOrderPaid } from "./orders.ts";
import {
  confirmTrialWithCode,
  findTrialById,
  findTrialByReference,
  listTrials,
  markTrialDelivered,
  markTrialExpired,
  pruneTrialRecords,
  recordTrialRequest,
  TRIAL_ADDRESS_WINDOW_MS,
  trialRefusal,
} from "./trials.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;
const day = 24 * 60 * minute;
let counter = 0;
const someone = () => `Trier.${++counter}.${Math.random().toString(36).slice(2, 8)}@Example.com`;
const anAddress = () => `198.51.100.${++counter % 250}`;
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const request = (email: string, clientAddress = anAddress()) => trialRequest(email, clientAddress);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`free trials on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    /** A trial asked for and confirmed with its code. */
    async function confirmed(email: string, clientAddress = anAddress(), at = T0) {
      const { code } = await recordTrialRequest(handle.db, request(email, clientAddress), at);
      const check = await confirmTrialWithCode(handle.db, { email, code, clientAddress }, new Date(at.getTime() + minute));
      if (check.result !== "confirmed") throw new Error(`not confirmed: ${check.result}`);
      return check.trial;
    }

    it("store the request with its code hashed, the e-mail lower-cased, a TR- reference", async () => {
      const email = someone();
      const { trial, code } = await recordTrialRequest(handle.db, request(email), T0);
      expect(trial.reference).toMatch(/^TR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(trial.email).toBe(email.toLowerCase());
      expect(trial.status).toBe("requested");
      expect(code).toMatch(/^\d{6}$/);
      expect(trial.code_hash).not.toContain(code);
      expect(trial.code_expires_at).toBe(later(15 * minute).toISOString());
    });

    it("confirm with the right code once, whatever the case of the address typed", async () => {
      const email = someone();
      const { code } = await recordTrialRequest(handle.db, request(email), T0);
      const check = await confirmTrialWithCode(handle.db, { email: email.toUpperCase(), code, clientAddress: anAddress() }, later(minute));
      expect(check.result).toBe("confirmed");
      if (check.result !== "confirmed") return;
      expect(check.trial).toMatchObject({ status: "confirmed", code_hash: null, confirmed_at: later(minute).toISOString() });
      expect(await confirmTrialWithCode(handle.db, { email, code, clientAddress: anAddress() }, later(2 * minute))).toEqual({
        result: "over",
      });
    });

    it("count wrong codes and void the request at the fifth", async () => {
      const email = someone();
      const { code } = await recordTrialRequest(handle.db, request(email), T0);
      const attempt = (typed: string) => confirmTrialWithCode(handle.db, { email, code: typed, clientAddress: anAddress() }, later(minute));
      expect(await attempt(otherThan(code))).toEqual({ result: "wrong", triesLeft: 4 });
      for (let i = 0; i < 3; i++) await attempt(otherThan(code));
      expect(await attempt(otherThan(code))).toEqual({ result: "void" });
      expect(await attempt(code)).toEqual({ result: "void" });
    });

    it("take a burst of guesses on two handles at most five times", async () => {
      const email = someone();
      const { code } = await recordTrialRequest(handle.db, request(email), T0);
      const other = handle.openAnother();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          confirmTrialWithCode(i % 2 ? other : handle.db, { email, code: otherThan(code), clientAddress: "x" }, later(minute)),
        ),
      );
      // Five attempts are counted (four wrong, the fifth voids it); the rest were never compared.
      expect(results.filter((result) => result.result === "wrong")).toHaveLength(4);
      const stored = await handle.db.selectFrom("trials").select("wrong_codes").where("email", "=", email.toLowerCase()).executeTakeFirst();
      expect(stored?.wrong_codes).toBe(5);
      expect((await confirmTrialWithCode(handle.db, { email, code, clientAddress: "x" }, later(minute))).result).toBe("void");
    });

    it("end a code after 15 minutes, and keep only the newest request's", async () => {
      const email = someone();
      const first = await recordTrialRequest(handle.db, request(email), T0);
      expect(await confirmTrialWithCode(handle.db, { email, code: first.code, clientAddress: "x" }, later(15 * minute))).toEqual({
        result: "over",
      });
      const second = await recordTrialRequest(handle.db, request(email), later(16 * minute));
      expect(await findTrialByReference(handle.db, first.trial.reference)).toBeUndefined();
      const check = await confirmTrialWithCode(handle.db, { email, code: second.code, clientAddress: "x" }, later(17 * minute));
      expect(check.result).toBe("confirmed");
    });

    it("refuse a second trial for the same e-mail, ever, in any case", async () => {
      const email = someone();
      await confirmed(email);
      expect(await trialRefusal(handle.db, { email: ` ${email.toUpperCase()} `, clientAddress: anAddress() }, later(400 * day))).toBe(
        "used",
      );
    });

    it("do not count a request never confirmed against the e-mail or the address", async () => {
      const email = someone();
      const address = anAddress();
      await recordTrialRequest(handle.db, request(email, address), T0);
      expect(await trialRefusal(handle.db, { email, clientAddress: address }, later(minute))).toBeUndefined();
    });

    it("refuse an e-mail that paid an order, in any state after payment, and not one that only tried to", async () => {
      const payer = someone();
      const { order } = await createOrder(handle.db, someonesOrder({ email: payer }), T0);
      expect(await trialRefusal(handle.db, { email: payer, clientAddress: anAddress() }, T0)).toBeUndefined();
      await markOrderPaid(handle.db, order.id, { gatewayReference: null }, T0);
      expect(await trialRefusal(handle.db, { email: payer.toLowerCase(), clientAddress: anAddress() }, T0)).toBe("used");
    });

    it("refuse a client address for 30 days after its trial, then allow it", async () => {
      const address = anAddress();
      await confirmed(someone(), address);
      const at = (ms: number) => new Date(T0.getTime() + minute + ms);
      expect(await trialRefusal(handle.db, { email: someone(), clientAddress: address }, at(29 * day))).toBe("address");
      expect(await trialRefusal(handle.db, { email: someone(), clientAddress: address }, at(TRIAL_ADDRESS_WINDOW_MS))).toBeUndefined();
    });

    it("refuse at the code a purchase or a trial made since the request", async () => {
      const email = someone();
      const { code } = await recordTrialRequest(handle.db, request(email), T0);
      const { order } = await createOrder(handle.db, someonesOrder({ email }), T0);
      await markOrderPaid(handle.db, order.id, { gatewayReference: null }, T0);
      expect(await confirmTrialWithCode(handle.db, { email, code, clientAddress: anAddress() }, later(minute))).toEqual({
        result: "refused",
        reason: "used",
      });
    });

    it("give one trial when two servers confirm the same address at once", async () => {
      const email = someone();
      const first = await recordTrialRequest(handle.db, request(email), T0);
      // A second request replaces the first; re-insert the first as another server would have seen it. SQLite
      // is one server, and two of its handles in one thread would wait on each other's write lock.
      const other = target.dialect === "postgres" ? handle.openAnother() : handle.db;
      const { code } = await recordTrialRequest(other, request(email), T0);
      const checks = await Promise.all([
        confirmTrialWithCode(handle.db, { email, code, clientAddress: anAddress() }, later(minute)),
        confirmTrialWithCode(other, { email, code, clientAddress: anAddress() }, later(minute)),
      ]);
      expect(checks.filter((check) => check.result === "confirmed")).toHaveLength(1);
      expect(first.trial.id).not.toBe(0);
    });

    it("deliver a confirmed trial once, expire it with its access, and list it", async () => {
      const email = someone();
      const trial = await confirmed(email);
      const access = await createAccess(
        handle.db,
        {
          reference: trial.reference,
          email,
          planKey: "advanced",
          viewers: 1,
          sealedDetails: "sealed",
          startsAt: T0,
          endsAt: later(day),
          kind: "trial",
        },
        T0,
      );
      expect(access.kind).toBe("trial");
      const delivered = await markTrialDelivered(handle.db, trial.id, { accessId: access.id, endsAt: later(day) }, later(2 * minute));
      expect(delivered).toMatchObject({ status: "delivered", access_id: access.id, ends_at: later(day).toISOString() });
      expect(await markTrialDelivered(handle.db, trial.id, { accessId: access.id, endsAt: later(day) }, later(3 * minute))).toBeUndefined();
      const { rows } = await listTrials(handle.db, { state: "delivered" });
      expect(rows.map((row) => row.id)).toContain(trial.id);
      await markTrialExpired(handle.db, access.id, later(day));
      expect((await findTrialById(handle.db, trial.id))?.status).toBe("expired");
      const waiting = await listTrials(handle.db, { state: "confirmed" });
      expect(waiting.rows.map((row) => row.id)).not.toContain(trial.id);
    });

    it("list trials newest first by the list's links, each once, never a request not confirmed", async () => {
      // Trials made at the same instant (most here are at T0) are told apart by their id.
      await confirmed(someone(), anAddress(), later(day));
      await confirmed(someone());
      await recordTrialRequest(handle.db, request(someone()), later(2 * day));
      const listed = await handle.db
        .selectFrom("trials")
        .select(["id", "created_at", "status"])
        .where("status", "<>", "requested")
        .execute();
      const newestFirst = listed.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).map((trial) => trial.id);
      expect(newestFirst.length).toBeGreaterThan(7);
      const read = (position: PagePosition) => listTrials(handle.db, { state: "all", position, pageSize: 3 });
      const forwards = await walkPages(read);
      expect(forwards.flatMap((page) => page.rows.map((trial) => trial.id))).toEqual(newestFirst);
      const backwards = await walkPages(read, "previous");
      expect(backwards.flatMap((page) => page.rows.map((trial) => trial.id).reverse())).toEqual([...newestFirst].reverse());
      const waiting = (await walkPages((position) => listTrials(handle.db, { state: "confirmed", position, pageSize: 2 }))).flatMap(
        (page) => page.rows,
      );
      expect(waiting.length).toBeGreaterThan(2);
      expect(waiting.every((trial) => trial.status === "confirmed")).toBe(true);
      expect(waiting.map((trial) => trial.id)).toEqual(newestFirst.filter((id) => waiting.some((trial) => trial.id === id)));
      expect(waiting).toHaveLength(listed.filter((trial) => trial.status === "confirmed").length);
    });

    it("delete requests never confirmed a day after their code expired, and clear addresses after 30 days", async () => {
      const email = someone();
      const { trial } = await recordTrialRequest(handle.db, request(email), T0);
      const kept = await confirmed(someone(), "203.0.113.77");
      await pruneTrialRecords(handle.db, later(day));
      expect(await findTrialById(handle.db, trial.id)).toBeDefined();
      await pruneTrialRecords(handle.db, later(day + 16 * minute));
      expect(await findTrialById(handle.db, trial.id)).toBeUndefined();
      expect((await findTrialById(handle.db, kept.id))?.client_address).toBe("203.0.113.77");
      await pruneTrialRecords(handle.db, later(TRIAL_ADDRESS_WINDOW_MS + minute));
      expect((await findTrialById(handle.db, kept.id))?.client_address).toBeNull();
    });
  });
}
