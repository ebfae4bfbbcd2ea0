import { describe, expect, it } from "vitest";
import { accessState, isRenewable, upcomingReminders } from "./access-state";

const now = new Date("2026-03-10T12:00:00.000Z");
const at = (days: number) => new Date(now.getTime() + days * 24 * 3600_000).toISOString();
const access = (days: number, status: "active" | "expired" | "revoked" = "active") => ({ status, ends_at: at(days) });

describe("an access's state for its customer", () => {
  it("is active beyond 7 days, ending within them (whole days, rounded up), expired at its end", () => {
    expect(accessState(access(30), now)).toEqual({ kind: "active" });
    expect(accessState(access(7.5), now)).toEqual({ kind: "active" });
    expect(accessState(access(7), now)).toEqual({ kind: "ending", days: 7 });
    expect(accessState(access(1 / 24), now)).toEqual({ kind: "ending", days: 1 });
    expect(accessState(access(0), now)).toEqual({ kind: "expired" });
    expect(accessState(access(-3), now)).toEqual({ kind: "expired" });
  });

  it("believes the stored status when it says expired or revoked, whatever the end date", () => {
    expect(accessState(access(20, "expired"), now)).toEqual({ kind: "expired" });
    expect(accessState(access(20, "revoked"), now)).toEqual({ kind: "revoked" });
  });

  it("offers Renew while running and for 30 days after the end, never when revoked", () => {
    expect(isRenewable(access(20), now)).toBe(true);
    expect(isRenewable(access(-29.9), now)).toBe(true);
    expect(isRenewable(access(-30.1), now)).toBe(false);
    expect(isRenewable(access(20, "revoked"), now)).toBe(false);
  });
});

describe("the reminders still to come", () => {
  it("are 7 and 1 days before the end, earliest first, only those still ahead", () => {
    expect(upcomingReminders(access(20), [7, 1], false, now)).toEqual([new Date(at(13)), new Date(at(19))]);
    expect(upcomingReminders(access(5), [7, 1], false, now)).toEqual([new Date(at(4))]);
  });

  it("are none when the customer opted out, or the access has ended or was revoked", () => {
    expect(upcomingReminders(access(20), [7, 1], true, now)).toEqual([]);
    expect(upcomingReminders(access(-1), [7, 1], false, now)).toEqual([]);
    expect(upcomingReminders(access(20, "revoked"), [7, 1], false, now)).toEqual([]);
  });
});
