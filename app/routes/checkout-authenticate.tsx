import { data, Form, Link, type RouterContextProvider, redirect, useNavigation } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../common/languages";
import { site } from "../../content/site";
import { findOrderByPaymentSession } from "../../server/db/payments.ts";
import { isTestGateway, type TestGateway } from "../../server/payments/test-gateway.ts";
import { actionOrLoaderHeaders, privateNoStore } from "../cache-control";
import { settleOrder } from "../checkout/settle-order.server";
import { PageHeading } from "../components/PageHeading";
import { formatPrice } from "../content/plans";
import { useLanguage, useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { PageHandle } from "../page-handle";
import { pageMeta } from "../seo";
import { type Services, servicesOf } from "../services.server";
import type { Route } from "./+types/checkout-authenticate";

/** The test gateway, or a 404: this step stands in for a bank's 3-D Secure page and exists only in test mode. */
async function testGateway(context: Readonly<RouterContextProvider>): Promise<{ services: Services; gateway: TestGateway }> {
  const services = await servicesOf(context).catch(() => {
    throw data(null, { status: 503 });
  });
  if (!isTestGateway(services.gateway)) throw data(null, { status: 404 });
  return { services, gateway: services.gateway };
}

const paymentOf = (request: Request) => (new URL(request.url).searchParams.get("payment") ?? "").slice(0, 100);

function returnPage(request: Request, gateway: TestGateway, paymentId: string) {
  const language = languageFromPath(requestPathname(request));
  return gateway.returnUrl(localizePath("/checkout/return", language), paymentId);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { gateway } = await testGateway(context);
  const paymentId = paymentOf(request);
  const payment = paymentId ? await gateway.pendingAuthentication(paymentId) : undefined;
  // Answered already (the back button, a second tab): the outcome is on the return page.
  if (!payment) throw redirect(returnPage(request, gateway, paymentId), { headers: privateNoStore });
  return data({ amountCents: payment.amount_cents, currency: payment.currency }, { headers: privateNoStore });
}

/** The cardholder's answer: the payment succeeds or fails, the order is settled, and the return page tells. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, gateway } = await testGateway(context);
  const paymentId = paymentOf(request);
  const form = await request.formData().catch(() => null);
  await gateway.authenticate(paymentId, form?.get("answer") === "approve");
  const order = await findOrderByPaymentSession(services.db, paymentId);
  if (order) await settleOrder(services, order);
  return redirect(returnPage(request, gateway, paymentId), { status: 303, headers: privateNoStore });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** The card's authentication of a paid order: it is isolated. */
export const handle: PageHandle = { personal: true };

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta(location.pathname, "checkout"),
  { name: "robots", content: "noindex" },
];

export default function CheckoutAuthenticate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const busy = useNavigation().state !== "idle";
  const amount = formatPrice(loaderData.amountCents, language, loaderData.currency);
  const button = "min-h-12 rounded-full px-6 font-semibold disabled:opacity-60";
  return (
    <PageHeading title={t("checkout.authenticate.heading")} lead={t("checkout.authenticate.intro", { amount, brand: site.brand.name })}>
      <p className="mt-4 text-sm text-muted">{t("checkout.authenticate.testNote")}</p>
      <Form method="post" className="mt-8 flex flex-wrap gap-4">
        <button type="submit" name="answer" value="approve" disabled={busy} className={`${button} bg-cta text-white`}>
          {t("checkout.authenticate.approve")}
        </button>
        <button type="submit" name="answer" value="fail" disabled={busy} className={`${button} border border-line text-text`}>
          {t("checkout.authenticate.fail")}
        </button>
      </Form>
      <Link to={localized("/checkout")} className="mt-6 inline-block text-sm text-muted underline underline-offset-2">
        {t("checkout.authenticate.back")}
      </Link>
    </PageHeading>
  );
}
