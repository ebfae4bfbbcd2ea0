/**
 * Stand-ins for two of Stripe's hosted pages: an invoice's (`hosted_invoice_url`, where an open invoice is
 * paid) and the customer portal's (where the card is changed). Plain HTML, no script, English words.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import { send } from "./http.ts";
import { formatAmount } from "./objects.ts";

const headers = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Stripe (local test double)</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>This is a local test double of a Stripe page, for tests: no payment is made and no card details are asked for.</p>
${body}
</main>
</body>
</html>
`;
}

/** `GET /invoice/:id` shows an invoice; `POST /invoice/:id` pays it when open (as the customer does there). */
async function invoicePage(request: IncomingMessage, response: ServerResponse, id: string, billing: Billing) {
  const invoice = billing.invoices.get(id);
  if (!invoice) return send(response, 404, page("No such invoice", "<p>There is no invoice at this address.</p>"), headers);
  if (request.method === "POST" && invoice.status === "open") await billing.payOpenInvoice(id);
  else if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") {
    return send(response, 405, page("Method not allowed", ""), { ...headers, Allow: "GET, HEAD, POST" });
  }
  const amount = formatAmount(invoice.amount_due, invoice.currency);
  const state =
    invoice.status === "open"
      ? `<p>Amount due: <strong>${amount}</strong>.</p>\n<form method="post" action="/invoice/${escapeHtml(id)}"><button type="submit">Pay ${amount}</button></form>`
      : `<p>Paid: <strong>${formatAmount(invoice.amount_paid, invoice.currency)}</strong>. Thank you.</p>`;
  send(response, 200, page(`Invoice ${invoice.number ?? id}`, state), headers);
}

/** `GET /billing/p/session/:id`: the portal, reduced to its way back to the shop. */
function portalPage(response: ServerResponse, id: string, billing: Billing) {
  const session = billing.portalSessions.get(id);
  if (!session) return send(response, 404, page("No such portal session", "<p>This link has expired.</p>"), headers);
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to the shop</a></p>` : "";
  send(response, 200, page("Manage your subscription", `<p>Here the customer would change their card.</p>\n${back}`), headers);
}

export async function handleBillingPage(request: IncomingMessage, response: ServerResponse, url: URL, billing: Billing) {
  const invoice = /^\/invoice\/([A-Za-z0-9_]+)$/.exec(url.pathname);
  if (invoice) return invoicePage(request, response, invoice[1]!, billing);
  const portal = /^\/billing\/p\/session\/([A-Za-z0-9_]+)$/.exec(url.pathname);
  if (portal && (request.method === "GET" || request.method === "HEAD")) return portalPage(response, portal[1]!, billing);
  send(response, 404, page("Not found", "<p>There is nothing at this address.</p>"), headers);
}
