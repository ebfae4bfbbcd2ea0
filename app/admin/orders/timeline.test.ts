import { describe, expect, it } from "vitest";
import type { MailWithState } from "../../../server/db/mails.ts";
import type { OrderEvent } from "../../../server/db/schema.ts";
import { listHref, parseListQuery } from "./list-query";
import { buildTimeline } from "./timeline";

const event = (id: number, at: string, type: string, actor: string, details: string | null = null): OrderEvent => ({
  id,
  order_id: 1,
  type,
  actor,
  details,
  created_at: at,
  updated_at: at,
});

const mail = (id: number, changes: Partial<MailWithState>): MailWithState => ({
  id,
  kind: "order-confirmation",
  to_address: "camille@example.com",
  subject: "Your order",
  body_text: "Password: hunter2",
  body_html: "<p>Password: hunter2</p>",
  attempts: 0,
  last_error: null,
  sent_at: null,
  failed_at: null,
  order_id: 1,
  created_at: "2026-03-01T10:00:00.000Z",
  updated_at: "2026-03-01T10:00:00.000Z",
  changed_at: "2026-03-01T10:00:00.000Z",
  ...changes,
});

describe("an order's timeline", () => {
  it("merges events and mails, oldest first: each mail queued, then sent or failing", () => {
    const entries = buildTimeline(
      [
        event(1, "2026-03-01T09:59:00.000Z", "created", "customer"),
        event(2, "2026-03-01T10:00:00.000Z", "paid", "processor", '{"gatewayReference":"test_1"}'),
        event(3, "2026-03-01T11:00:00.000Z", "delivered", "ops@example.com", "not json"),
      ],
      [
        mail(7, { sent_at: "2026-03-01T10:00:05.000Z" }),
        mail(8, {
          kind: "order-access",
          created_at: "2026-03-01T11:00:00.000Z",
          attempts: 2,
          last_error: "SMTP 451",
          changed_at: "2026-03-01T11:03:00.000Z",
        }),
      ],
    );
    expect(entries.map((entry) => (entry.kind === "event" ? entry.type : `${entry.mailKind} ${entry.state}`))).toEqual([
      "created",
      "paid",
      "order-confirmation queued",
      "order-confirmation sent",
      "delivered",
      "order-access queued",
      "order-access failed",
    ]);
    expect(entries[1]).toMatchObject({ actor: "processor", details: { gatewayReference: "test_1" } });
    expect(entries[4]).toMatchObject({ actor: "ops@example.com", details: null });
    expect(entries[6]).toMatchObject({ actor: "system", attempts: 2, error: "SMTP 451", at: "2026-03-01T11:03:00.000Z" });
  });

  it("never carries a mail's subject or body to the page", () => {
    const text = JSON.stringify(buildTimeline([], [mail(1, { sent_at: "2026-03-01T10:01:00.000Z" })]));
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("Your order");
  });
});

describe("the list's query string", () => {
  it("reads status, search and page leniently", () => {
    expect(parseListQuery(new URLSearchParams("status=paid&q=%20camille%20&after=2026-11-02T10:00:00.000Z_42"))).toEqual({
      status: "paid",
      search: "camille",
      position: { at: "after", cursor: { key: "2026-11-02T10:00:00.000Z", id: 42 } },
    });
    expect(parseListQuery(new URLSearchParams("status=deleted&page=-2"))).toEqual({ status: null, search: "", position: { at: "first" } });
    expect(parseListQuery(new URLSearchParams("after=abc")).position).toEqual({ at: "first" });
  });

  it("writes only what differs from the defaults", () => {
    expect(listHref({ status: null, search: "" })).toBe("/admin/orders");
    expect(listHref({ status: "paid", search: "a&b" })).toBe("/admin/orders?status=paid&q=a%26b");
  });
});
