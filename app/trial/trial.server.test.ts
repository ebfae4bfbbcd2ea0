import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { open } from "../../server/admin/secret-box.ts";
import { findAccessById } from "../../server/db/accesses.ts";
import { customerRecords } from "../../server/db/customer-data.ts";
import { eraseCustomer } from "../../server/db/customer-erasure.ts";
import type { Job, Trial } from "../../server/db/schema.ts";
import { findTrialById } from "../../server/db/trials.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { openedBody } from "../../server/mail/mail-job.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { startTestReceiver, type TestReceiver } from "../../tests/support/fake-provisioning.ts";
import { createOrderTestBed, type OrderTestBed, testAccessDetails } from "../../tests/support/orders.ts";
import { TRIAL_ENDING_MAIL_HOURS } from "../access/schedule.server";
import { buildExport } from "../account/data/export";
import { deliverTrialByHand } from "../admin/trials/trials.server";
import { renewalJobHandlers } from "../renewals/handlers.server";
import { confirmTrial } from "./confirm.server";
import { sendTrialEndingMail } from "./ending-job.server";
import { requestTrial } from "./request.server";
import { trialStartedHandler } from "./started-job.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const hour = 60 * 60_000;
const secret = "a-shared-secret-of-at-least-32-characters";
let counter = 0;
const someone = () => `trial.${++counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const anAddress = () => `192.0.2.${++counter % 250}`;

const claimed = (kind: string, payload: Record<string, unknown>, attempts = 1): Job => ({
  id: 1,
  kind,
  payload: JSON.stringify(payload),
  unique_key: null,
  run_at: T0.toISOString(),
  attempts,
  max_attempts: 1000,
  last_error: null,
  locked_by: "test",
  locked_until: null,
  done_at: null,
  failed_at: null,
  created_at: T0.toISOString(),
  updated_at: T0.toISOString(),
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the free trial's steps on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    let receiver: TestReceiver;
    const clock = { now: T0 };
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      receiver = await startTestReceiver(secret, () => clock.now.getTime() / 1000);
    });
    afterAll(async () => {
      await receiver?.stop();
      await bed?.handle.cleanup();
    });
    beforeEach(() => {
      clock.now = T0;
    });
    const db = () => bed.handle.db;
    const mailsTo = (email: string, kind: string) =>
      db().selectFrom("mails").selectAll().where("to_address", "=", email).where("kind", "=", kind).execute();
    const jobsOf = (kind: string, key: string) =>
      db().selectFrom("jobs").selectAll().where("kind", "=", kind).where("payload", "like", `%${key}%`).execute();
    const codeOf = async (email: string) =>
      /: (\d{6})$/m.exec(openedBody((await mailsTo(email, "trial-code")).at(-1)!.body_text, bed.services.accessKey!))![1]!;

    /** Asked for and confirmed by its mailed code, as the page does. */
    async function confirmedTrial(email = someone(), provisioning = false): Promise<Trial> {
      const values = { name: "Ana Ruiz", email, country: "ES" };
      const address = anAddress();
      expect(await requestTrial(db(), { values, language: "es", clientAddress: address }, bed.services.accessKey!, T0)).toBe("mailed");
      const check = await confirmTrial(db(), { email, code: await codeOf(email), clientAddress: address }, at(60_000), provisioning);
      if (check.result !== "confirmed") throw new Error(check.result);
      return check.trial;
    }
    const startedHandler = () =>
      trialStartedHandler(async () => bed.services, { webhook: { url: receiver.url, secret }, operatorEmail: "ops@example.com" });

    it("mail the code in the page's language, sealed at rest, and to an address that had a trial why not", async () => {
      const email = someone();
      await confirmedTrial(email);
      const [mail] = await mailsTo(email, "trial-code");
      expect(mail!.body_text.startsWith("sealed:")).toBe(true);
      expect(openedBody(mail!.body_text, bed.services.accessKey!)).toContain("Tu código");
      const again = await requestTrial(
        db(),
        { values: { name: "A", email, country: "ES" }, language: "en", clientAddress: anAddress() },
        undefined,
        at(hour),
      );
      expect(again).toBe("mailed");
      expect(await mailsTo(email, "trial-code")).toHaveLength(1);
      expect(await mailsTo(email, "trial-refused")).toHaveLength(1);
    });

    it("limit code mails per e-mail address in the hour, like the account's", async () => {
      const email = someone();
      const ask = () =>
        requestTrial(db(), { values: { name: "A", email, country: "FR" }, language: "fr", clientAddress: anAddress() }, undefined, T0);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await ask());
      expect(answers.slice(0, 5)).toEqual(Array(5).fill("mailed"));
      expect(answers[5]).toBe("mail-limited");
    });

    it("limit code mails per mailbox, whatever its spelling, so aliases do not fill one inbox", async () => {
      const name = `jane${++counter}x${Math.random().toString(36).slice(2, 6)}`;
      const spellings = [0, 1, 2, 3, 4, 5].map(
        (n) => `${name.slice(0, n + 1)}.${name.slice(n + 1)}+${n}@${n % 2 ? "googlemail" : "gmail"}.com`,
      );
      const answers = [];
      for (const email of spellings) {
        answers.push(
          await requestTrial(
            db(),
            { values: { name: "A", email, country: "FR" }, language: "fr", clientAddress: anAddress() },
            undefined,
            T0,
          ),
        );
      }
      expect(answers.slice(0, 5)).toEqual(Array(5).fill("mailed"));
      expect(answers[5]).toBe("mail-limited");
    });

    it("queue trial.started once the code is right when a provisioning system is configured, and not otherwise", async () => {
      const withSystem = await confirmedTrial(someone(), true);
      expect(await jobsOf(JOB_KINDS.trialStarted, `"trialId":${withSystem.id}}`)).toHaveLength(1);
      const without = await confirmedTrial(someone(), false);
      expect(await jobsOf(JOB_KINDS.trialStarted, `"trialId":${without.id}}`)).toHaveLength(0);
    });

    it("deliver the trial from the provisioning system's answer: an access of kind trial, its end in hours, no renewal reminders", async () => {
      const trial = await confirmedTrial();
      receiver.answer({ status: 200, body: { access: testAccessDetails } });
      await startedHandler().run(claimed(JOB_KINDS.trialStarted, { trialId: trial.id }), T0);

      const request = receiver.received.at(-1)!;
      expect(request.verified).toBe(true);
      expect(request.headers["webhook-id"]).toBe(trial.reference);
      expect(JSON.parse(request.body)).toMatchObject({
        id: trial.reference,
        type: "trial.started",
        trial: { reference: trial.reference, hours: 24, viewers: 1, customer: { email: trial.email, country: "ES", language: "es" } },
      });
      const delivered = (await findTrialById(db(), trial.id))!;
      expect(delivered).toMatchObject({ status: "delivered", ends_at: at(24 * hour).toISOString() });
      const access = (await findAccessById(db(), delivered.access_id!))!;
      expect(access).toMatchObject({ kind: "trial", reference: trial.reference, status: "active", ends_at: at(24 * hour).toISOString() });
      expect(JSON.parse(open(bed.services.accessKey!, access.details!))).toEqual(testAccessDetails);

      const [mail] = await mailsTo(trial.email, "trial-access");
      expect(mail!.body_text).not.toContain(testAccessDetails.password);
      expect(openedBody(mail!.body_text, bed.services.accessKey!)).toContain(testAccessDetails.password);
      expect(await jobsOf(JOB_KINDS.accessExpiry, `"accessId":${access.id},`)).toHaveLength(1);
      const [ending] = await jobsOf(JOB_KINDS.trialEnding, `"trialId":${trial.id},`);
      expect(ending!.run_at).toBe(at((24 - TRIAL_ENDING_MAIL_HOURS) * hour).toISOString());
      expect(await jobsOf(JOB_KINDS.renewalReminder, `"accessId":${access.id},`)).toHaveLength(0);
    });

    it("leave the trial waiting for the operator when the answer has no details, and retry a system that is down", async () => {
      const trial = await confirmedTrial();
      receiver.answer({ status: 202 });
      await startedHandler().run(claimed(JOB_KINDS.trialStarted, { trialId: trial.id }), T0);
      expect((await findTrialById(db(), trial.id))?.status).toBe("confirmed");
      receiver.answer({ status: 503 });
      const handler = startedHandler();
      await expect(handler.run(claimed(JOB_KINDS.trialStarted, { trialId: trial.id }), T0)).rejects.toThrow(/HTTP 503/);
      expect(handler.retryDelayMs?.(1, claimed(JOB_KINDS.trialStarted, {}), T0)).toBe(30_000);
    });

    it("deliver by hand once, audited, and refuse a second delivery", async () => {
      const trial = await confirmedTrial();
      const form = { intent: "deliver", ...testAccessDetails };
      const first = await deliverTrialByHand(bed.services, bed.operator, trial, form, "203.0.113.9", T0);
      expect(first).toMatchObject({ ok: true, message: { key: "trials.deliver.done" } });
      const second = await deliverTrialByHand(bed.services, bed.operator, trial, form, "203.0.113.9", T0);
      expect(second).toMatchObject({ ok: false, message: { key: "trials.deliver.already" } });
      const audit = await db().selectFrom("audit_log").selectAll().where("subject", "=", trial.reference).execute();
      expect(audit.map((entry) => entry.action)).toEqual(["trial-deliver"]);
      expect(JSON.stringify(audit)).not.toContain(testAccessDetails.password);
      const invalid = await deliverTrialByHand(bed.services, bed.operator, await confirmedTrial(), { intent: "deliver" }, "x", T0);
      expect(invalid).toMatchObject({ ok: false, errors: { username: "required" } });
    });

    it("offer the plans in the last hours, with a plain checkout link, and not to someone who bought since", async () => {
      const trial = await confirmedTrial();
      await deliverTrialByHand(bed.services, bed.operator, trial, { intent: "deliver", ...testAccessDetails }, "x", T0);
      const end = at(24 * hour).toISOString();
      expect(await sendTrialEndingMail(db(), trial.id, end, at(21 * hour))).toBe("sent");
      const [mail] = await mailsTo(trial.email, "trial-ending");
      expect(mail!.body_text).toContain("/es/checkout?plan=advanced&viewers=1&automatic=off");
      expect(mail!.body_text).not.toContain("renew=");

      const buyer = await confirmedTrial();
      await deliverTrialByHand(bed.services, bed.operator, buyer, { intent: "deliver", ...testAccessDetails }, "x", T0);
      await bed.paidOrder({ email: buyer.email });
      expect(await sendTrialEndingMail(db(), buyer.id, end, at(21 * hour))).toBe("bought");
      expect(await sendTrialEndingMail(db(), buyer.id, end, at(25 * hour))).toBe("ended");
    });

    it("expire by the access expiry job, the trial with its access", async () => {
      const trial = await confirmedTrial();
      await deliverTrialByHand(bed.services, bed.operator, trial, { intent: "deliver", ...testAccessDetails }, "x", T0);
      const accessId = (await findTrialById(db(), trial.id))!.access_id!;
      const expiry = renewalJobHandlers(async () => bed.services)[JOB_KINDS.accessExpiry];
      const job = claimed(JOB_KINDS.accessExpiry, { accessId, endsAt: at(24 * hour).toISOString() });
      await expiry.run(job, at(23 * hour));
      expect((await findTrialById(db(), trial.id))?.status).toBe("delivered");
      await expiry.run(job, at(24 * hour));
      expect((await findAccessById(db(), accessId))?.status).toBe("expired");
      expect((await findTrialById(db(), trial.id))?.status).toBe("expired");
    });

    it("are in the customer's data export, and go with the account's erasure", async () => {
      const trial = await confirmedTrial();
      const notes = { accessDetailsNote: "n", sealedMailsNote: "n" };
      const file = buildExport(await customerRecords(db(), trial.email), notes, T0);
      expect(file.freeTrials).toEqual([expect.objectContaining({ reference: trial.reference, name: "Ana Ruiz", state: "confirmed" })]);
      const summary = await eraseCustomer(db(), trial.email, { retentionYears: 10, now: at(hour) });
      expect(summary.trials).toBe(1);
      expect(await findTrialById(db(), trial.id)).toBeUndefined();
    });
  });
}
