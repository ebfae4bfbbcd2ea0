/** The English texts give the shape every language must have (checked in text.test.ts). */

import account from "../../content/locales/admin/en/account.json";
import audit from "../../content/locales/admin/en/audit.json";
import books from "../../content/locales/admin/en/books.json";
import common from "../../content/locales/admin/en/common.json";
import customers from "../../content/locales/admin/en/customers.json";
import home from "../../content/locales/admin/en/home.json";
import inbox from "../../content/locales/admin/en/inbox.json";
import login from "../../content/locales/admin/en/login.json";
import orders from "../../content/locales/admin/en/orders.json";
import subscribers from "../../content/locales/admin/en/subscribers.json";
import trials from "../../content/locales/admin/en/trials.json";

export const englishAdminMessages = { common, login, account, orders, customers, inbox, subscribers, audit, books, trials, home };
