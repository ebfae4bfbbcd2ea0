import { useTranslation } from "react-i18next";
import { PageHeading } from "../components/PageHeading";
import { pageMeta } from "../seo";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "blog");

export default function Blog() {
  const { t } = useTranslation();
  return <PageHeading title={t("blog.heading")} lead={t("blog.intro")} />;
}
