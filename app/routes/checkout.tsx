import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { site } from "../../content/site";
import { CheckoutForm } from "../checkout/CheckoutForm";
import { checkoutAction } from "../checkout/checkout-action.server";
import { countryOptions } from "../checkout/countries";
import { OrderConfirmed, PaymentPending } from "../checkout/OrderStatus";
import { resumeCheckout } from "../checkout/resume.server";
import { PageHeading } from "../components/PageHeading";
import { findPlan, isViewerCount } from "../content/plans";
import { languageFromPath, localizePath, requestPathname } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { renewCheckout } from "../renewals/renew.server";
import { pageMeta } from "../seo";
import { paymentTraits } from "../services.server";
import type { Route } from "./+types/checkout";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/checkout?plan=<key>&viewers=<n>`; Gold and one viewer when absent or unknown. `?resume=<key>` is the way
 * back from the processor's page: the form opens again with what was typed. `?renew=<token>` is a renewal
 * reminder's link: the form opens with the last order's plan, viewers and details.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(requestPathname(request));
  const params = new URL(request.url).searchParams;
  const resume = params.get("resume");
  const resumed = resume ? await resumeCheckout(resume.slice(0, 64), localizePath("/checkout/return", language)) : undefined;
  if (resumed?.kind === "settled") throw redirect(resumed.location, { headers: noStore });
  const renew = resume ? null : params.get("renew");
  const renewal = renew ? await renewCheckout(renew.slice(0, 1000)) : undefined;
  const plan = findPlan(params.get("plan")) ?? findPlan(site.defaultPlan);
  const viewers = Number(params.get("viewers"));
  return data(
    {
      planKey: plan?.key ?? site.defaultPlan,
      viewers: isViewerCount(viewers) ? viewers : 1,
      // One key per checkout shown: submitting it twice can only ever make one order.
      idempotencyKey: randomUUID(),
      testMode: paymentTraits.testMode,
      cardOnSite: paymentTraits.checkoutOrigin === null,
      processor: paymentTraits.displayName,
      // Country names and their order come from the server's Intl data, so the browser shows exactly what
      // was rendered (browsers' own names differ slightly).
      countries: countryOptions(language),
      values: resumed?.values ?? (renewal?.kind === "welcome" ? renewal.values : undefined),
      resumed: resumed !== undefined,
      renewal: renewal?.kind,
    },
    { headers: noStore },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => actionHeaders ?? loaderHeaders;

export function action({ request }: Route.ActionArgs) {
  return checkoutAction(request);
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "checkout");

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (actionData?.state === "paid") return <OrderConfirmed reference={actionData.reference} email={actionData.email} />;
  if (actionData?.state === "pending") return <PaymentPending reference={actionData.reference} email={actionData.email} />;
  return (
    <>
      <PageHeading title={t("checkout.heading")} lead={t("checkout.intro")} />
      <CheckoutForm loaderData={loaderData} failed={actionData} />
    </>
  );
}
