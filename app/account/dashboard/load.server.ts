import type { Language } from "../../../common/languages";
import type { CustomerSession } from "../../../server/db/schema.ts";
import type { Services } from "../../services.server";

export interface DashboardData {
  email: string;
}

export async function loadDashboard(_services: Services, session: CustomerSession, _language: Language): Promise<DashboardData> {
  return { email: session.email };
}
