/**
 * Free trials (docs/decisions/0026): requested (a code mailed, recent), confirmed (waiting for its line),
 * delivered (a `trial` access running) and expired (its access ended). One confirmed trial per address.
 */
import { site } from "../../content/site.ts";
import type { TrialStatus, ViewerCount } from "../../server/db/schema.ts";
import { makeCustomer } from "./seed-people.ts";
import type { LinePlan } from "./seed-plans.ts";
import type { Random } from "./seed-random.ts";
import { seededReference } from "./seed-references.ts";

const hour = 3_600_000;

export interface TrialPlan {
  reference: string;
  email: string;
  name: string;
  country: string;
  language: string;
  status: TrialStatus;
  createdAt: number;
  confirmedAt: number | null;
  deliveredAt: number | null;
  endsAt: number | null;
  hours: number;
  viewers: ViewerCount;
  line: LinePlan | null;
}

/** `count` trials over [start, now); their delivered lines are pushed to `lines`. */
export function planTrials(random: Random, count: number, start: number, now: number, lines: LinePlan[]): TrialPlan[] {
  const { hours } = site.trial;
  const trials: TrialPlan[] = [];
  for (let index = 0; index < count; index++) {
    // Addresses of their own (customers' indexes start at 0): a trial is asked for before any purchase.
    const person = makeCustomer(random, 10_000_000 + index);
    const createdAt = index < count * 0.02 ? now - random.int(1, 23 * 60) * 60_000 : start + random.next() * (now - start - 24 * hour);
    const recent = createdAt > now - 24 * hour;
    const status: TrialStatus = recent ? random.pick(["requested", "confirmed", "delivered"] as const) : "delivered";
    const viewers = site.trial.viewers as ViewerCount;
    const trial: TrialPlan = {
      reference: seededReference("TR", index, 0x7a1),
      email: person.email,
      name: `${person.firstName} ${person.lastName}`,
      country: person.country,
      language: person.language,
      status,
      createdAt,
      confirmedAt: status === "requested" ? null : createdAt + random.int(1, 15) * 60_000,
      deliveredAt: null,
      endsAt: null,
      hours,
      viewers,
      line: null,
    };
    if (status === "delivered") {
      const deliveredAt = Math.min(now - 60_000, (trial.confirmedAt as number) + random.int(1, 120) * 60_000);
      const endsAt = deliveredAt + hours * hour;
      const line: LinePlan = {
        id: 0,
        customer: -1,
        email: trial.email,
        reference: trial.reference,
        kind: "trial",
        planKey: site.plans[0]?.key ?? "standard",
        viewers,
        createdAt: deliveredAt,
        startsAt: deliveredAt,
        endsAt,
        ends: [endsAt],
        revokedAt: null,
        updatedAt: deliveredAt,
      };
      lines.push(line);
      Object.assign(trial, { deliveredAt, endsAt, line, status: endsAt < now ? "expired" : "delivered" });
    }
    trials.push(trial);
  }
  return trials;
}
