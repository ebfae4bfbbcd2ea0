/**
 * The key of a connection in `trial_connections` (migration 021): the SHA-256 of its network, an IPv6 client's
 * /64 (common/client-network.ts), so the table holds no address. Apart from trial-limits.ts so the migration
 * that fills the table from earlier trials writes the keys the limit reads.
 */
import { createHash } from "node:crypto";
import { clientNetwork } from "../../common/client-network.ts";

export const trialConnectionKey = (address: string) =>
  createHash("sha256")
    .update(`trial-connection:${clientNetwork(address)}`)
    .digest("hex");
