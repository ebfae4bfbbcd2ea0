import { serverConfig } from "../../../server/config.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { BackupPanel } from "../../admin/home/BackupPanel";
import { loadBackupStatus } from "../../admin/home/backup-status.server";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/home";

/** The console's home: the state of the shop's safety nets, the backups first. */
export async function loader({ context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return { backups: await consoleRead(() => loadBackupStatus(consoleDb, serverConfig())) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "home.title");

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("home.heading")}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t("home.intro")}</p>
      <BackupPanel status={loaderData.backups} />
    </section>
  );
}
