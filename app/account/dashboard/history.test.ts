import { describe, expect, it } from "vitest";
import { customerHistory } from "./history";

const event = (type: string, minute: number) => ({ type, created_at: `2026-03-01T09:${String(minute).padStart(2, "0")}:00.000Z` });

describe("the history a customer sees of an order", () => {
  it("keeps paid, delivered, extended, refunded and expired, in order, as kind and time only", () => {
    const events = [
      { ...event("created", 0), details: '{"ip":"203.0.113.9"}' },
      event("checkout-opened", 1),
      event("paid", 2),
      event("provisioning-attempt", 3),
      { ...event("delivered", 4), actor: "ops@shop.example", details: '{"note":"internal"}' },
      event("access-extended", 5),
      event("refunded", 6),
      event("expired", 7),
    ];
    expect(customerHistory(events)).toEqual([
      { kind: "paid", at: "2026-03-01T09:02:00.000Z" },
      { kind: "delivered", at: "2026-03-01T09:04:00.000Z" },
      { kind: "extended", at: "2026-03-01T09:05:00.000Z" },
      { kind: "refunded", at: "2026-03-01T09:06:00.000Z" },
      { kind: "expired", at: "2026-03-01T09:07:00.000Z" },
    ]);
  });

  it("drops the operator's notes and actions, provisioning, mails, reminders, reveals and anything unknown", () => {
    const internal = [
      "note",
      "operator-note",
      "mail-resent",
      "settle-requested",
      "provisioning-attempt",
      "provisioning-accepted",
      "provisioning-gave-up",
      "delivery-late",
      "reminder-sent",
      "reminder-skipped",
      "access-revealed",
      "declined",
      "something-added-later",
      "toString",
      "__proto__",
    ];
    expect(customerHistory(internal.map((type, index) => event(type, index)))).toEqual([]);
  });
});
