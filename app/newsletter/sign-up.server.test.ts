import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/database.ts";
import { confirmSubscription, subscribeToNewsletter } from "../../server/db/newsletter.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { mailAfterSignUp } from "./sign-up.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the mail after a newsletter sign-up on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(() => handle?.cleanup());

    const signUp = async (email: string) =>
      mailAfterSignUp({ db: handle.db, wakeMail: () => {} }, await subscribeToNewsletter(handle.db, { email, language: "fr" }));
    const kindsTo = async (email: string) =>
      (await handle.db.selectFrom("mails").select("kind").where("to_address", "=", email).orderBy("id").execute()).map((row) => row.kind);

    it("sends a new address its confirmation link, and again once a day while it is unconfirmed", async () => {
      await signUp("new@example.com");
      await signUp("new@example.com");
      await signUp("new@example.com");
      expect(await kindsTo("new@example.com")).toEqual(["newsletter-confirmation", "newsletter-confirmation"]);
    });

    it("tells a confirmed address that nothing changed, once a day", async () => {
      await signUp("fan@example.com");
      const subscriber = await handle.db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("email", "=", "fan@example.com")
        .executeTakeFirstOrThrow();
      await confirmSubscription(handle.db, subscriber.confirmation_token);
      await signUp("fan@example.com");
      await signUp("fan@example.com");
      expect(await kindsTo("fan@example.com")).toEqual(["newsletter-confirmation", "newsletter-already-subscribed"]);
    });
  });
}
