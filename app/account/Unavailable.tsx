import { useAccountText } from "./text";

/** The account's database did not answer: said in words, the rest of the site unaffected. */
export function AccountUnavailable() {
  const { t } = useAccountText();
  return (
    <section aria-labelledby="account-unavailable">
      <h1 id="account-unavailable" className="font-display text-3xl font-bold text-white">
        {t("common.title")}
      </h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {t("common.unavailable")}
      </p>
    </section>
  );
}
