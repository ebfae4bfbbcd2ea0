import { describe, expect, it } from "vitest";
import { seededRandom } from "./seed-random.ts";
import { scramble40, seededReference } from "./seed-references.ts";
import { orderReference, planShop } from "./seed-shop.ts";
import { fullScale, scaledSizes } from "./seed-sizes.ts";

const now = Date.parse("2026-11-26T12:00:00.000Z");
const shop = planShop(seededRandom(7), scaledSizes(6000), now);

describe("the planned shop", () => {
  it("places exactly the orders asked for, numbered in the order they were placed", () => {
    expect(shop.orders).toHaveLength(6000);
    shop.orders.forEach((order, index) => {
      expect(order.id).toBe(index + 1);
      if (index > 0) expect(order.createdAt).toBeGreaterThanOrEqual((shop.orders[index - 1] as { createdAt: number }).createdAt);
    });
    expect(Math.min(...shop.orders.map((order) => order.createdAt))).toBeGreaterThanOrEqual(shop.start);
    expect(Math.max(...shop.orders.map((order) => order.createdAt))).toBeLessThan(now);
  });

  it("has orders in every state but pending, and renewals by hand and by subscription", () => {
    const states = new Set(shop.orders.map((order) => order.status));
    for (const state of ["failed", "paid", "fulfilled", "expired", "refunded"]) expect(states).toContain(state);
    expect(shop.orders.some((order) => order.renews !== null && order.chargedBy === null && order.status === "paid")).toBe(true);
    expect(shop.orders.some((order) => order.chargedBy !== null && order.status === "paid")).toBe(true);
  });

  it("gives each customer a unique address, many of them several orders", () => {
    expect(new Set(shop.customers.map((customer) => customer.email)).size).toBe(shop.customers.length);
    const perCustomer = new Map<number, number>();
    for (const order of shop.orders) perCustomer.set(order.customer, (perCustomer.get(order.customer) ?? 0) + 1);
    expect([...perCustomer.values()].filter((count) => count >= 3).length).toBeGreaterThan(shop.customers.length / 10);
  });

  it("delivers each paid line from exactly one first order, and ends it where its last paid order ends", () => {
    for (const line of shop.lines.filter((candidate) => candidate.kind === "paid")) {
      const orders = shop.orders.filter((order) => order.line === line);
      expect(orders.filter((order) => order.renews === null)).toHaveLength(1);
      expect(line.reference).toBe(orderReference((orders.find((order) => order.renews === null) as { id: number }).id));
      expect(Math.max(...orders.map((order) => order.endsAt as number))).toBe(line.endsAt);
      for (const order of orders) expect(order.paidAt).not.toBeNull();
    }
  });

  it("renews only the line a renewal names, and revokes the line of every refund", () => {
    for (const order of shop.orders) {
      if (order.renews && order.line) expect(order.line).toBe(order.renews);
      if (order.chargedBy) expect(order.renews).toBe(order.chargedBy.line);
      if (order.status === "refunded") expect(order.line?.revokedAt).not.toBeNull();
      if (order.status === "expired") expect(order.line?.endsAt).toBeLessThan(now);
      if (order.status === "fulfilled") expect(order.line?.revokedAt !== null || (order.line?.endsAt ?? 0) >= now).toBe(true);
    }
  });

  it("starts subscriptions from orders that asked for automatic renewal, none charging in the past", () => {
    for (const subscription of shop.subscriptions) {
      expect(subscription.order.renewsAutomatically).toBe(true);
      if (subscription.status === "ended") expect(subscription.endReason).not.toBeNull();
      if (subscription.nextChargeAt !== null) expect(subscription.nextChargeAt).toBeGreaterThanOrEqual(now - 86_400_000);
    }
  });
});

describe("seeded references", () => {
  it("never repeat (the permutation is a bijection)", () => {
    const seen = new Set<number>();
    for (let index = 0; index < 200_000; index++) seen.add(scramble40(index, 0x5eed));
    expect(seen.size).toBe(200_000);
    expect(seededReference("NS", 1, 0x5eed)).toMatch(/^NS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });
});

describe("scaled sizes", () => {
  it("keep the full shop's proportions", () => {
    expect(scaledSizes(1_000_000)).toEqual(fullScale);
    expect(scaledSizes(2000)).toMatchObject({ orders: 2000, customers: 600, orderEvents: 4000, newsletterAddresses: 1000 });
    expect(() => scaledSizes(0)).toThrow(RangeError);
  });
});
