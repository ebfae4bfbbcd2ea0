import { Form } from "react-router";
import { useAdminText } from "../text";
import { useSending } from "./ActionNotice";
import { useOrderFormat } from "./format";
import type { OrderMailView } from "./order-page.server";
import { useTimelineWords } from "./timeline-words";
import { secondaryButton } from "./ui";

/** Every mail of the order, each with its own button to queue a copy. */
export function MailList({ mails }: { mails: OrderMailView[] }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const words = useTimelineWords();
  const sending = useSending("resend");
  if (mails.length === 0) return null;
  return (
    <section aria-labelledby="order-mails">
      <h3 id="order-mails" className="text-lg font-bold text-text">
        {t("orders.resend.heading")}
      </h3>
      <ul className="mt-3 divide-y divide-line">
        {mails.map((mail) => {
          const name = words.mailName(mail.kind);
          const date = format.dateTime(mail.createdAt);
          return (
            <li key={mail.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <p className="font-semibold text-text">{name}</p>
                <p className="text-muted">
                  {t("orders.resend.queuedOn", { date })} · {mail.sentAt ? t("orders.resend.sent") : t("orders.resend.notSent")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="mailId" value={mail.id} />
                <button
                  type="submit"
                  disabled={sending}
                  aria-label={t("orders.resend.buttonLabel", { mail: name, date })}
                  className={secondaryButton}
                >
                  {t("orders.resend.button")}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
