import { useTranslation } from "react-i18next";
import { PageHeading } from "../components/PageHeading";
import { pageMeta } from "../seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "contact");

export default function Contact() {
  const { t } = useTranslation();
  return <PageHeading title={t("contact.heading")} lead={t("contact.intro")} />;
}
