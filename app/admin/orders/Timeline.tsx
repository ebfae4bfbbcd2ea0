import { useAdminText } from "../text";
import { useOrderFormat } from "./format";
import type { TimelineEntry } from "./timeline";
import { useTimelineWords } from "./timeline-words";
import { panelClass } from "./ui";

/** Everything that happened to the order, oldest first: when, what, and who. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const words = useTimelineWords();
  return (
    <section aria-labelledby="order-timeline" className={panelClass}>
      <h2 id="order-timeline" className="text-lg font-bold text-text">
        {t("orders.timeline.heading")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("orders.timeline.empty")}</p>
      ) : (
        <ol className="mt-4 space-y-4 border-l border-line pl-5">
          {entries.map((entry) => {
            const { what, more } = words.describe(entry);
            const failed = entry.kind === "mail" && entry.state === "failed";
            return (
              <li key={entry.id} className="relative text-sm">
                <span
                  aria-hidden="true"
                  className={`absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full ${failed ? "bg-danger" : "bg-accent"}`}
                />
                <time dateTime={entry.at} className="block text-xs text-muted">
                  {format.dateTime(entry.at)}
                </time>
                <p className={`font-semibold ${failed ? "text-danger" : "text-text"}`}>{what}</p>
                {more.map((line) => (
                  <p key={line} className="whitespace-pre-line text-muted">
                    {line}
                  </p>
                ))}
                <p className="text-xs text-muted">{words.who(entry)}</p>
              </li>
            );
          })}
        </ol>
      )}
      <p className="mt-4 text-xs text-muted">{t("orders.timeZone", { zone: format.timeZone })}</p>
    </section>
  );
}
