import { useAccountText } from "../text";
import type { DashboardAnswer } from "./actions.server";
import type { DashboardData } from "./load.server";
import { Orders } from "./Orders";
import { PreferencesForm } from "./PreferencesForm";
import { SessionActions } from "./SessionActions";
import { Subscriptions } from "./Subscriptions";

/** The index route passes whatever its action answered; only the dashboard's own answers mean anything here. */
function dashboardAnswer(answer: unknown): DashboardAnswer | undefined {
  const form = (answer as { form?: unknown } | undefined)?.form;
  return form === "preferences" || form === "unknown" ? (answer as DashboardAnswer) : undefined;
}

/** The signed-in customer's page: subscriptions, orders, preferences, then sign-out and their data. */
export function Dashboard({ data, answer }: { data: DashboardData; answer: unknown }) {
  const { t } = useAccountText();
  return (
    <>
      <h1 className="text-4xl font-extrabold tracking-tight text-text sm:text-5xl">{t("dashboard.title")}</h1>
      <p className="mt-3 break-words text-muted">{t("dashboard.signedInAs", { email: data.email })}</p>
      <Subscriptions accesses={data.accesses} guides={data.guides} />
      <Orders orders={data.orders} />
      <PreferencesForm preferences={data.preferences} answer={dashboardAnswer(answer)} />
      <SessionActions />
    </>
  );
}
