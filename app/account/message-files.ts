/** The English texts give the shape every language must have (checked in text.test.ts). */

import common from "../../content/locales/account/en/common.json";
import dashboard from "../../content/locales/account/en/dashboard.json";
import data from "../../content/locales/account/en/data.json";
import invoice from "../../content/locales/account/en/invoice.json";
import signIn from "../../content/locales/account/en/sign-in.json";

export const englishAccountMessages = { common, signIn, dashboard, data, invoice };

/** The file of each area under content/locales/account/<language>/. */
export const accountMessageFiles: Record<keyof typeof englishAccountMessages, string> = {
  common: "common",
  signIn: "sign-in",
  dashboard: "dashboard",
  data: "data",
  invoice: "invoice",
};
