import { Form, useNavigation } from "react-router";
import { useAdminText } from "../text";
import type { MessageOutcome } from "./message.server";
import { replyHref } from "./reply";

const outcomeKey = {
  handled: "inbox.outcomes.handled",
  reopened: "inbox.outcomes.reopened",
  "already-handled": "inbox.outcomes.alreadyHandled",
  "already-waiting": "inbox.outcomes.alreadyWaiting",
} as const;

/**
 * Reply, and the state button. The button is one element whose label and value follow the state, so after a
 * click the keyboard focus stays on it; the outcome is said in a status region that is always on the page,
 * so screen readers announce it when it changes.
 */
export function MessageActions({
  message,
  outcome,
}: {
  message: { email: string; subject: string; handled_at: string | null };
  outcome: MessageOutcome | undefined;
}) {
  const { t } = useAdminText();
  const busy = useNavigation().state === "submitting";
  const waiting = message.handled_at === null;
  return (
    <div className="mt-8">
      <div className="flex flex-wrap items-center gap-3">
        <a href={replyHref(message)} className="inline-flex min-h-11 items-center rounded-full bg-cta px-5 font-semibold text-white">
          {t("inbox.reply")}
        </a>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={waiting ? "handle" : "reopen"}
            aria-disabled={busy || undefined}
            onClick={(event) => busy && event.preventDefault()}
            className="min-h-11 rounded-full border border-line px-5 font-semibold text-text hover:border-accent aria-disabled:opacity-60"
          >
            {waiting ? t("inbox.markHandled") : t("inbox.markWaiting")}
          </button>
        </Form>
      </div>
      <p role="status" className={`mt-4 min-h-6 ${outcome?.startsWith("already") ? "text-muted" : "text-success"}`}>
        {outcome && t(outcomeKey[outcome])}
      </p>
    </div>
  );
}
