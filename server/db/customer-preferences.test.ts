import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { chosenMailLanguage, mailLanguageFor, setMailLanguage } from "./customer-preferences.ts";
import { migrateToLatest } from "./database.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the language of a customer's mails on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(() => handle.cleanup());

    it("is the fallback (the order's language) until the customer chooses one", async () => {
      expect(await chosenMailLanguage(handle.db, "ana@example.com")).toBeNull();
      expect(await mailLanguageFor(handle.db, "ana@example.com", "es")).toBe("es");
    });

    it("is the chosen one, whatever the address's case, one row per address, and can go back to the fallback", async () => {
      await setMailLanguage(handle.db, "Ana@Example.com", "fr", T0);
      await setMailLanguage(handle.db, " ana@example.COM", "en", T0);
      expect(await mailLanguageFor(handle.db, "ANA@example.com", "es")).toBe("en");
      expect(await handle.db.selectFrom("customer_preferences").select(["email", "mail_language"]).execute()).toEqual([
        { email: "ana@example.com", mail_language: "en" },
      ]);
      await setMailLanguage(handle.db, "ana@example.com", null, T0);
      expect(await mailLanguageFor(handle.db, "ana@example.com", "es")).toBe("es");
    });

    it("ignores a stored language the site does not have", async () => {
      const at = T0.toISOString();
      await handle.db
        .insertInto("customer_preferences")
        .values({ email: "old@example.com", mail_language: "de", created_at: at, updated_at: at })
        .execute();
      expect(await mailLanguageFor(handle.db, "old@example.com", "fr")).toBe("fr");
    });
  });
}
