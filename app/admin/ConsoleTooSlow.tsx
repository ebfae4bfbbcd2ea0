import { Link, useLocation } from "react-router";
import { useAdminText } from "./text";

/** A console page whose reads ran past their limit: what happened, and what to do about it. */
export function ConsoleTooSlow({ seconds }: { seconds: number }) {
  const { t } = useAdminText();
  const { pathname, search } = useLocation();
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("common.tooSlow.heading")}</h1>
      <p className="mt-3 max-w-3xl text-muted">{t("common.tooSlow.text", { seconds: String(seconds) })}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <a href={`${pathname}${search}`} className="inline-flex min-h-11 items-center rounded-full bg-cta px-5 font-semibold text-white">
          {t("common.tooSlow.retry")}
        </a>
        <Link to="/admin" className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold text-text">
          {t("common.tooSlow.home")}
        </Link>
      </p>
    </section>
  );
}
