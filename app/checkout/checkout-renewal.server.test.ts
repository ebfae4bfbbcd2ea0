/**
 * The checkout's action and a renewal: the signed Renew token sent back with the form makes the order a
 * renewal of the access (checked again here, never an id from the form); an access revoked since the page
 * opened is refused in words, and nothing is charged.
 */
import { randomUUID } from "node:crypto";

process.env.ACCESS_ENCRYPTION_KEY ??= "7e57".repeat(16);

const { afterAll, beforeAll, describe, expect, it } = await import("vitest");
const { findAccessById } = await import("../../server/db/accesses.ts");
const { createOrderTestBed } = await import("../../tests/support/orders");
const { revokeOrderAccess } = await import("../access/revoke.server");
const { renewalToken } = await import("../renewals/links.server");
const { checkoutAction } = await import("./checkout-action.server");

type Bed = Awaited<ReturnType<typeof createOrderTestBed>>;

const form = (email: string, renew: string) =>
  new URLSearchParams({
    idempotencyKey: randomUUID(),
    plan: "standard",
    viewers: "1",
    firstName: "Ana",
    lastName: "García",
    email,
    phone: "+34 612 345 678",
    cardNumber: "4242 4242 4242 4242",
    expiryDate: "12/30",
    cvv: "123",
    country: "ES",
    city: "Valencia",
    postalCode: "46001",
    address: "Calle Mayor 1",
    renew,
  });

describe("the checkout's action with a Renew token", () => {
  let bed: Bed;
  beforeAll(async () => {
    bed = await createOrderTestBed("sqlite");
  });
  afterAll(() => bed.handle.cleanup());

  const post = (body: URLSearchParams) =>
    checkoutAction(
      new Request("http://shop.test/checkout", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      async () => bed.services,
    );
  const renewalsOf = (accessId: number) =>
    bed.handle.db.selectFrom("orders").selectAll().where("renews_access_id", "=", accessId).execute();

  it("places a renewal of the token's access, and refuses one revoked since, charging nothing", async () => {
    const first = await bed.deliveredOrder({ plan_key: "standard" });
    const token = renewalToken(first.id);
    const paid = (await post(form(first.email, token))) as { data: { state: string } };
    expect(paid.data.state).toBe("paid");
    const [renewal] = await renewalsOf(first.access_id!);
    expect(renewal).toMatchObject({ status: "paid", access_id: first.access_id });
    expect((await findAccessById(bed.handle.db, first.access_id!))?.ends_at).toBe(renewal?.access_ends_at);

    await revokeOrderAccess(bed.handle.db, first, "dispute");
    const refused = (await post(form(first.email, token))) as { data: { state: string; renewToken?: string }; init: { status: number } };
    expect(refused.data.state).toBe("renewalRefused");
    expect(refused.init.status).toBe(409);
    expect(refused.data.renewToken).toBeUndefined();
    expect(await renewalsOf(first.access_id!)).toHaveLength(1);
  });

  it("refuses a token that is not ours", async () => {
    const first = await bed.deliveredOrder({});
    const refused = (await post(form(first.email, `${renewalToken(first.id)}x`))) as { data: { state: string } };
    expect(refused.data.state).toBe("renewalRefused");
  });
});
