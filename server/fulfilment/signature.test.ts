import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSnippet, type VerifySignature } from "../../tests/support/fake-provisioning.ts";
import { signFulfilment } from "./signature.ts";

const secret = "a-shared-secret-of-at-least-32-characters";
const body = JSON.stringify({ id: "NS-7F3K-9QXD", type: "order.paid" });
const now = 1_780_000_000;

let verify: VerifySignature;
beforeAll(async () => {
  verify = await loadSnippet();
});

describe("the fulfilment signature", () => {
  it("is Stripe's form: t, then the hex HMAC-SHA256 of `t.body`", () => {
    const expected = createHmac("sha256", secret).update(`${now}.${body}`).digest("hex");
    expect(signFulfilment(secret, body, now + 0.7)).toBe(`t=${now},v1=${expected}`);
  });

  it("verifies with the operator's snippet, also among other signatures during a secret change", () => {
    const header = signFulfilment(secret, body, now);
    expect(verify(header, body, secret, 300, now + 299)).toBe(true);
    const old = signFulfilment("the-previous-secret-also-32-characters-long", body, now).split(",")[1];
    expect(verify(`${header.split(",")[0]},${old},${header.split(",")[1]}`, body, secret, 300, now)).toBe(true);
  });

  it("rejects a wrong secret, a changed body, a stale or future timestamp", () => {
    const header = signFulfilment(secret, body, now);
    expect(verify(header, body, "another-secret-of-at-least-32-characters", 300, now)).toBe(false);
    expect(verify(header, body.replace("NS-7F3K", "NS-0000"), secret, 300, now)).toBe(false);
    expect(verify(header, `${body} `, secret, 300, now)).toBe(false);
    expect(verify(header, body, secret, 300, now + 301)).toBe(false);
    expect(verify(header, body, secret, 300, now - 301)).toBe(false);
    // A replayed signature with a fresh timestamp put in front does not match: the timestamp is signed.
    const [, v1] = header.split(",");
    expect(verify(`t=${now + 600},${v1}`, body, secret, 300, now + 600)).toBe(false);
  });

  it("rejects malformed headers", () => {
    const header = signFulfilment(secret, body, now);
    const v1 = header.split(",")[1]!;
    for (const malformed of [
      undefined,
      "",
      "garbage",
      `t=${now}`,
      v1,
      `t=${now},v1=`,
      `t=${now},v1=${"0".repeat(63)}`,
      `t=${now},v1=${v1.slice(3).toUpperCase()}`,
      `t=abc,${v1}`,
      `t=${now},t=${now},${v1}`,
      `t=${now},${v1}=x`,
      ["t=1", v1],
    ]) {
      expect(verify(malformed, body, secret, 300, now)).toBe(false);
    }
    expect(verify(header, body, "", 300, now)).toBe(false);
  });
});
