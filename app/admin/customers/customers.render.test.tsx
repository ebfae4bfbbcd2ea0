/** The customers list drawn on the server, as an operator's browser first receives it. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CustomerRow } from "../../../server/db/admin-customers.ts";
import { adminMessages } from "../messages.server";
import { AdminTextContext, adminText } from "../text";
import { CustomerCounts } from "./CustomerCounts";
import { CustomersTable } from "./CustomersTable";

const row: CustomerRow = {
  id: 7,
  reference: "NS-7F3K-9QXD",
  email: "lucia@example.com",
  first_name: "Lucía",
  last_name: "<b>García</b>",
  plan_key: "premium",
  viewers: 3,
  status: "active",
  access_ends_at: "2026-05-04T12:00:00.000Z",
  state: "ending",
  renewal: null,
};

function render(language: "en" | "es" | "fr", customers: CustomerRow[]): string {
  const page = () => (
    <AdminTextContext value={adminText(adminMessages[language], language)}>
      <CustomerCounts counts={{ active: 1200, ending: 3, expired: 0 }} />
      <CustomersTable filter="ending" customers={customers} />
    </AdminTextContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], { hydrationData: { loaderData: { page: null } } });
  return renderToString(<RouterProvider router={router} />);
}

describe("the customers list", () => {
  it("names each column and says the state in words, with a link to the order", () => {
    const html = render("en", [row]);
    expect(html).toContain("<caption");
    expect(html).toContain("Customers whose access ends within 7 days, soonest end first");
    expect(html).toMatch(/<th scope="row"[^>]*>Lucía &lt;b&gt;García&lt;\/b&gt;<\/th>/);
    expect(html).toContain("Platinum, 3 viewers");
    expect(html).toContain("Ending soon");
    expect(html).toContain('href="/admin/orders/NS-7F3K-9QXD"');
    expect(html).toContain('dateTime="2026-05-04T12:00:00.000Z"');
    expect(html).toContain("1,200");
  });

  it("speaks the operator's language, and says when there is no one", () => {
    expect(render("es", [row])).toContain("Termina pronto");
    expect(render("fr", [row])).toContain("Platinum, 3 spectateurs");
    expect(render("fr", [])).toContain("Aucun accès ne se termine dans les 7 prochains jours.");
  });
});
