import type { SubscriberState } from "../../../server/db/admin-subscribers.ts";
import { Counts } from "../list/Counts";
import { useAdminText } from "../text";

const states = ["confirmed", "awaiting", "unsubscribed"] as const;

/** How many addresses are confirmed, awaiting confirmation or unsubscribed. */
export function StateCounts({ counts }: { counts: Record<SubscriberState, number> }) {
  const { t } = useAdminText();
  const items = states.map((state) => ({ label: t(`subscribers.states.${state}`), count: counts[state] }));
  return <Counts id="subscriber-counts" heading={t("subscribers.countsHeading")} items={items} />;
}
