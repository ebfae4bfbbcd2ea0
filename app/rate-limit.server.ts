/**
 * Per-address limits on the forms, and the checkout's defence against card testing, counted in the
 * database so that every server adds to the same total (see server/db/rate-limits.ts).
 */
import { type ServerConfig, serverConfig } from "../server/config.ts";
import type { Database } from "../server/db/database.ts";
import { clientKey, emailKey } from "../server/db/limit-keys.ts";
import { attemptCount, countAttempt, uncountAttempt } from "../server/db/rate-limits.ts";

const tenMinutes = 10 * 60_000;
const oneHour = 60 * 60_000;

/** The visitor's address, as the HTTP layer recorded it (never trusted from the visitor). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-address") ?? "unknown";
}

/** The country of the visitor's address as the HTTP layer looked it up (server/site-handler.ts), or null. */
export function clientCountry(request: Request): string | null {
  const country = request.headers.get("x-client-country");
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

type LimitVariable = Extract<keyof ServerConfig, `${string}_RATE_LIMIT`>;

function formLimit(purpose: string, variable: LimitVariable) {
  return {
    /** Counts one attempt from `address`; false once it is past the limit of the current ten minutes. */
    async hit(db: Database, address: string, now: Date = new Date()): Promise<boolean> {
      const count = await countAttempt(db, clientKey(purpose, address), { windowMs: tenMinutes, now });
      // Read at each call rather than at import, so importing this module never parses the environment.
      return count <= serverConfig()[variable];
    },
  };
}

/** The limits of the three forms, per address and ten minutes (CHECKOUT_, CONTACT_, NEWSLETTER_RATE_LIMIT). */
export const formLimits = {
  checkout: formLimit("checkout", "CHECKOUT_RATE_LIMIT"),
  contact: formLimit("contact", "CONTACT_RATE_LIMIT"),
  newsletter: formLimit("newsletter", "NEWSLETTER_RATE_LIMIT"),
};

const oneDay = 24 * 60 * 60_000;

/**
 * Mails a form sends to an address someone typed, beyond the first (a second newsletter sign-up of an address
 * already on the list): one a day per address, so the form cannot be used to fill someone's inbox.
 */
export const repeatMails = {
  async hit(db: Database, purpose: string, email: string, now: Date = new Date()): Promise<boolean> {
    return (await countAttempt(db, emailKey(`repeat-mail-${purpose}`, email), { windowMs: oneDay, now })) === 1;
  },
};

/** Who is paying, as far as the card-testing defence is concerned. */
export interface Payer {
  address: string;
  email: string;
}

/** A payer as an order records them: an order placed before orders kept the visitor's address has none. */
type DecliningPayer = Omit<Payer, "address"> & { address: string | null };

/**
 * Both counters a decline adds to. Card testers rotate addresses or e-mails but rarely both at once, so
 * each is limited on its own. E-mails are normalized so that case and spaces do not make a new counter.
 */
function declineKeys({ address, email }: DecliningPayer): string[] {
  // Without an address, the e-mail's counter alone.
  const byEmail = emailKey("decline-email", email);
  return address === null ? [byEmail] : [clientKey("decline-address", address), byEmail];
}

/**
 * Declined payments per address and per e-mail, in hour windows (CHECKOUT_DECLINE_LIMIT): the checkout asks
 * `isBlocked` before it asks the processor, so a card tester is stopped without costing another attempt.
 */
export const declines = {
  /** True when the address or the e-mail has reached the limit of declines in the current hour. */
  async isBlocked(db: Database, payer: Payer, now: Date = new Date()): Promise<boolean> {
    const { address, email } = await declines.counts(db, payer, now);
    return Math.max(address, email) >= serverConfig().CHECKOUT_DECLINE_LIMIT;
  },
  /** The declines of the address and of the e-mail in the current hour. */
  async counts(db: Database, payer: Payer, now: Date = new Date()): Promise<{ address: number; email: number }> {
    const [address = 0, email = 0] = await Promise.all(declineKeys(payer).map((key) => attemptCount(db, key, { windowMs: oneHour, now })));
    return { address, email };
  },
  /** Counts one decline against both the address and the e-mail. */
  async record(db: Database, payer: DecliningPayer, now: Date = new Date()): Promise<void> {
    await Promise.all(declineKeys(payer).map((key) => countAttempt(db, key, { windowMs: oneHour, now })));
  },
};

const fifteenMinutes = 15 * 60_000;
/** Failed console sign-ins one account, or one address, may have in fifteen minutes. */
export const signInLimits = { perAccount: 5, perAddress: 20 };

function signInKeys(address: string, email: string): [string, string] {
  return [clientKey("sign-in-address", address), emailKey("sign-in-account", email)];
}

/** One console sign-in attempt, counted before its password or code is checked. */
export interface SignInAttempt {
  /** False when the account or the address is past its limit: the password or code must not be checked. */
  allowed: boolean;
  /** The password or code was right: the attempt is taken back out of the counts (only failures count). */
  succeeded(): Promise<void>;
}

/**
 * Console sign-ins (a password, a second-factor code, the code that turns two-step sign-in off), per account
 * and per address, shared by every server: a guesser is stopped on one account from many addresses, and on
 * many accounts from one address. Each attempt is counted before it is checked, by the counters' atomic
 * upsert, so attempts sent at once see each other: of a burst, only the first `perAccount` are ever checked
 * (counting after the check, which takes a third of a second for a password, let a whole burst through).
 * An attempt that succeeds is taken back out; one that fails, or is refused, stays counted.
 */
export const signInAttempts = {
  async begin(db: Database, { address, email }: Payer, now: Date = new Date()): Promise<SignInAttempt> {
    const keys = signInKeys(address, email);
    const window = { windowMs: fifteenMinutes, now };
    const [byAddress = 0, byAccount = 0] = await Promise.all(keys.map((key) => countAttempt(db, key, window)));
    return {
      allowed: byAddress <= signInLimits.perAddress && byAccount <= signInLimits.perAccount,
      succeeded: async () => {
        await Promise.all(keys.map((key) => uncountAttempt(db, key, window)));
      },
    };
  },
};
