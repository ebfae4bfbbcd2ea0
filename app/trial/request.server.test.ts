import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../common/languages";
import { openedBody } from "../../server/mail/mail-job.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders.ts";
import { recording } from "../../tests/support/statements.ts";
import { trialAction } from "./action.server";
import { requestTrial } from "./request.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const stranger = () => `stranger-${randomUUID().slice(0, 8)}@example.com`;
const anAddress = () => `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 4)}`;
const asked = (email: string, language: Language = "en") => ({
  values: { name: "Ana Ruiz", email, country: "ES" },
  language,
  clientAddress: anAddress(),
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`asking for a free trial, on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    let payer: string;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      payer = (await bed.paidOrder()).email;
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });
    const mailsTo = (email: string) =>
      bed.services.db.selectFrom("mails").select(["kind", "body_text"]).where("to_address", "=", email.toLowerCase()).execute();

    it("answers a paying customer byte for byte as a stranger, but for the address typed", async () => {
      const context = bed.routeContext();
      const ask = async (email: string) => {
        const request = new Request("http://shop.test/fr/trial", { method: "POST", headers: { "x-client-address": anAddress() } });
        const answer = await trialAction(context, request, { intent: "request", name: "Ana Ruiz", email, country: "ES" }, "fr");
        return JSON.stringify(answer).replaceAll(email, "ADDRESS");
      };
      const [customer, other] = [await ask(payer), await ask(stranger())];
      expect(other).toContain('"step":"code"');
      expect(customer).toBe(other);
    });

    it("does the same work, statement for statement, for a paying customer and for a stranger", async () => {
      const known = recording(bed.services.db);
      const unknown = recording(bed.services.db);
      expect(await requestTrial(known.db, asked(payer), bed.services.accessKey ?? undefined, T0)).toBe("mailed");
      expect(await requestTrial(unknown.db, asked(stranger()), bed.services.accessKey ?? undefined, T0)).toBe("mailed");
      expect(known.statements.length).toBeGreaterThan(5);
      expect(unknown.statements).toEqual(known.statements);
    });

    it("mails an address that cannot have a trial why none started, in the page's language, and no code", async () => {
      const { email } = await bed.paidOrder();
      for (const language of ["es", "fr"] as const)
        await requestTrial(bed.services.db, asked(email, language), bed.services.accessKey ?? undefined, T0);
      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.kind).filter((kind) => kind.startsWith("trial-"))).toEqual(["trial-refused", "trial-refused"]);
      const texts = mails
        .filter((mail) => mail.kind === "trial-refused")
        .map((mail) => openedBody(mail.body_text, bed.services.accessKey!));
      expect(texts[0]).toContain("compra");
      expect(texts[1]).toContain("achat");
      for (const text of texts) expect(text).not.toMatch(/\b\d{6}\b/);
    });
  });
}
