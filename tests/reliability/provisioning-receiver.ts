/**
 * The reliability suite's provisioning system (tests/reliability/jobs.ts): a receiver written as docs/operating.md
 * tells operators to write one, and the comparison of a repeated delivery with the first.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { PlanKey } from "../../content/site.ts";
import { accessPeriod, type FulfilmentEvent } from "../../server/fulfilment/payload.ts";

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The operator's provisioning system, as docs/operating.md tells them to write it: it verifies each request, creates
 * an account the first time it sees a `Webhook-Id` and answers the same details again for a repeated one, after
 * a short pause. `accountsCreated` lists the ids it acted on, in order.
 */
export async function startReceiver(port: number, secret: string) {
  // The snippet docs/operating.md gives operators, exactly as they would run it (plain JavaScript).
  const snippet = new URL("../../examples/verify-fulfilment-signature.mjs", import.meta.url).href;
  const { verifyFulfilmentSignature } = (await import(snippet)) as {
    verifyFulfilmentSignature: (header: string, raw: string, secret: string) => boolean;
  };
  const deliveries: { id: string; verified: boolean; body: string }[] = [];
  const accounts = new Map<string, Record<string, string>>();
  const accountsCreated: string[] = [];
  const server = createServer(async (request, response) => {
    const raw = await body(request);
    const verified = verifyFulfilmentSignature(String(request.headers["webhook-signature"] ?? ""), raw, secret);
    const id = String(request.headers["webhook-id"] ?? "");
    deliveries.push({ id, verified, body: raw });
    // Looked up and created in one step, before any wait: a repeat arriving meanwhile finds the account.
    let access = verified ? accounts.get(id) : undefined;
    if (verified && !access) {
      // A new password each time: a second account for one order would answer other details.
      access = {
        username: `user-${id}`,
        password: `pw-${randomBytes(6).toString("hex")}`,
        serverUrl: "https://tv.example.com",
        playlistUrl: `https://tv.example.com/${id}.m3u`,
      };
      accounts.set(id, access);
      accountsCreated.push(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    response
      .writeHead(access ? 200 : 400, { "Content-Type": "application/json" })
      .end(JSON.stringify(access ? { access } : { error: "signature" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { deliveries, accountsCreated, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function referenceIn(body: string): string {
  try {
    return String((JSON.parse(body) as Partial<FulfilmentEvent>).order?.reference ?? "");
  } catch {
    return "";
  }
}

/**
 * A repeat is the first delivery again, byte for byte, but for the time of its request: `created`, and the
 * access period, which starts then (the plan's months from it, as the shop records it on delivery).
 */
export function repeatsFirst(first: string, repeat: string): boolean {
  try {
    const original = JSON.parse(first) as FulfilmentEvent;
    const again = JSON.parse(repeat) as FulfilmentEvent;
    const startsAt = new Date(again.order.access.startsAt);
    if (Number.isNaN(startsAt.getTime()) || again.created !== Math.floor(startsAt.getTime() / 1000)) return false;
    const period = accessPeriod({ reference: original.order.reference, plan_key: original.order.plan.key as PlanKey }, startsAt);
    const access = { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() };
    return JSON.stringify({ ...original, created: again.created, order: { ...original.order, access } }) === repeat;
  } catch {
    return false;
  }
}
