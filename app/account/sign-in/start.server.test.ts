import { randomBytes, randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSignInCode, spendSignInToken } from "../../../server/db/customer-sign-ins.ts";
import type { Database } from "../../../server/db/database.ts";
import { createOrder } from "../../../server/db/orders.ts";
import { openedBody } from "../../../server/mail/mail-job.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { someonesOrder } from "../../../tests/support/new-order.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { recording } from "../../../tests/support/statements.ts";
import { servicesContext } from "../../services.server";
import { mailSignIn } from "./mail-job.server";
import { requestSignIn } from "./request.server";
import { startSignIn } from "./start.server";

const stranger = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;
const client = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 4)}`;

const signInsOf = (db: Database, email: string) => db.selectFrom("customer_sign_ins").selectAll().where("email", "=", email).execute();
const jobsOfKind = (db: Database) => db.selectFrom("jobs").select("payload").where("kind", "=", "account-sign-in-mail").execute();

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`asking for a sign-in on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    let customer: string;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      customer = (await bed.paidOrder()).email;
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("does the same work, statement for statement, for a customer and for a stranger", async () => {
      const known = recording(bed.services.db);
      const unknown = recording(bed.services.db);
      expect(await startSignIn(known.db, { email: customer, language: "en", clientAddress: client() })).toBe("recorded");
      expect(await startSignIn(unknown.db, { email: stranger(), language: "en", clientAddress: client() })).toBe("recorded");
      expect(known.statements.length).toBeGreaterThan(3);
      expect(unknown.statements).toEqual(known.statements);
    });

    it("answers byte for byte alike but for the address typed, whether the address has orders or not", async () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, async () => bed.services);
      const ask = async (email: string) => {
        const request = new Request("http://shop.test/es/account", { method: "POST", headers: { "x-client-address": client() } });
        const answer = await requestSignIn(context, request, { intent: "sign-in", email }, "es");
        return JSON.stringify(answer).replaceAll(email, "ADDRESS");
      };
      const unknown = stranger();
      const [known, other] = [await ask(customer), await ask(unknown)];
      expect(known).toContain('"state":"mailed"');
      expect(other).toBe(known);
    });

    it("mails only an address with orders, with a link and a code that work, and a copy stored sealed", async () => {
      const key = randomBytes(32);
      const email = stranger();
      await startSignIn(bed.services.db, { email, language: "fr", clientAddress: client() });
      const [strangers] = await signInsOf(bed.services.db, email);
      expect(await mailSignIn(bed.services.db, strangers?.id ?? 0, new Date(), key)).toBe(false);

      const { order } = await createOrder(bed.services.db, someonesOrder({ language: "es" }));
      await startSignIn(bed.services.db, { email: order.email, language: "fr", clientAddress: client() });
      const [signIn] = await signInsOf(bed.services.db, order.email);
      expect(await mailSignIn(bed.services.db, signIn?.id ?? 0, new Date(), key)).toBe(true);
      const mails = await bed.services.db.selectFrom("mails").selectAll().where("to_address", "=", order.email).execute();
      expect(mails.map((mail) => mail.kind)).toEqual(["account-sign-in"]);
      expect(mails[0]?.body_text).toMatch(/^sealed:/);
      const text = openedBody(mails[0]?.body_text ?? "", key);
      const token = /\/fr\/account\/link\?token=([\w-]+)/.exec(text)?.[1] ?? "";
      // The code's own line ("Code: 123456"): the link's random token before it may hold six digits in a row.
      const code = /: (\d{6})$/m.exec(text)?.[1] ?? "";
      expect(text).toContain("15 minutes");
      expect(await checkSignInCode(bed.services.db, { email: order.email }, code)).toMatchObject({ result: "signed-in" });
      expect(await spendSignInToken(bed.services.db, token)).toBeUndefined();
      // Mailed once: the job run again (a retry) finds the sign-in used and mails nothing.
      expect(await mailSignIn(bed.services.db, signIn?.id ?? 0, new Date(), key)).toBe(false);
    });

    it("holds the limits across two servers: 5 mails an address, 20 requests a client address, an hour", async () => {
      const other = bed.handle.openAnother();
      const servers = [bed.services.db, other];
      const email = stranger();
      const results = [];
      for (let request = 0; request < 7; request++) {
        results.push(await startSignIn(servers[request % 2] as Database, { email, language: "en", clientAddress: client() }));
      }
      expect(results).toEqual([...Array(5).fill("recorded"), "mail-limited", "mail-limited"]);
      expect(await signInsOf(bed.services.db, email)).toHaveLength(5);

      const address = client();
      const answers = [];
      for (let request = 0; request < 21; request++) {
        answers.push(await startSignIn(servers[request % 2] as Database, { email: stranger(), language: "en", clientAddress: address }));
      }
      expect(answers.slice(0, 20).every((answer) => answer === "recorded")).toBe(true);
      expect(answers[20]).toBe("client-limited");
      expect((await jobsOfKind(bed.services.db)).length).toBeGreaterThan(0);
    });

    it("counts every address of one IPv6 /64 as one client", async () => {
      const network = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
      const answers = [];
      for (let n = 1; n <= 21; n++) {
        answers.push(
          await startSignIn(bed.services.db, { email: stranger(), language: "en", clientAddress: `${network}::${n.toString(16)}` }),
        );
      }
      expect(answers.slice(0, 20).every((answer) => answer === "recorded")).toBe(true);
      expect(answers[20]).toBe("client-limited");
    });
  });
}
