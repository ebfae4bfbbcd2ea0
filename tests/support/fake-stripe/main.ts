/**
 * Runs the Stripe test double on its own, for the end-to-end tests (Playwright's webServer waits on /healthz):
 *   FAKE_STRIPE_PORT=12111 FAKE_STRIPE_WEBHOOK_URL=http://localhost:3100/webhooks/stripe \
 *   FAKE_STRIPE_WEBHOOK_SECRET=whsec_… node tests/support/fake-stripe/main.ts
 */
import { startFakeStripe } from "./server.ts";

const webhookSecret = process.env.FAKE_STRIPE_WEBHOOK_SECRET;
if (!webhookSecret) {
  console.error("fake-stripe: FAKE_STRIPE_WEBHOOK_SECRET must be set (the whsec_… our server verifies webhooks with)");
  process.exit(1);
}
const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL || undefined;

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-stripe: FAKE_STRIPE_PORT must be a port number, not ${JSON.stringify(process.env.FAKE_STRIPE_PORT)}`);
  process.exit(1);
}

const fake = await startFakeStripe({ port, webhookUrl, webhookSecret });
console.log(`fake-stripe: listening on ${fake.url}, webhooks to ${webhookUrl ?? "nowhere (recorded only)"}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    fake.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`fake-stripe: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
