import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSignInCode, spendSignInToken } from "../../../server/db/customer-sign-ins.ts";
import type { Database } from "../../../server/db/database.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { mailSignIn } from "./mail-job.server";
import { requestSignIn } from "./request.server";
import { startSignIn } from "./start.server";

/** On an hour boundary, so the hour's mail window starts with it. */
const T0 = new Date("2026-03-01T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const minute = 60_000;
const stranger = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;
const aClient = () => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;

/** Every sign-in mail to the address, oldest first, with its link's token and its code. */
async function mailsTo(db: Database, email: string) {
  const mails = await db
    .selectFrom("mails")
    .select("body_text")
    .where("to_address", "=", email)
    .where("kind", "=", "account-sign-in")
    .orderBy("id")
    .execute();
  return mails.map(({ body_text: text }) => ({
    token: /\/account\/link\?token=([\w-]+)/.exec(text)?.[1] ?? "",
    code: /: (\d{6})$/m.exec(text)?.[1] ?? "",
  }));
}

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`signing in while someone hammers the address, on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });
    const db = () => bed.services.db;
    /** A sign-in asked for, and its job run as the runner would, a second later. */
    async function asked(email: string, at: Date, clientAddress = aClient()) {
      const result = await startSignIn(db(), { email, language: "en", clientAddress }, at);
      const [signIn] = await db().selectFrom("customer_sign_ins").select("id").where("email", "=", email).orderBy("id", "desc").execute();
      if (result === "recorded" && signIn) await mailSignIn(db(), signIn.id, new Date(at.getTime() + 1000), undefined);
      return result;
    }

    it("says so, the same for every address, when the address's mails for the hour are used up", async () => {
      const { email } = await bed.paidOrder();
      const other = stranger();
      for (const address of [email, other]) for (let n = 0; n < 5; n++) expect(await asked(address, later(n * minute))).toBe("recorded");
      expect(await startSignIn(db(), { email, language: "en", clientAddress: aClient() }, later(20 * minute))).toBe("mail-limited");
      const answer = async (address: string) => {
        const request = new Request("http://shop.test/account", { method: "POST", headers: { "x-client-address": aClient() } });
        const reply = await requestSignIn(bed.routeContext(), request, { intent: "sign-in", email: address }, "en", later(20 * minute));
        return JSON.stringify(reply).replaceAll(address, "ADDRESS");
      };
      const known = await answer(email);
      expect(known).toContain('"state":"mailLimited"');
      expect(known).toContain('"minutes":40');
      expect(known).toContain('"status":429');
      expect(await answer(other)).toBe(known);
    });

    it("lets the customer in by the newest mail's link while others use up the mails and type wrong codes", async () => {
      const { email } = await bed.paidOrder();
      // Someone asks for the hour's five mails at its start, then types wrong codes from many connections.
      for (let n = 0; n < 5; n++) await asked(email, later(n * 1000));
      for (let guess = 0; guess < 30; guess++) await checkSignInCode(db(), { email }, "000000", later(2 * minute));
      const signInsBefore = await mailsTo(db(), email);
      expect(signInsBefore).toHaveLength(5);
      // The customer, near the hour's end, asks in vain and is told; the newest mail's link still signs in.
      expect(await asked(email, later(55 * minute))).toBe("mail-limited");
      const newest = signInsBefore.at(-1)?.token ?? "";
      expect((await spendSignInToken(db(), newest, later(56 * minute)))?.email).toBe(email);
      // An earlier mail's link works as well: no request made after it ended it.
      expect(await spendSignInToken(db(), signInsBefore[0]?.token ?? "", later(57 * minute))).toBeDefined();
    });
  });
}
