// The customer's way back to the shop, on each database: the receipt of a link made through the API
// with a return_url offers Back once the attempt has an outcome; Back is the shop's address with the
// link, the attempt and its status, signed (Standard Webhooks) with the key's signing secret — which
// the shop checks with the standardwebhooks package — and never the customer's number.
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, test } from "vitest";
import type { Asker } from "@/lib/access/types";
import { createApiKey } from "@/lib/api-keys/keys";
import { upstream } from "@/lib/momo/upstream";
import { payPage } from "@/lib/payment-requests/public";
import { shopReturn } from "@/lib/payment-requests/shop-return";
import { visitorOf } from "../support/asker";
import { type ApiClient, apiClient } from "../support/api-client";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";

const verify = (secret: string, url: URL, over: Record<string, string> = {}) => {
  const q = Object.fromEntries(url.searchParams);
  const v = { ...q, ...over };
  // As a shop checks it (docs/api.md): the three parameters as compact JSON, in this order.
  return new Webhook(secret).verify(JSON.stringify({ pay_link: v.pay_link, charge: v.charge, status: v.status }), {
    "webhook-id": v.charge,
    "webhook-timestamp": v.timestamp,
    "webhook-signature": v.signature,
  });
};

describe.each(backends)("back to the shop on $name", (backend) => {
  const app = useRouteHarness(backend);
  let api: ApiClient;
  let signingSecret: string;
  let n = 0;
  beforeAll(async () => {
    const ownerId = await app.addMember("owner@return.test", "owner", "return-url-password-01234");
    const asker = { db: app.db(), member: { id: ownerId, email: "owner@return.test", name: "Owner", role: "owner" } } as unknown as Asker;
    // Back is signed with the signing secret of the key that made the link.
    const made = await createApiKey(asker, { name: "Shop", scopes: ["pay_links:write"] });
    signingSecret = made.signingSecret;
    api = apiClient(app, made.secret);
  });
  /** A customer's page, which asks the upstream about an attempt that waits (the bundled sandbox, as in a server). */
  const visitor = () => visitorOf(app.db(), { upstream: () => upstream(app.db()) });
  const link = async (returnUrl?: string) => {
    const { data } = await api.POST("/pay_links", {
      params: { header: { "Idempotency-Key": `return-${backend.name}-${++n}` } },
      body: { amount_minor: 500, currency: "GHS", description: "Order 77", ...(returnUrl ? { return_url: returnUrl } : {}) },
    });
    if (!data) throw new Error("the link was not made");
    return { id: data.id, token: data.url.split("/pay/")[1] };
  };
  const pay = async (token: string, phone: string) => {
    const key = `attempt_${backend.name}_${++n}_0123456789`;
    const res = await app.client(`203.0.113.${n}`).fetch(`/api/pay/${token}`, {
      method: "POST",
      body: { phoneNumber: phone, provider: "mtn" },
      headers: { "content-type": "application/json", "idempotency-key": key },
    });
    expect(res.status).toBe(201);
    return key;
  };

  test("paid: Back goes to the shop's address with the link, the attempt and success, signed; the shop's own query kept", async () => {
    const l = await link("http://127.0.0.1:4999/paid?order=77");
    const key = await pay(l.token, "0240000001");
    const page = await payPage(visitor(), l.token, key);
    expect(page.page.state === "attempt" && page.page.back).toBe(`/pay/${l.token}/return?attempt=${key}`);
    const to = new URL((await shopReturn(app.db(), l.token, key)) as string);
    expect(`${to.origin}${to.pathname}`).toBe("http://127.0.0.1:4999/paid");
    expect(to.searchParams.get("order")).toBe("77");
    expect(to.searchParams.get("pay_link")).toBe(l.id);
    expect(to.searchParams.get("status")).toBe("success");
    expect(to.searchParams.get("charge")).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => verify(signingSecret, to)).not.toThrow();
    expect(to.toString()).not.toMatch(/0240000001|024•/);
    // A changed status, another attempt, another secret: the shop's check refuses each.
    expect(() => verify(signingSecret, to, { status: "failed" })).toThrow();
    expect(() => verify(signingSecret, to, { charge: "3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a" })).toThrow();
    expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString("base64")}`, to)).toThrow();
  });

  test("declined: Back says failed; waiting: no Back yet; a key that made no attempt, or a link with no return, has nowhere to go", async () => {
    const l = await link("http://127.0.0.1:4999/paid");
    const declined = await pay(l.token, "0240000004");
    expect(new URL((await shopReturn(app.db(), l.token, declined)) as string).searchParams.get("status")).toBe("failed");
    const other = await link("http://127.0.0.1:4999/paid");
    const waiting = await pay(other.token, "0240000002");
    expect(await shopReturn(app.db(), other.token, waiting)).toBeNull();
    const page = await payPage(visitor(), other.token, waiting);
    expect(page.page.state === "attempt" && page.page.back).toBeNull();
    expect(await shopReturn(app.db(), l.token, "no_attempt_with_this_key_0123")).toBeNull();
    expect(await shopReturn(app.db(), "x".repeat(24), declined)).toBeNull();
    const plain = await link();
    const paid = await pay(plain.token, "0240000001");
    expect(await shopReturn(app.db(), plain.token, paid)).toBeNull();
  });
});
