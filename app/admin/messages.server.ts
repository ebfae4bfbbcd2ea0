import type { Language } from "../../common/languages";
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
import type { AdminMessages } from "./text";

/** Every language's console texts, by area (one file per area and language under content/locales/admin/). */
export const adminMessages: Record<Language, AdminMessages> = {
  en: {
    common: enCommon,
    login: enLogin,
    account: enAccount,
    orders: enOrders,
    customers: enCustomers,
    inbox: enInbox,
    subscribers: enSubscribers,
    audit: enAudit,
  },
  es: {
    common: esCommon,
    login: esLogin,
    account: esAccount,
    orders: esOrders,
    customers: esCustomers,
    inbox: esInbox,
    subscribers: esSubscribers,
    audit: esAudit,
  },
  fr: {
    common: frCommon,
    login: frLogin,
    account: frAccount,
    orders: frOrders,
    customers: frCustomers,
    inbox: frInbox,
    subscribers: frSubscribers,
    audit: frAudit,
  },
};
