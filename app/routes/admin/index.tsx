import { redirect } from "react-router";

/** `/admin` opens the orders, where the day's work is. */
export function loader() {
  return redirect("/admin/orders");
}
