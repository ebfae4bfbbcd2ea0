import { data, Link } from "react-router";
import { readForm } from "../../../common/read-form.ts";
import { findOrderByReference } from "../../../server/db/repositories.ts";
import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { adminMeta } from "../../admin/meta";
import { AccessFacts } from "../../admin/orders/AccessFacts";
import { ActionNotice } from "../../admin/orders/ActionNotice";
import type { ActionResult } from "../../admin/orders/action-result";
import { runOrderAction } from "../../admin/orders/actions.server";
import { consoleServices } from "../../admin/orders/console-services.server";
import { useOrderFormat } from "../../admin/orders/format";
import { NextActions } from "../../admin/orders/NextActions";
import { OrderDocuments } from "../../admin/orders/OrderDocuments";
import { OrderFacts } from "../../admin/orders/OrderFacts";
import { loadOrderPage } from "../../admin/orders/order-page.server";
import { StatusBadge } from "../../admin/orders/StatusBadge";
import { SubscriptionPanel } from "../../admin/orders/SubscriptionPanel";
import { Timeline } from "../../admin/orders/Timeline";
import { linkClass } from "../../admin/orders/ui";
import { useAdminText } from "../../admin/text";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/order";

/** One order: what was bought and paid, what happened to it, and what the operator can do next. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = consoleServices(await servicesOf(context));
  const page = await consoleRead(() => loadOrderPage(services, params.reference));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { operator } = context.get(operatorContext);
  const form = (await readForm(request)) ?? {};
  const services = consoleServices(await servicesOf(context));
  const order = await findOrderByReference(services.db, params.reference);
  if (!order) throw data(null, { status: 404 });
  try {
    const result = await runOrderAction(services, operator, order, form, clientAddress(request));
    return data(result, { status: result.ok ? 200 : 400 });
  } catch (error) {
    // The reason only: the form may hold access details, which never reach a log.
    logger.error({ order: order.reference, reason: (error as Error).message }, "An order action failed");
    const failed: ActionResult = { intent: "unknown", ok: false, message: { key: "common.unavailable" } };
    return data(failed, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "orders.title");

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const { order } = loaderData;
  return (
    <article aria-labelledby="order-heading" className="grid gap-6">
      <div>
        <Link to="/admin/orders" className={`${linkClass} text-sm`}>
          {t("orders.detail.back")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 id="order-heading" className="text-3xl font-extrabold text-text">
            {t("orders.detail.heading", { reference: order.reference })}
          </h1>
          <StatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {t("orders.detail.placed", { date: format.dateTime(order.created_at) })} · {format.money(order.amount_cents, order.currency)}
        </p>
        <ActionNotice result={actionData} />
      </div>
      <NextActions data={loaderData} result={actionData} />
      <OrderFacts order={order} />
      <OrderDocuments documents={loaderData.documents} />
      <AccessFacts order={order} access={loaderData.access} />
      <SubscriptionPanel order={order} subscription={loaderData.subscription} />
      <Timeline entries={loaderData.timeline} />
    </article>
  );
}
