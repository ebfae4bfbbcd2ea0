import { Form } from "react-router";
import { useAdminText } from "../text";
import { useSending } from "./ActionNotice";
import { primaryButton } from "./ui";

/** A pending order: ask the processor what became of the payment. */
export function SettleForm() {
  const { t } = useAdminText();
  const sending = useSending("settle");
  return (
    <Form method="post" className="flex flex-wrap items-center gap-4">
      <input type="hidden" name="intent" value="settle" />
      <button type="submit" disabled={sending} aria-describedby="settle-hint" className={primaryButton}>
        {sending ? t("orders.actions.working") : t("orders.settle.button")}
      </button>
      <p id="settle-hint" className="text-sm text-muted">
        {t("orders.settle.hint")}
      </p>
    </Form>
  );
}
