import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../server/db/database.ts";
import { subscribeToNewsletter } from "../../../server/db/newsletter.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { recordOptOut } from "../../renewals/opt-outs.server";
import { parsePreferences, readPreferences, savePreferences } from "./preferences.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");

describe("the preferences form, read", () => {
  it("takes on/off and a language or the order's, and refuses anything else whole", () => {
    expect(parsePreferences({ reminders: "off", newsletter: "on", mailLanguage: "es" })).toEqual({
      reminders: false,
      newsletter: true,
      mailLanguage: "es",
    });
    expect(parsePreferences({ reminders: "on", newsletter: "off", mailLanguage: "order" })?.mailLanguage).toBeNull();
    expect(parsePreferences({ reminders: "yes", newsletter: "on", mailLanguage: "es" })).toBeUndefined();
    expect(parsePreferences({ reminders: "on", newsletter: "on", mailLanguage: "de" })).toBeUndefined();
    expect(parsePreferences({ reminders: "on", mailLanguage: "en" })).toBeUndefined();
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`a customer's preferences on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(() => handle.cleanup());

    const subscriber = (email: string) =>
      handle.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();

    it("are reminders on, no newsletter and the order's language by default", async () => {
      expect(await readPreferences(handle.db, "new@example.com")).toEqual({ reminders: true, newsletter: false, mailLanguage: null });
    });

    it("saves each choice and reads them back; saving the same again changes nothing", async () => {
      const email = "lea@example.com";
      const chosen = { reminders: false, newsletter: true, mailLanguage: "fr" as const };
      await savePreferences(handle.db, "Lea@Example.com", chosen, "fr", T0);
      expect(await readPreferences(handle.db, email)).toEqual(chosen);
      // Subscribed confirmed at once: the session proved the mailbox.
      expect(await subscriber(email)).toMatchObject({ confirmed_at: T0.toISOString(), unsubscribed_at: null, language: "fr" });
      await savePreferences(handle.db, email, chosen, "fr", new Date(T0.getTime() + 60_000));
      expect(await readPreferences(handle.db, email)).toEqual(chosen);
      expect(await subscriber(email)).toMatchObject({ confirmed_at: T0.toISOString() });

      await savePreferences(handle.db, email, { reminders: true, newsletter: false, mailLanguage: null }, "fr", T0);
      expect(await readPreferences(handle.db, email)).toEqual({ reminders: true, newsletter: false, mailLanguage: null });
      expect((await subscriber(email))?.unsubscribed_at).toBe(T0.toISOString());
    });

    it("turns reminders back on after an opt-out from a mail, and confirms a sign-up left unconfirmed", async () => {
      const email = "tom@example.com";
      await recordOptOut(handle.db, email, T0);
      const pending = await subscribeToNewsletter(handle.db, { email, language: "en" }, T0);
      expect(await readPreferences(handle.db, email)).toMatchObject({ reminders: false, newsletter: false });
      await savePreferences(handle.db, email, { reminders: true, newsletter: true, mailLanguage: null }, "en", T0);
      expect(await readPreferences(handle.db, email)).toMatchObject({ reminders: true, newsletter: true });
      // The unconfirmed row is confirmed, and its unsubscribe link keeps working.
      expect(await subscriber(email)).toMatchObject({
        id: pending.subscriber.id,
        confirmation_token: pending.subscriber.confirmation_token,
      });
    });
  });
}
