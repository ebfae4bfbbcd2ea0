/**
 * Every migration, in order. Add a new file `NNN_what_it_does.ts` exporting `up` (and `down`) and list it
 * here: names sort as they must run, and a migration once released is never edited.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./001_initial.ts";
import * as payments from "./002_payments.ts";
import * as console from "./003_console.ts";
import * as jobs from "./004_jobs.ts";
import * as clientAddress from "./005_order_client_address.ts";
import * as totpLastStep from "./006_operator_totp_last_step.ts";
import * as mailJobs from "./007_mail_jobs.ts";
import * as paymentProcessor from "./008_order_payment_processor.ts";
import * as accesses from "./009_accesses.ts";
import * as customerAccounts from "./010_customer_accounts.ts";
import * as invoices from "./011_invoices.ts";
import * as mailInvoice from "./012_mail_invoice.ts";
import * as booksIndexes from "./013_books_indexes.ts";
import * as stripeTax from "./014_stripe_tax.ts";
import * as subscriptions from "./015_subscriptions.ts";
import * as trials from "./016_trials.ts";
import * as consoleIndexes from "./017_console_indexes.ts";
import * as tallies from "./018_tallies.ts";
import * as jobsDueOrder from "./019_jobs_due_order.ts";
import * as monthTaxTotals from "./020_month_tax_totals.ts";
import * as trialLimits from "./021_trial_limits.ts";
import * as mailsKindCreated from "./022_mails_kind_created.ts";
import * as backupRuns from "./023_backup_runs.ts";

export const migrations: Record<string, Migration> = {
  "001_initial": initial,
  "002_payments": payments,
  "003_console": console,
  "004_jobs": jobs,
  "005_order_client_address": clientAddress,
  "006_operator_totp_last_step": totpLastStep,
  "007_mail_jobs": mailJobs,
  "008_order_payment_processor": paymentProcessor,
  "009_accesses": accesses,
  "010_customer_accounts": customerAccounts,
  "011_invoices": invoices,
  "012_mail_invoice": mailInvoice,
  "013_books_indexes": booksIndexes,
  "014_stripe_tax": stripeTax,
  "015_subscriptions": subscriptions,
  "016_trials": trials,
  "017_console_indexes": consoleIndexes,
  "018_tallies": tallies,
  "019_jobs_due_order": jobsDueOrder,
  "020_month_tax_totals": monthTaxTotals,
  "021_trial_limits": trialLimits,
  "022_mails_kind_created": mailsKindCreated,
  "023_backup_runs": backupRuns,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
