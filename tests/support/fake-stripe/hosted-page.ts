import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, send } from "./http.ts";
import { guessedCountry, type Ledger } from "./ledger.ts";
import { formatAmount } from "./objects.ts";
import { vatRates } from "./tax.ts";
import type { CheckoutSession, LineItem } from "./types.ts";

const headers = {
  "Content-Type": "text/html; charset=utf-8",
  // No script, style or other resource is needed. No form-action either: it would also govern the redirect to success_url.
  "Content-Security-Policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page's language: the session's locale, with `auto` (the browser's) read as English. */
const languageOf = (session: CheckoutSession) => (session.locale && session.locale !== "auto" ? session.locale : "en");

/**
 * The whole page. Its own words are English (`lang="en"` on them); what the shop sent, the item's name and
 * the amounts, is in the session's language, which is the document's.
 */
function page(session: CheckoutSession | undefined, items: LineItem[], heading: string, body: string): string {
  const language = session ? languageOf(session) : "en";
  const total =
    session?.amount_total != null && session.currency ? formatAmount(session.amount_total, session.currency, language) : undefined;
  const title = `${session?.status === "open" && total ? `Pay ${total}` : heading} – Stripe Checkout (local test double)`;
  const list = items
    .map(
      (item) =>
        `<li><span lang="${language}">${escapeHtml(item.name)}</span> × ${item.quantity}: <span lang="${language}">${formatAmount(item.unitAmount * item.quantity, item.currency, language)}</span></li>`,
    )
    .join("\n");
  const order =
    items.length > 0 && total
      ? `<h2>Your order</h2>\n<ul>\n${list}\n</ul>\n<p>Total: <strong lang="${language}">${total}</strong></p>`
      : "";
  const back = session?.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : "";
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main lang="en">
<h1>${escapeHtml(heading)}</h1>
<p>This is a local test double of Stripe Checkout, for tests: no payment is made and no card details are asked for.</p>
${order}
${body}
${back}
</main>
</body>
</html>
`;
}

/** The countries the page offers for a billing address: the EU's and a few others. */
const countries = [...Object.keys(vatRates), "CH", "GB", "NO", "US"].sort();
const countryNames = new Intl.DisplayNames("en", { type: "region" });

/** Stripe asks for a billing address when told to, and always with Stripe Tax, which needs the customer's location. */
const asksAddress = (session: CheckoutSession) => session.automatic_tax.enabled || session.billing_address_collection === "required";

function countryField(session: CheckoutSession): string {
  if (!asksAddress(session)) return "";
  const guess = guessedCountry(session);
  const options = countries
    .map((code) => `<option value="${code}"${code === guess ? " selected" : ""}>${escapeHtml(countryNames.of(code) ?? code)}</option>`)
    .join("");
  const tax = session.automatic_tax.enabled ? "<p>Any tax is worked out from your billing address.</p>" : "";
  return `<p><label for="country">Country or region</label> <select id="country" name="country" autocomplete="country">${options}</select></p>\n${tax}`;
}

/** A bank debit settles days later; the double takes a subscription by card only. */
const delayed = (session: CheckoutSession) =>
  session.mode === "subscription" ? "" : ' <button type="submit" name="how" value="delayed">Pay by bank debit (confirmed later)</button>';

function form(session: CheckoutSession): string {
  const email = session.customer_email
    ? `<p>Email: ${escapeHtml(session.customer_email)}</p>`
    : `<p><label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email"></p>`;
  return `<form method="post" action="/pay/${escapeHtml(session.id)}">
${email}
${countryField(session)}
<p><button type="submit" name="how" value="card">${session.mode === "subscription" ? "Subscribe" : "Pay"}</button>${delayed(session)}</p>
</form>`;
}

function closed(session: CheckoutSession): string {
  if (session.status === "expired") return "<p>This payment page has expired: nothing was paid.</p>";
  return session.payment_status === "paid"
    ? "<p>This payment is complete: it has been paid.</p>"
    : "<p>This payment is complete: the bank debit is waiting to be confirmed.</p>";
}

/** `GET /pay/:id` shows the payment page; `POST /pay/:id` pays, then sends the visitor to `success_url`, as Checkout does. */
export async function handleHostedPage(request: IncomingMessage, response: ServerResponse, url: URL, ledger: Ledger) {
  const id = url.pathname.slice("/pay/".length);
  const session = ledger.sessions.get(id);
  const items = ledger.lineItems.get(id) ?? [];
  const answer = (status: number, heading: string, body: string, extra: Record<string, string> = {}) =>
    send(response, status, page(session, items, heading, body), { ...headers, ...extra });

  if (!session) return answer(404, "No such payment page", "<p>There is no Checkout Session at this address.</p>");
  const open = session.status === "open";
  if (request.method === "GET" || request.method === "HEAD") {
    return answer(200, open ? "Checkout" : "Checkout closed", open ? form(session) : closed(session));
  }
  if (request.method !== "POST") return answer(405, "Method not allowed", "", { Allow: "GET, HEAD, POST" });

  const fields = new URLSearchParams(await readBody(request));
  const how = fields.get("how");
  const known = how === "card" || (how === "delayed" && session.mode !== "subscription");
  if (!known) return answer(400, "Unknown payment method", open ? form(session) : closed(session));
  // A second submission (a double click, the back button) finds the session closed: show it as it now is.
  if (session.status !== "open") return send(response, 303, "", { Location: `/pay/${id}` });
  const country = fields.get("country") ?? undefined;
  if (asksAddress(session) && !countries.includes(country ?? "")) return answer(400, "Choose a country", form(session));
  await ledger.complete(id, how, fields.get("email") || undefined, asksAddress(session) ? country : undefined);
  send(response, 303, "", { Location: (session.success_url ?? "").replaceAll("{CHECKOUT_SESSION_ID}", id) });
}
