import type { TaxMode } from "../../common/tax-rates";
import taxRates from "../../content/tax-rates.json";
import { serverConfig } from "../../server/config.ts";
import type { CheckoutTax } from "./tax-breakdown";

/**
 * What the checkout page needs of TAX_MODE for its order summary: the rates table only with eu-oss (sent with
 * the page's data, so the browser bundle carries no table), nothing at all with none.
 */
export function checkoutTax(mode: TaxMode = serverConfig().TAX_MODE): CheckoutTax | undefined {
  if (mode === "eu-oss") return { mode, table: { asOf: taxRates.asOf, rates: taxRates.rates } };
  if (mode === "stripe") return { mode };
  return undefined;
}
