import { useTranslation } from "react-i18next";
import { PageHeading } from "../components/PageHeading";
import { pageMeta } from "../seo";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "checkout");

export default function Checkout() {
  const { t } = useTranslation();
  return <PageHeading title={t("checkout.heading")} lead={t("checkout.intro")} />;
}
