import type { Order } from "../../server/db/schema.ts";
import { findPlan } from "../content/plans";
import type { FormValues } from "./fields";

/**
 * An order's choices and the customer's details as the checkout form names them, to open the checkout filled
 * in again (back from the processor's page, or a renewal). Never a card.
 */
export function checkoutValuesOf(order: Order): FormValues {
  return {
    // A plan the shop no longer sells is left out: the form then offers its default.
    plan: findPlan(order.plan_key)?.key,
    viewers: String(order.viewers),
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.phone,
    country: order.country,
    city: order.city,
    postalCode: order.postal_code,
    address: order.address,
  };
}
