import { perLanguage } from "../../common/content-files";
import { type Language, languages } from "../../common/languages";
import enAccount from "../../content/locales/admin/en/account.json";
import enAudit from "../../content/locales/admin/en/audit.json";
import enCommon from "../../content/locales/admin/en/common.json";
import enCustomers from "../../content/locales/admin/en/customers.json";
import enInbox from "../../content/locales/admin/en/inbox.json";
import enLogin from "../../content/locales/admin/en/login.json";
import enOrders from "../../content/locales/admin/en/orders.json";
import enSubscribers from "../../content/locales/admin/en/subscribers.json";
import esAccount from "../../content/locales/admin/es/account.json";
import esAudit from "../../content/locales/admin/es/audit.json";
import esCommon from "../../content/locales/admin/es/common.json";
import esCustomers from "../../content/locales/admin/es/customers.json";
import esInbox from "../../content/locales/admin/es/inbox.json";
import esLogin from "../../content/locales/admin/es/login.json";
import esOrders from "../../content/locales/admin/es/orders.json";
import esSubscribers from "../../content/locales/admin/es/subscribers.json";
import frAccount from "../../content/locales/admin/fr/account.json";
import frAudit from "../../content/locales/admin/fr/audit.json";
import frCommon from "../../content/locales/admin/fr/common.json";
import frCustomers from "../../content/locales/admin/fr/customers.json";
import frInbox from "../../content/locales/admin/fr/inbox.json";
import frLogin from "../../content/locales/admin/fr/login.json";
import frOrders from "../../content/locales/admin/fr/orders.json";
import frSubscribers from "../../content/locales/admin/fr/subscribers.json";
import { englishAdminMessages } from "./message-files";
import type { AdminMessages } from "./text";

type Area = keyof AdminMessages;
const areas = Object.keys(englishAdminMessages) as Area[];
const files = import.meta.glob<AdminMessages[Area]>("../../content/locales/admin/*/*.json", { eager: true, import: "default" });
const byArea = areas.map(
  (area) => [area, perLanguage(files, (language) => `../../content/locales/admin/${language}/${area}.json`)] as const,
);

/** Every language's console texts, by area (one file per area and language under content/locales/admin/). */
export const adminMessages = Object.fromEntries(
  languages.map((language) => [language, Object.fromEntries(byArea.map(([area, texts]) => [area, texts[language]]))]),
) as Record<Language, AdminMessages>;
