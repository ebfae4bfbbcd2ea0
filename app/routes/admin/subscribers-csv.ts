import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { exportSubscribers } from "../../admin/subscribers/export.server";
import { subscriberFilterFrom } from "../../admin/subscribers/subscribers.server";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/subscribers-csv";

/** A file, not a page: `/admin/subscribers.csv?state=…`, the list's filter as a download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Asked here too, not only by the layout's gate: without an operator this throws, and nothing leaves.
  const { operator } = context.get(operatorContext);
  const { db, consoleDb } = await servicesOf(context);
  const filter = subscriberFilterFrom(new URL(request.url).searchParams);
  const exported = { filter, operator, address: clientAddress(request), reads: consoleDb };
  return consoleRead(() => exportSubscribers(db, exported));
}
