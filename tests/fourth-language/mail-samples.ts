/**
 * What each mail template is called with, before its language: one sample per `render…` function of
 * server/mail/. The test renders every function it finds there and fails on one missing here, so a new
 * mail cannot be left out of the fourth language.
 */
const at = new Date("2026-03-01T10:00:00.000Z");
const link = (path: string) => `https://shop.example${path}`;

export const mailSamples: Record<string, readonly unknown[]> = {
  renderOrderConfirmation: [
    {
      reference: "NS-7F3K-9QXD",
      firstName: "Camille",
      planKey: "advanced",
      viewers: 2,
      amountPaid: "29 €",
      card: { brand: "visa", last4: "4242" },
      invoice: { number: "2026-000007", url: link("/account/invoices/2026-000007") },
    },
  ],
  renderContactNotification: [
    { name: "Zoe", email: "zoe@example.com", subject: "Plans", message: "A question", language: "es", receivedAt: at },
  ],
  renderNewsletterConfirmation: [
    { confirmUrl: link("/newsletter/confirm?token=a"), unsubscribeUrl: link("/newsletter/unsubscribe?token=b") },
  ],
  renderNewsletterAlreadySubscribed: [{ unsubscribeUrl: link("/newsletter/unsubscribe?token=b") }],
  renderAccessMail: [
    {
      reference: "NS-7F3K-9QXD",
      firstName: "Camille",
      details: { username: "camille", password: "s3cr3t", serverUrl: link(":8080"), playlistUrl: link("/get.m3u"), note: "Welcome" },
      startsAt: at,
      endsAt: new Date("2026-06-01T10:00:00.000Z"),
    },
  ],
  renderRefundMail: [{ reference: "NS-7F3K-9QXD", firstName: "Camille", amount: "29 €", refundedAt: at }],
  renderRenewalReminder: [
    {
      firstName: "Camille",
      planKey: "advanced",
      viewers: 2,
      endsAt: new Date("2026-06-01T10:00:00.000Z"),
      renewUrl: link("/checkout?renew=a.b"),
      unsubscribeUrl: link("/reminders/unsubscribe?token=c.d"),
      linkDays: 30,
    },
  ],
  renderRenewalMail: [
    {
      occasion: "paid",
      reference: "NS-4M2P-8RTW",
      access: "NS-7F3K-9QXD",
      firstName: "Camille",
      planKey: "advanced",
      viewers: 2,
      endsAt: new Date("2026-09-01T10:00:00.000Z"),
    },
  ],
  renderSignInMail: [{ linkUrl: link("/account/link?token=a"), code: "482913" }],
  renderStepUpMail: [{ code: "482913" }],
  renderDeliveryAlertMail: [{ reference: "NS-7F3K-9QXD", plan: "Gold", paidAt: at }],
  renderTrialCodeMail: [{ code: "482913", hours: 24 }],
  renderTrialRefusedMail: [],
  renderTrialAccessMail: [
    {
      reference: "TR-7F3K-9QXD",
      name: "Camille",
      hours: 24,
      details: { username: "camille", password: "s3cr3t", serverUrl: link(":8080"), playlistUrl: link("/get.m3u") },
      startsAt: at,
      endsAt: new Date("2026-03-02T10:00:00.000Z"),
    },
  ],
  renderTrialEndingMail: [{ reference: "TR-7F3K-9QXD", name: "Camille", endsAt: new Date("2026-03-02T10:00:00.000Z"), viewers: 1 }],
  renderChargeNotice: [
    {
      firstName: "Camille",
      planKey: "standard",
      viewers: 1,
      amountCents: 1300,
      currency: "EUR",
      chargeDate: new Date("2026-03-31T10:00:00.000Z"),
      card: { brand: "visa", last4: "4242" },
      accountUrl: link("/account"),
    },
  ],
  renderChargeFailed: [
    {
      firstName: "Camille",
      planKey: "standard",
      amountCents: 1300,
      currency: "EUR",
      accessEndsAt: new Date("2026-04-01T10:00:00.000Z"),
      nextAttemptAt: new Date("2026-04-02T10:00:00.000Z"),
      payUrl: link("/account"),
      payUrlKind: "account",
    },
  ],
  renderSubscriptionEnded: [
    {
      firstName: "Camille",
      planKey: "standard",
      accessEndsAt: new Date("2026-04-01T10:00:00.000Z"),
      reason: "payment-failed",
      renewUrl: link("/account"),
      now: at,
    },
  ],
  renderBackupAlertMail: [
    { kind: "failed", startedAt: at, reason: "no space left on device", lastGood: new Date("2026-02-28T03:00:00.000Z") },
  ],
};
