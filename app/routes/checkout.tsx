import { randomUUID } from "node:crypto";
import { data, redirectDocument } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../common/languages";
import { site } from "../../content/site";
import { privateNoStore } from "../cache-control";
import { CheckoutForm } from "../checkout/CheckoutForm";
import { checkoutAction } from "../checkout/checkout-action.server";
import { checkoutTax } from "../checkout/checkout-tax.server";
import { countryName } from "../checkout/countries";
import { OrderConfirmed, PaymentPending } from "../checkout/OrderStatus";
import { renewCheckout } from "../checkout/renew.server";
import { renewalOffer } from "../checkout/renewal-offer.server";
import { resumeCheckout } from "../checkout/resume.server";
import { PageHeading } from "../components/PageHeading";
import { findPlan, isViewerCount } from "../content/plans";
import { useTranslation } from "../i18n/use-translation";
import { personalAnswer, personalOrPublicHeaders } from "../opener-policy.server";
import { pageMeta } from "../seo";
import { paymentTraits } from "../service-host.server";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/checkout";

/**
 * `/checkout?plan=<key>&viewers=<n>`; Gold and one viewer when absent or unknown. `?resume=<key>` is the way
 * back from the processor's page: the form opens again with what was typed. `?renew=<token>` is a renewal
 * link (a reminder's, the account's): the form opens with the access's plan and viewers and the order's details.
 * Filled in from either, the page shows a customer's address and phone: it is then a personal page, isolated
 * (decisions 0038 and 0042); the empty checkout stays public.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(requestPathname(request));
  const openServices = () => servicesOf(context);
  const params = new URL(request.url).searchParams;
  const resume = params.get("resume");
  const resumed = resume ? await resumeCheckout(openServices, resume.slice(0, 64), localizePath("/checkout/return", language)) : undefined;
  // To the payment's outcome, an isolated page: a document load applies its policy (decision 0038).
  if (resumed?.kind === "settled") throw redirectDocument(resumed.location, { headers: privateNoStore });
  const renew = resume ? null : params.get("renew");
  const renewal = renew ? await renewCheckout(openServices, renew.slice(0, 1000)) : undefined;
  const plan = findPlan(params.get("plan")) ?? findPlan(site.defaultPlan);
  const viewers = Number(params.get("viewers"));
  const renews = renewal?.kind === "welcome" && renewal.token ? renewal.access : undefined;
  const values = resumed?.values ?? (renewal && renewal.kind !== "expired" ? renewal.values : undefined);
  const automaticRenewal = await renewalOffer(async () => (await openServices()).db, { language, params, renews });
  return data(
    {
      planKey: plan?.key ?? site.defaultPlan,
      viewers: isViewerCount(viewers) ? viewers : 1,
      // One key per checkout shown: submitting it twice can only ever make one order.
      idempotencyKey: randomUUID(),
      testMode: paymentTraits.testMode,
      cardOnSite: paymentTraits.checkoutOrigin === null,
      processor: paymentTraits.displayName,
      // What the order summary says of the VAT in the price: nothing with TAX_MODE=none.
      tax: checkoutTax(),
      values,
      // The list itself is in the page's HTML, not in its data (CountrySelect); the summary names the country.
      countryName: countryName(values?.country, language),
      resumed: resumed !== undefined,
      renewal: renewal?.kind,
      // The signed token, sent back with the form, marks the order as a renewal of the access (checked again).
      renewToken: renewal?.kind === "welcome" ? renewal.token : undefined,
      automaticRenewal,
    },
    { headers: values ? personalAnswer : privateNoStore },
  );
}

export const headers: Route.HeadersFunction = personalOrPublicHeaders;

export function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, () => servicesOf(context));
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
