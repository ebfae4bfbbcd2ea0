/** Everything the signed-in customer's dashboard shows, written in their language on the server. */
import { type Language, localizePath } from "../../../common/languages";
import type { CustomerSession } from "../../../server/db/schema.ts";
import { allArticles } from "../../content/blog.server";
import { linkKey } from "../../renewals/links.server";
import type { Services } from "../../services.server";
import { accountFormat } from "./format";
import { loadOrders, type OrderLine } from "./orders.server";
import { type Preferences, readPreferences } from "./preferences.server";
import { type AccessLine, loadSubscriptions } from "./subscriptions.server";

export interface DeviceGuide {
  title: string;
  href: string;
}

export interface DashboardData {
  email: string;
  accesses: AccessLine[];
  orders: OrderLine[];
  preferences: Preferences;
  /** The blog's device articles in the page's language, linked from each running access. */
  guides: DeviceGuide[];
}

export function deviceGuides(language: Language): DeviceGuide[] {
  return allArticles(language)
    .filter((article) => article.category === "devices")
    .map((article) => ({ title: article.title, href: localizePath(`/blog/${article.slug}`, language) }));
}

export async function loadDashboard(
  services: Pick<Services, "db">,
  session: Pick<CustomerSession, "email"> & Partial<Pick<CustomerSession, "time_zone">>,
  language: Language,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<DashboardData> {
  const { db } = services;
  const format = accountFormat(language, session.time_zone ?? null);
  const preferences = await readPreferences(db, session.email);
  const [accesses, orders] = await Promise.all([
    loadSubscriptions(db, session.email, { language, format, optedOut: !preferences.reminders, now, linkKey: key }),
    loadOrders(db, session.email, format),
  ]);
  return { email: session.email, accesses, orders, preferences, guides: deviceGuides(language) };
}
