import { data, Link } from "react-router";
import { languageFromPath } from "../../common/languages";
import { site } from "../../content/site";
import { actionOrLoaderHeaders, sharedForAMinute } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { translatorFor } from "../i18n/registry";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { pageMeta } from "../seo";
import { requireTrialEnabled } from "../trial/enabled";
import type { Route } from "./+types/trial-confirmed";

/** `/trial/confirmed`, step 3: the address is confirmed, the line is being prepared and comes by mail. Names no one. */
export function loader() {
  requireTrialEnabled();
  return data(null, { headers: sharedForAMinute });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => {
  const { t } = translatorFor(languageFromPath(location.pathname));
  const hours = site.trial.hours;
  // The checkout's kind of page (its social card too), with the trial's own words.
  return [
    ...pageMeta(location.pathname, "checkout", {
      title: t("trial.meta.confirmedTitle"),
      description: t("trial.meta.description", { hours }),
      socialCard: "checkout",
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function TrialConfirmed() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <PageHeading title={t("trial.confirmed.heading")} lead={t("trial.confirmed.lead", { hours: site.trial.hours })}>
      <p className="mt-4 text-sm font-semibold uppercase tracking-wider text-accent">{t("trial.step", { step: 3 })}</p>
      <p role="status" className="mt-6 max-w-2xl text-muted">
        {t("trial.confirmed.next", { supportEmail: site.brand.supportEmail })}
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <Link
          to={localized("/blog?category=devices")}
          className="inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white"
        >
          {t("trial.confirmed.guides")}
        </Link>
        <Link
          to={localized("/")}
          className="inline-flex min-h-12 items-center rounded-full border border-line px-6 font-semibold text-text"
        >
          {t("trial.confirmed.home")}
        </Link>
      </div>
    </PageHeading>
  );
}
