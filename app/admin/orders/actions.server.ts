import { type FormValues, formText } from "../../../common/read-form.ts";
import type { Order } from "../../../server/db/schema.ts";
import type { ActionResult, OrderIntent } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";
import { deliverAccess } from "./deliver.server";
import { extendRenewal } from "./extend.server";
import { refundOrder, reviewRefund } from "./refund.server";
import { resendMail } from "./resend.server";
import { settleFromConsole } from "./settle.server";
import { stopRenewalFromConsole } from "./stop-renewal.server";

type OrderAction = (
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
) => Promise<ActionResult>;

const actions: Record<OrderIntent, OrderAction> = {
  settle: settleFromConsole,
  deliver: deliverAccess,
  extend: extendRenewal,
  resend: resendMail,
  "refund-confirm": reviewRefund,
  refund: refundOrder,
  "stop-renewal": stopRenewalFromConsole,
};

/** The order page's one action, dispatched on the form's hidden `intent`. */
export function runOrderAction(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
): Promise<ActionResult> {
  const intent = formText(form, "intent", 40);
  const action = Object.hasOwn(actions, intent) ? actions[intent as OrderIntent] : undefined;
  if (!action) return Promise.resolve({ intent: "unknown", ok: false, message: { key: "orders.actions.unknown" } });
  return action(services, operator, order, form, address);
}
