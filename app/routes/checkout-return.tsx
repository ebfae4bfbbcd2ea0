import { useEffect } from "react";
import { data, Link, useLocation, useRevalidator } from "react-router";
import { findOrderByPaymentSession } from "../../server/db/payments.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import { actionOrLoaderHeaders, privateNoStore } from "../cache-control";
import { OrderConfirmed, PaymentFailed, PaymentPending } from "../checkout/OrderStatus";
import { settleOrder } from "../checkout/settle-order.server";
import { PageHeading } from "../components/PageHeading";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { PageHandle } from "../page-handle";
import { pageMeta } from "../seo";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/checkout-return";

/** What the page shows of an order: its state, never more than the visitor already knows. */
function shown(order: Order) {
  if (order.status === "pending") return { state: "pending" as const, reference: order.reference, email: order.email };
  if (order.status === "failed")
    return { state: "failed" as const, reason: order.failure_reason ?? "processingError", key: order.idempotency_key };
  return { state: "paid" as const, reference: order.reference, email: order.email };
}

/**
 * A pending payment is polled until it settles, and the outcome takes focus: the script loads at once. The page
 * shows the order's reference and e-mail address, so it is isolated.
 */
export const handle: PageHandle = { hydrate: "after-paint", personal: true };

/**
 * Where the processor sends the visitor back, its session named in the URL as its gateway reads it. The URL
 * proves nothing: the page shows the order as our records have it, and while it is pending asks the
 * processor, so a visitor back before the webhook sees the outcome at once (and whichever of the two comes
 * first sends the one confirmation mail).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = await servicesOf(context).catch(() => {
    throw data(null, { status: 503 });
  });
  const sessionId = (services.gateway.sessionOfReturn(new URL(request.url)) ?? "").slice(0, 255);
  let order = sessionId ? await findOrderByPaymentSession(services.db, sessionId) : undefined;
  if (!order) return data({ state: "unknown" as const }, { status: 404, headers: privateNoStore });
  if (order.status === "pending") {
    order = await settleOrder(services, order).catch((error: unknown) => {
      logger.warn({ order: order?.reference, reason: (error as Error).message }, "The return page could not ask the processor");
      return order as Order;
    });
  }
  return data(shown(order), { headers: privateNoStore });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta(location.pathname, "checkout"),
  { name: "robots", content: "noindex" },
];

/** How often the page looks again while the payment is being confirmed, and for how long. */
const pollEveryMs = 2_000;
const pollForMs = 5 * 60_000;

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const location = useLocation();
  const revalidator = useRevalidator();
  const pending = loaderData.state === "pending";

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > pollForMs) clearInterval(timer);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, pollEveryMs);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  if (loaderData.state === "unknown") {
    return (
      <PageHeading title={t("checkout.returnUnknown")} lead={t("checkout.returnUnknownText")}>
        <Link
          to={localized("/checkout")}
          className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white"
        >
          {t("checkout.tryAgain")}
        </Link>
      </PageHeading>
    );
  }
  if (loaderData.state === "paid") return <OrderConfirmed reference={loaderData.reference} email={loaderData.email} />;
  if (loaderData.state === "failed") {
    return <PaymentFailed reason={loaderData.reason} retryTo={`${localized("/checkout")}?resume=${encodeURIComponent(loaderData.key)}`} />;
  }
  return (
    <PaymentPending reference={loaderData.reference} email={loaderData.email}>
      {/* Without JavaScript the page cannot look again by itself: a plain link does it. */}
      <Link
        to={`${location.pathname}${location.search}`}
        className="mt-6 inline-flex min-h-12 items-center rounded-full border border-line px-6 font-semibold text-text"
      >
        {t("checkout.checkAgain")}
      </Link>
    </PaymentPending>
  );
}
