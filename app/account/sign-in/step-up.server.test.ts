import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomerSession, isFreshSession, readCustomerSession } from "../../../server/db/customer-sessions.ts";
import { checkSignInCode } from "../../../server/db/customer-sign-ins.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { startSignIn } from "./start.server";
import { confirmWithCode, sendStepUpCode, stepUpNext } from "./step-up.server";

describe("where the step-up code goes on to", () => {
  it("is an account page of this site, in any language, with its query", () => {
    expect(stepUpNext("/account/access/NS-7F3K-9QXD", "en")).toBe("/account/access/NS-7F3K-9QXD");
    expect(stepUpNext("/es/account/access/NS-1?show=1", "es")).toBe("/es/account/access/NS-1?show=1");
    expect(stepUpNext("/fr/account", "fr")).toBe("/fr/account");
  });

  it("is the account's home in the page's language for anything else", () => {
    for (const next of [
      "//evil.example/account",
      "https://evil.example/account",
      "/checkout",
      "/accountant",
      "/account/../admin",
      "/\\evil.example",
      undefined,
      null,
    ]) {
      expect(stepUpNext(next, "es"), String(next)).toBe("/es/account");
    }
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the step-up code on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("mails a code bound to the session, which confirms it once; five wrong codes void it", async () => {
      const { db } = bed.services;
      const email = `viewer-${randomUUID().slice(0, 8)}@example.com`;
      const signedInAt = new Date(Date.now() - 11 * 60_000);
      const token = await createCustomerSession(db, { email, address: "198.51.100.7" }, signedInAt);
      const session = await readCustomerSession(db, token);
      if (!session) throw new Error("no session");
      expect(isFreshSession(session)).toBe(false);

      expect(await sendStepUpCode(db, session, "es", undefined)).toBe("sent");
      const [mail] = await db.selectFrom("mails").selectAll().where("to_address", "=", email).execute();
      expect(mail?.kind).toBe("account-step-up");
      const code = /: (\d{6})$/m.exec(mail?.body_text ?? "")?.[1] ?? "";
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      expect(await confirmWithCode(db, session, wrong)).toEqual({ result: "wrong", triesLeft: 4 });
      expect((await confirmWithCode(db, session, code)).result).toBe("signed-in");
      const confirmed = await readCustomerSession(db, token);
      expect(confirmed && isFreshSession(confirmed)).toBe(true);
      expect(await confirmWithCode(db, session, code)).toEqual({ result: "over" });

      await sendStepUpCode(db, session, "es", undefined);
      for (let attempt = 0; attempt < 4; attempt++) await confirmWithCode(db, session, "000000");
      const fifth = await confirmWithCode(db, session, "000000");
      const [, second] = await db.selectFrom("mails").select("body_text").where("to_address", "=", email).orderBy("id").execute();
      const secondCode = /: (\d{6})$/m.exec(second?.body_text ?? "")?.[1] ?? "";
      // (Unless "000000" was the code: then it signed in on one of the tries.)
      if (secondCode !== "000000") {
        expect(fifth).toEqual({ result: "void" });
        expect(await confirmWithCode(db, session, secondCode)).toEqual({ result: "void" });
      }
    });

    it("is not used up by others: sign-in mails and wrong sign-in codes for the address leave it whole", async () => {
      const { db } = bed.services;
      const email = `hammered-${randomUUID().slice(0, 8)}@example.com`;
      const session = await readCustomerSession(db, await createCustomerSession(db, { email, address: "198.51.100.9" }));
      if (!session) throw new Error("no session");
      for (let n = 0; n < 6; n++) await startSignIn(db, { email, language: "en", clientAddress: `203.0.113.${n}` });
      for (let n = 0; n < 12; n++) await checkSignInCode(db, { email }, "000000");
      expect(await sendStepUpCode(db, session, "en", undefined)).toBe("sent");
      const [mail] = await db
        .selectFrom("mails")
        .select("body_text")
        .where("to_address", "=", email)
        .where("kind", "=", "account-step-up")
        .execute();
      const code = /: (\d{6})$/m.exec(mail?.body_text ?? "")?.[1] ?? "";
      expect((await confirmWithCode(db, session, code)).result).toBe("signed-in");
    });

    it("sends no more than the address's mails an hour", async () => {
      const { db } = bed.services;
      const email = `busy-${randomUUID().slice(0, 8)}@example.com`;
      const session = await readCustomerSession(db, await createCustomerSession(db, { email, address: "198.51.100.8" }));
      if (!session) throw new Error("no session");
      const answers = [];
      for (let request = 0; request < 6; request++) answers.push(await sendStepUpCode(db, session, "fr", undefined));
      expect(answers).toEqual(["sent", "sent", "sent", "sent", "sent", "limited"]);
    });
  });
}
