/**
 * An operator of the bench's own, signed in as a person would: password on the sign-in page, then the
 * second factor (a TOTP code from a secret the bench set, sealed with the server's key).
 */
import { randomBytes } from "node:crypto";
import { createOperator, enableTotp, setTotpSecret } from "../../server/admin/operators.ts";
import { hashPassword } from "../../server/admin/passwords.ts";
import { parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import { newTotpSecret, totpCode } from "../../server/admin/totp.ts";
import type { Database } from "../../server/db/database.ts";
import { benchAccessKey } from "./seed-command.ts";

export interface BenchOperator {
  email: string;
  password: string;
  secret: string;
}

export async function addBenchOperator(db: Database): Promise<BenchOperator> {
  const operator = {
    email: `bench.${randomBytes(4).toString("hex")}@shop.example`,
    password: `bench passphrase ${randomBytes(6).toString("hex")}`,
  };
  const created = await createOperator(db, operator.email, await hashPassword(operator.password));
  const secret = newTotpSecret();
  await setTotpSecret(db, created.id, seal(parseEncryptionKey(benchAccessKey), secret));
  await enableTotp(db, created.id);
  return { ...operator, secret };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("admin_session=") && pair.length > "admin_session=".length);

/** Signs in (password, then the code) and returns the session's cookie. */
export async function signIn(base: string, operator: BenchOperator): Promise<string> {
  const post = (form: Record<string, string>, cookie = "") =>
    fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams(form).toString(),
    });
  const first = await post({ email: operator.email, password: operator.password, next: "/admin" });
  const cookie = cookieOf(first);
  if (!cookie) throw new Error(`Signing in failed at the password (status ${first.status})`);
  // Each code works once per 30-second step: after a restart within the same step, wait for the next one.
  for (let attempt = 0; attempt < 2; attempt++) {
    const second = await post({ intent: "code", code: totpCode(operator.secret, new Date()), next: "/admin" }, cookie);
    const verified = cookieOf(second) ?? cookie;
    const check = await fetch(`${base}/admin/orders`, { redirect: "manual", headers: { Cookie: verified } });
    if (check.status === 200) return verified;
    await new Promise((resolve) => setTimeout(resolve, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error("Signing in failed at the second factor");
}
