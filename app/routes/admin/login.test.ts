import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Services, servicesContext } from "../../services.server";
import { action } from "./login";

/** Services whose database fails every query, as a saturated pool does ("timeout exceeded when trying to connect"). */
function servicesWithoutDatabase(): RouterContextProvider {
  const db = new Proxy(
    {},
    {
      get() {
        throw new Error("timeout exceeded when trying to connect");
      },
    },
  );
  const context = new RouterContextProvider();
  context.set(servicesContext, async () => ({ db }) as unknown as Services);
  return context;
}

const post = (fields: Record<string, string>) =>
  new Request("http://shop.test/admin/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-client-address": "198.51.100.7" },
    body: new URLSearchParams(fields),
  });

describe("the console's sign-in when the database cannot answer", () => {
  it("says so with a 503 and keeps the address typed, instead of failing", async () => {
    const request = post({ email: "owner@shop.example", password: "a password", next: "/admin/orders" });
    const answer = await action({ request, context: servicesWithoutDatabase(), params: {} } as unknown as Parameters<typeof action>[0]);
    expect(answer).toMatchObject({ init: { status: 503 }, data: { problem: "unavailable", email: "owner@shop.example" } });
  });
});
