import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("password hashes", () => {
  it("are self-describing scrypt with a fresh salt, and verify only the right password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse battery", second)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("treat composed and decomposed accents as the same password", async () => {
    const stored = await hashPassword("mot de passe d\u00e9j\u00e0 vu");
    expect(await verifyPassword("mot de passe de\u0301ja\u0300 vu", stored)).toBe(true);
  });

  it("still verify a hash made with another cost", async () => {
    // Made with N = 2^14, r = 8, p = 1, as a future cost change would leave in the table.
    const stored = await hashPassword("an older password");
    const [, , , , salt] = stored.split("$");
    const { scryptSync } = await import("node:crypto");
    const key = scryptSync("an older password", Buffer.from(salt ?? "", "base64"), 64, { N: 2 ** 14, r: 8, p: 1 });
    expect(await verifyPassword("an older password", `scrypt$16384$8$1$${salt}$${key.toString("base64")}`)).toBe(true);
  });

  it("refuse malformed stored values without throwing", async () => {
    const good = await hashPassword("a good long password");
    const [, N, r, p, salt, key] = good.split("$");
    const malformed = [
      "",
      "plain text",
      "bcrypt$2b$10$abc",
      good.replace("scrypt", "scrypt2"),
      `scrypt$${N}$${r}$${p}$${salt}`,
      `scrypt$${N}$${r}$${p}$${salt}$${key}$extra`,
      `scrypt$1000$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`,
      `scrypt$${N}$0$${p}$${salt}$${key}`,
      `scrypt$${N}$${r}$99$${salt}$${key}`,
      `scrypt$${N}$${r}$${p}$not*base64$${key}`,
      `scrypt$${N}$${r}$${p}$${salt}$`,
      `scrypt$-1$${r}$${p}$${salt}$${key}`,
    ];
    for (const stored of malformed) expect(await verifyPassword("a good long password", stored)).toBe(false);
  });
});

describe("password rules", () => {
  it("want 12 to 1024 characters, counted as code points", () => {
    expect(passwordProblem("")).toMatch(/at least 12/);
    expect(passwordProblem("elevenchars")).toMatch(/at least 12 characters \(it has 11\)/);
    expect(passwordProblem("twelve chars")).toBeNull();
    // Six emoji are twelve UTF-16 units but six characters.
    expect(passwordProblem("\u{1F600}".repeat(6))).toMatch(/at least 12/);
    expect(passwordProblem("\u{1F600}".repeat(12))).toBeNull();
    expect(passwordProblem("x".repeat(1024))).toBeNull();
    expect(passwordProblem("x".repeat(1025))).toMatch(/at most 1024/);
  });
});
