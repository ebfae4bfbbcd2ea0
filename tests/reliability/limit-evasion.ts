/**
 * The hostile phase's attempts to slip past the per-client and per-address limits: many addresses of one IPv6
 * /64 (which one home or phone is given whole) asking for free trials and typing sign-in codes, a second trial
 * from another address of the /64 that had one, and a second trial for one mailbox under another spelling
 * (case, a `+tag`, Gmail's dots, googlemail.com). The server trusts X-Forwarded-For here (TRUST_PROXY), so each
 * request comes from the address it names, as it would behind a load balancer.
 */
import { randomBytes } from "node:crypto";
import { canonicalEmail } from "../../common/canonical-email.ts";
import { openedBody } from "../../server/mail/mail-job.ts";
import type { Database } from "./database.ts";
import { type Answer, postForm, target } from "./http.ts";
import { countByStatus, type Report } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

/** The key the suite's servers seal stored mails with (server-process.ts). */
const mailKey = Buffer.from("5eed".repeat(16), "hex");
/** ACCOUNT_SIGN_IN_RATE_LIMIT's default: requests, and codes, one client may send in an hour. */
const perClient = 20;

const hex = () => randomBytes(2).toString("hex");
/** A /64 of the documentation prefix, new for each run. */
const aNetwork = () => `2001:db8:${hex()}:${hex()}`;

export async function runLimitEvasion(server: SiteServer, db: Database, report: Report): Promise<void> {
  const client = target(server.port, 4, 30_000);
  const post = (path: string, fields: Record<string, string>, address: string) =>
    postForm(client, path, fields, { Origin: server.url, "X-Forwarded-For": address }).catch(
      (error: Error): Answer => ({ status: 0, headers: {}, body: error.message }),
    );
  const askTrial = (email: string, address: string) =>
    post("/trial", { intent: "request", name: "Ana Ruiz", email, country: "ES" }, address);
  const run = hex() + hex();

  const trialNetwork = aNetwork();
  const trialAnswers: number[] = [];
  for (let n = 1; n <= perClient + 1; n++)
    trialAnswers.push((await askTrial(`slash64-${run}-${n}@reliability.example`, `${trialNetwork}::${n.toString(16)}`)).status);
  report.check(
    `one IPv6 /64 is one client: of ${perClient + 1} free trial requests from as many of its addresses, the last is refused (429)`,
    trialAnswers.slice(0, perClient).every((status) => status === 200) && trialAnswers[perClient] === 429,
    JSON.stringify(countByStatus(trialAnswers)),
  );

  const codeNetwork = aNetwork();
  const codeAnswers: number[] = [];
  for (let n = 1; n <= perClient + 1; n++) {
    const fields = { email: `guess-${run}-${n}@reliability.example`, code: "123456" };
    codeAnswers.push((await post("/account/code", fields, `${codeNetwork}:${n.toString(16)}::1`)).status);
  }
  report.check(
    `one IPv6 /64 is one client: of ${perClient + 1} sign-in codes typed from as many of its addresses, the last is refused (429)`,
    codeAnswers.slice(0, perClient).every((status) => status === 400) && codeAnswers[perClient] === 429,
    JSON.stringify(countByStatus(codeAnswers)),
  );

  const connection = aNetwork();
  const confirmed = await confirmTrial(db, post, `first-${run}@reliability.example`, `${connection}::1`);
  const second = `second-${run}@reliability.example`;
  const again = await askTrial(second, `${connection}:ffff:1:2:3`);
  report.check(
    "one free trial per IPv6 /64: after one confirmed from an address of it, another address of it is refused (409), no code mailed",
    confirmed && again.status === 409 && (await mailKinds(db, second)).length === 0,
    `first trial ${confirmed ? "confirmed" : "not confirmed"}, then ${again.status}`,
  );

  const mailbox = `relia${run}@gmail.com`;
  const mailboxConfirmed = await confirmTrial(db, post, mailbox, `${aNetwork()}::1`);
  const alias = `Rel.Ia${run}+again@GoogleMail.com`;
  const aliasAnswer = await askTrial(alias, `${aNetwork()}::1`);
  const aliasMails = await mailKinds(db, alias.toLowerCase());
  const trials = await db
    .selectFrom("trials")
    .select("id")
    .where("email_key", "=", canonicalEmail(mailbox))
    .where("status", "<>", "requested")
    .execute();
  report.check(
    "one free trial per mailbox: another spelling (case, +tag, dots, googlemail.com) is answered as anyone is and mailed why, never a code",
    mailboxConfirmed && aliasAnswer.status === 200 && JSON.stringify(aliasMails) === '["trial-refused"]' && trials.length === 1,
    `first trial ${mailboxConfirmed ? "confirmed" : "not confirmed"}; the alias: ${aliasAnswer.status}, mails ${JSON.stringify(aliasMails)}; trials of the mailbox: ${trials.length}`,
  );
  client.agent.destroy();
}

/** The kinds of the mails queued to an address, oldest first. */
async function mailKinds(db: Database, to: string): Promise<string[]> {
  const mails = await db.selectFrom("mails").select("kind").where("to_address", "=", to).orderBy("id").execute();
  return mails.map((mail) => mail.kind);
}

/** A free trial asked for and confirmed with the code of its mail, read from the database: whether it was. */
async function confirmTrial(
  db: Database,
  post: (path: string, fields: Record<string, string>, address: string) => Promise<Answer>,
  email: string,
  address: string,
): Promise<boolean> {
  const values = { name: "Ana Ruiz", email, country: "ES" };
  if ((await post("/trial", { intent: "request", ...values }, address)).status !== 200) return false;
  const mail = await db
    .selectFrom("mails")
    .select("body_text")
    .where("to_address", "=", email)
    .where("kind", "=", "trial-code")
    .executeTakeFirst();
  const code = /: (\d{6})$/m.exec(mail ? openedBody(mail.body_text, mailKey) : "")?.[1];
  if (!code) return false;
  const answer = await post("/trial", { intent: "confirm", code, ...values }, address);
  return answer.status >= 300 && answer.status < 400 && (answer.headers.location ?? "").endsWith("/trial/confirmed");
}
