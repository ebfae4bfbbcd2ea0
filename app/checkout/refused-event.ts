/**
 * A processor's event the shop refused (app/checkout/refused-events.server.ts), as the console names it: the
 * audit log's action, the timeline's line, and why.
 */
export const REFUSED_EVENT = "processor-event-refused";

/**
 * `not-ours`: its subscription or payment is not one the shop recorded, yet it names an order of the shop's;
 * `processor-disagrees`: the processor, asked, says otherwise; `wrong-amount`: not the sum the shop charges.
 */
export const refusalReasons = ["not-ours", "processor-disagrees", "wrong-amount"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const isRefusalReason = (value: unknown): value is RefusalReason => refusalReasons.includes(value as RefusalReason);
