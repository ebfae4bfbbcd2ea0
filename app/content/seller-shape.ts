import { z } from "zod";
import { countryCodes } from "../../common/countries.ts";

const required = (hint: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `must not be empty: ${hint}` });

/**
 * The seller of content/site.ts (`seller`), as invoices need it: checked at start with the rest of the file,
 * so an invoice can never be issued without a legal name, an address or a tax number.
 */
export const sellerShape = z.object({
  legalName: required('the company\'s registered name, e.g. "NovaStream Media S.L."'),
  address: z
    .array(required('a line of the postal address, e.g. "46004 Valencia"'))
    .min(1, { error: 'must list the lines of the postal address, e.g. ["Calle de Colón 48", "46004 Valencia"]' })
    .max(5, { error: "must be at most 5 lines" }),
  country: z.string().refine((value) => (countryCodes as readonly string[]).includes(value), {
    error: 'must be an ISO 3166-1 alpha-2 country code in capitals, e.g. "ES"',
  }),
  taxId: required('the tax identification number printed on invoices, e.g. "B12345678"'),
  invoicePrefix: z.string().regex(/^[A-Z0-9]{0,8}-?$/, {
    error: 'must be up to 8 capital letters or digits, optionally ending in "-", or "" for none, e.g. "NS-"',
  }),
});
