import { useAdminText } from "../text";

/** Waiting or handled, in words: colour alone never carries the state. */
export function MessageState({ handledAt }: { handledAt: string | null }) {
  const { t } = useAdminText();
  return handledAt === null ? (
    <span className="font-semibold text-text">{t("inbox.states.waiting")}</span>
  ) : (
    <span className="text-success">{t("inbox.states.handled")}</span>
  );
}
