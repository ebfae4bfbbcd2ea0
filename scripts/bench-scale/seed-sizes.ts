/**
 * How much the scale bench seeds: the figures at full size, every count scaled from the number of
 * orders for a smaller run (the query-plan test seeds a few thousand orders).
 */
export interface ScaleSizes {
  orders: number;
  customers: number;
  contactMessages: number;
  newsletterAddresses: number;
  /** Timeline lines (`order_events`): about this many, each order keeping its most telling ones. */
  orderEvents: number;
  /** Jobs already done (reminders, expiries, alerts of the past), at most this many. */
  finishedJobs: number;
  auditLines: number;
  trials: number;
}

export const fullScale: ScaleSizes = {
  orders: 1_000_000,
  customers: 300_000,
  contactMessages: 100_000,
  newsletterAddresses: 500_000,
  orderEvents: 2_000_000,
  finishedJobs: 1_000_000,
  auditLines: 50_000,
  trials: 5_000,
};

/** Every count in proportion to `orders` (at least one of each), so a small seed looks like a big one. */
export function scaledSizes(orders: number): ScaleSizes {
  if (!Number.isSafeInteger(orders) || orders < 1) throw new RangeError(`orders must be a whole number of at least 1, got ${orders}`);
  const ratio = orders / fullScale.orders;
  const scale = (count: number) => Math.max(1, Math.round(count * ratio));
  return {
    orders,
    customers: Math.min(orders, scale(fullScale.customers)),
    contactMessages: scale(fullScale.contactMessages),
    newsletterAddresses: scale(fullScale.newsletterAddresses),
    orderEvents: scale(fullScale.orderEvents),
    finishedJobs: scale(fullScale.finishedJobs),
    auditLines: scale(fullScale.auditLines),
    trials: scale(fullScale.trials),
  };
}
