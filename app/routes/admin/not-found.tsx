import { data, Link } from "react-router";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import type { Route } from "./+types/not-found";

/** A console address that does not exist, for a signed-in operator (others get the sign-in page). */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "common.notFound");

export default function AdminNotFound() {
  const { t } = useAdminText();
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("common.notFound")}</h1>
      <p className="mt-3 text-muted">{t("common.notFoundText")}</p>
      <Link to="/admin/orders" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-cta px-5 font-semibold text-white">
        {t("common.backToOrders")}
      </Link>
    </section>
  );
}
