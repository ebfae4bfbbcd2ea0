import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { signInWithCode } from "./code.server";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const stranger = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`typing a sign-in code, on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("limits the codes one client (an IPv6 /64) may type in an hour, whatever the addresses", async () => {
      const client = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::`;
      const answers = [];
      for (let n = 0; n < 21; n++) {
        const request = new Request("http://shop.test/account/code", { method: "POST", headers: { "x-client-address": `${client}${n}` } });
        const reply = await signInWithCode(
          bed.routeContext(),
          request,
          { email: stranger(), code: "123456" },
          "en",
          new Date(T0.getTime() + n * 1000),
        );
        answers.push(JSON.stringify(reply));
      }
      expect(answers.slice(0, 20).every((answer) => !answer.includes('"status":429'))).toBe(true);
      expect(answers[20]).toContain('"state":"rateLimited"');
      expect(answers[20]).toContain('"status":429');
    });
  });
}
