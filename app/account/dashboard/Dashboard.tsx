import { useAccountText } from "../text";
import type { DashboardData } from "./load.server";

export function Dashboard({ data }: { data: DashboardData; answer: unknown }) {
  const { t } = useAccountText();
  return (
    <h1 className="font-display text-3xl font-bold text-white">
      {t("common.title")} {data.email}
    </h1>
  );
}
