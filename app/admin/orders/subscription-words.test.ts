/** The console's extra words on automatic renewal's timeline lines. */
import { describe, expect, it } from "vitest";
import { adminMessages } from "../messages.server";
import { adminText } from "../text";
import { subscriptionMore } from "./subscription-words";

const { t } = adminText(adminMessages.en, "en");
const at = (iso: string) => `at ${iso.slice(0, 10)}`;

describe("the words of an automatic renewal line", () => {
  it("say the renewal order, the next try and the refusal", () => {
    const details = { order: "NS-AAAA-BBBB", attempt: 1, reason: "declined", retryAt: "2026-12-02T10:00:00.000Z" };
    expect(subscriptionMore("subscription-charge-failed", details, t, at)).toEqual([
      "Renewal order NS-AAAA-BBBB",
      "Next try at 2026-12-02",
      "Reason: declined",
    ]);
  });

  it("say why it ended in words, and the planned charge of a notice", () => {
    expect(subscriptionMore("subscription-ended", { reason: "payment-failed" }, t, at)).toEqual(["Reason: the payments failed"]);
    expect(subscriptionMore("subscription-ended", { reason: "unknown-thing" }, t, at)).toEqual([]);
    expect(subscriptionMore("charge-notice-sent", { chargeAt: "2027-01-05T09:00:00.000Z", amountCents: 1300 }, t, at)).toEqual([
      "Charge planned at 2027-01-05",
    ]);
    expect(subscriptionMore("subscription-card-changed", { brand: "visa", last4: "4242" }, t, at)).toEqual(["visa ending in 4242"]);
  });
});
