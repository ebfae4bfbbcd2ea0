import { data } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { readForm } from "../../common/read-form.ts";
import { site } from "../../content/site";
import { actionOrLoaderHeaders, sharedForAMinute } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { translatorFor } from "../i18n/registry";
import { useTranslation } from "../i18n/use-translation";
import { pageMeta } from "../seo";
import { trialAction } from "../trial/action.server";
import type { TrialAnswer } from "../trial/answer";
import { requireTrialEnabled } from "../trial/enabled";
import { TrialCodeForm } from "../trial/TrialCodeForm";
import { TrialDetailsForm, TrialNotice } from "../trial/TrialDetailsForm";
import type { Route } from "./+types/trial";

/**
 * `/trial`: the free trial, when content/site.ts offers it. Step 1 (this page) asks for a name, an e-mail and
 * a country; its answer is step 2, the mailed code, on the same address; a right code leads to step 3,
 * `/trial/confirmed`. Plain forms: it all works without JavaScript.
 */
export function loader() {
  requireTrialEnabled();
  // The same for every visitor (no personal data). The country list is in the page's HTML (CountrySelect).
  return data({}, { headers: sharedForAMinute });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireTrialEnabled();
  const language = languageFromPath(requestPathname(request));
  return trialAction(context, request, (await readForm(request)) ?? {}, language);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => {
  const { t } = translatorFor(languageFromPath(location.pathname));
  const hours = site.trial.hours;
  // The checkout's kind of page (its social card too), with the trial's own words.
  return pageMeta(location.pathname, "checkout", {
    title: t("trial.meta.title", { hours }),
    description: t("trial.meta.description", { hours }),
    socialCard: "checkout",
  });
};

export default function Trial({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData as TrialAnswer | undefined;
  const hours = site.trial.hours;
  if (answer?.step === "code") {
    return (
      <>
        {/* The code step answers a post: one visitor's, for no search engine. React puts this in the head. */}
        <meta name="robots" content="noindex" />
        <PageHeading title={t("trial.code.heading")} lead={t("trial.code.lead", { email: answer.values.email })}>
          <p className="mt-4 text-sm font-semibold uppercase tracking-wider text-accent">{t("trial.step", { step: 2 })}</p>
        </PageHeading>
        <div className="container-page max-w-2xl py-12">
          <TrialCodeForm answer={answer} />
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t("trial.heading", { hours })} lead={t("trial.intro", { hours })}>
        <p className="mt-4 text-sm font-semibold uppercase tracking-wider text-accent">{t("trial.step", { step: 1 })}</p>
      </PageHeading>
      <div className="container-page max-w-2xl space-y-6 py-12">
        {answer && <TrialNotice answer={answer} />}
        <TrialDetailsForm answer={answer} />
      </div>
    </>
  );
}
