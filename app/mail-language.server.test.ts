import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMailLanguage } from "../server/db/customer-preferences.ts";
import { mailTexts } from "../server/mail/mail-texts.ts";
import { testTargets } from "../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed, testAccessDetails } from "../tests/support/orders";
import { fulfilOrder } from "./access/deliver.server";
import { queueOrderConfirmation, queueRefundNotice } from "./mail.server";

/** The language a customer chose in their account wins over the language each order was placed in. */
for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the mails' language on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const subjects = async (orderId: number) =>
      (await bed.handle.db.selectFrom("mails").select(["kind", "subject"]).where("order_id", "=", orderId).orderBy("id").execute()).map(
        (mail) => mail.subject,
      );

    it("follows the order's language while the customer chose none", async () => {
      const order = await bed.paidOrder({ language: "fr", email: `sans.choix.${Date.now()}@example.com` });
      await bed.handle.db.deleteFrom("mails").where("order_id", "=", order.id).execute();
      await queueOrderConfirmation(bed.handle.db, order);
      expect((await subjects(order.id))[0]).toContain(mailTexts.fr.orderConfirmation.subject.split("{{")[0]!.trim());
    });

    it("writes the confirmation, the access and the refund in the chosen language, whatever the order's", async () => {
      const order = await bed.paidOrder({ language: "fr", email: `Choix.${Date.now()}@Example.com` });
      await bed.handle.db.deleteFrom("mails").where("order_id", "=", order.id).execute();
      await setMailLanguage(bed.handle.db, order.email, "es");
      await queueOrderConfirmation(bed.handle.db, order);
      await fulfilOrder(bed.services, order, testAccessDetails, "provisioning");
      await queueRefundNotice(bed.handle.db, order, 500);
      const mails = await bed.handle.db.selectFrom("mails").select(["kind", "subject"]).where("order_id", "=", order.id).execute();
      const subjectOf = (kind: string) => mails.find((mail) => mail.kind === kind)?.subject;
      expect(subjectOf("order-confirmation")).toContain(mailTexts.es.orderConfirmation.subject.split("{{")[0]!.trim());
      expect(subjectOf("order-access")).toContain(mailTexts.es.accessMail.subject.split("{{")[0]!.trim());
      expect(subjectOf("order-refund")).toContain(mailTexts.es.refundMail.subject.split("{{")[0]!.trim());
    });
  });
}
