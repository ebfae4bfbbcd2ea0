import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { textLink } from "../dashboard/ui";
import { useAccountText } from "../text";

/** An invoice or credit note that is not this customer's (or not at all): the same words either way. */
export function DocumentNotFound({ document }: { document: "invoice" | "creditNote" }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-text">{t("common.title")}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {t(document === "invoice" ? "invoice.notFound" : "invoice.creditNoteNotFound")}
      </p>
      <p className="mt-6">
        <Link to={localized("/account")} reloadDocument className={textLink}>
          {t("invoice.back")}
        </Link>
      </p>
    </>
  );
}
