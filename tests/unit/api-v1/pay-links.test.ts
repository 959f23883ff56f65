// Pay links through /api/v1/, driven by the client generated from the OpenAPI document (each answer
// checked against it: ../support/api-client.ts), on each database: made with metadata and a
// return address, read, listed, cancelled; an Idempotency-Key makes one link however often and
// however concurrently it is sent; metadata and addresses over their limits are 422 naming the field.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { ApiCaller } from "@/lib/api-keys";
import type { Asker } from "@/lib/access/types";
import { createApiKey } from "@/lib/api-keys/keys";
import { createPayLink } from "@/lib/api-v1/pay-links";
import { payLinkCreateSchema } from "@/lib/api-v1/schemas";
import { apiKeys, auditEvents, paymentRequests } from "@/lib/db/schema";
import { inParallel } from "../../support/in-parallel";
import { type ApiClient, apiClient } from "../support/api-client";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";

const ORDER = {
  amount_minor: 12_500,
  currency: "GHS",
  description: "Order 1042",
  reference: "1042",
  metadata: { order_id: "1042" },
} as const;
let n = 0;
const idem = () => `idem-${Date.now()}-${++n}`;

describe.each(backends)("pay links through the API on $name", (backend) => {
  const app = useRouteHarness(backend);
  let api: ApiClient;
  let ownerId: string;
  let secret: string;
  const asker = () =>
    ({ db: app.db(), member: { id: ownerId, email: "owner@paylinks.test", name: "Owner", role: "owner" } }) as unknown as Asker;
  beforeAll(async () => {
    ownerId = await app.addMember("owner@paylinks.test", "owner", "pay-links-password-012345");
    secret = (
      await createApiKey(asker(), { name: "Web shop", scopes: ["pay_links:read", "pay_links:write", "charges:read", "events:read"] })
    ).secret;
    api = apiClient(app, secret);
  });
  const create = (body: Record<string, unknown>, key = idem()) =>
    api.POST("/pay_links", { params: { header: { "Idempotency-Key": key } }, body: body as never });

  test("a link with metadata and a return address: the customer's page, the shop's words and pairs given back", async () => {
    const { data, response } = await create({ ...ORDER, return_url: "http://127.0.0.1:4999/paid?order=1042" });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      object: "pay_link",
      status: "active",
      amount: "125.00",
      amount_minor: 12_500,
      currency: "GHS",
      reference: "1042",
      metadata: { order_id: "1042" },
      return_url: "http://127.0.0.1:4999/paid?order=1042",
      reusable: false,
      payments: { succeeded: 0, attempts: 0 },
    });
    expect(data?.url).toMatch(new RegExp(`^${app.origin()}/pay/[A-Za-z0-9_-]{24}$`));
    expect(response.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    const read = await api.GET("/pay_links/{id}", { params: { path: { id: data?.id as string } } });
    expect(read.data).toEqual(data);
    // The dashboard's own page of the link shows the metadata too.
    const { client } = await app.signIn("owner@paylinks.test", "pay-links-password-012345");
    const seen = await (await client.fetch(`/api/payment-requests/${data?.id}`)).json();
    expect(seen.request).toMatchObject({ metadata: { order_id: "1042" }, reference: "1042" });
    // Audited as the key's maker through the key: never the description, reference, metadata or address.
    const [entry] = await app
      .db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, data?.id as string));
    expect(entry).toMatchObject({ action: "payment_request_created", actorId: ownerId });
    expect(entry.detail).toMatchObject({ via: { name: "Web shop", prefix: secret.slice(0, 13) } });
    expect(JSON.stringify(entry)).not.toMatch(/Order 1042|order_id|127\.0\.0\.1/);
  });

  test("one Idempotency-Key: the first answer again for the same body, 422 for another, one link for ten at once", async () => {
    const key = idem();
    const first = await create(ORDER, key);
    const again = await create(ORDER, key);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data?.id).toBe(first.data?.id);
    const other = await create({ ...ORDER, amount_minor: 1 }, key);
    expect(other.response.status).toBe(422);
    expect(other.error?.error.code).toBe("idempotency_mismatch");
    expect(other.error?.error.fields).toHaveProperty(["Idempotency-Key"]);

    const racing = idem();
    const answers = await inParallel(10, 10, () => create({ ...ORDER, reference: racing.slice(0, 40) }, racing));
    expect(answers.map((a) => a.response.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
    const made = await app
      .db()
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.reference, racing.slice(0, 40)));
    expect(made).toHaveLength(1);
  });

  test("no Idempotency-Key is 400, and makes nothing", async () => {
    const before = (await app.db().select().from(paymentRequests)).length;
    for (const header of [{}, { "Idempotency-Key": "" }, { "Idempotency-Key": "has space" }, { "Idempotency-Key": "x".repeat(256) }]) {
      const res = await api.POST("/pay_links", { params: { header: header as never }, body: ORDER as never });
      expect(res.response.status, JSON.stringify(header)).toBe(400);
      expect(res.error?.error.code).toBe("idempotency_key_required");
    }
    expect((await app.db().select().from(paymentRequests)).length).toBe(before);
  });

  test("metadata, amounts and fields over their limits are 422 naming the field, and make nothing", async () => {
    const before = (await app.db().select().from(paymentRequests)).length;
    const pairs = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, "v"]));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ORDER, metadata: pairs(21) }, "metadata"],
      [{ ...ORDER, metadata: { ["k".repeat(41)]: "v" } }, `metadata.${"k".repeat(41)}`],
      [{ ...ORDER, metadata: { order_id: "v".repeat(501) } }, "metadata.order_id"],
      [{ ...ORDER, metadata: { order_id: 1042 } }, "metadata.order_id"],
      [{ ...ORDER, metadata: { order_id: "a\u0000b" } }, "metadata.order_id"],
      [{ ...ORDER, metadata: ["1042"] }, "metadata"],
      [{ ...ORDER, amount_minor: 12.5 }, "amount_minor"],
      [{ ...ORDER, amount_minor: 0 }, "amount_minor"],
      [{ ...ORDER, amount_minor: 100_000_001 }, "amount_minor"],
      [{ ...ORDER, min_amount_minor: 100, max_amount_minor: 200 }, "amount_minor"],
      [{ ...ORDER, amount_minor: undefined, min_amount_minor: 500, max_amount_minor: 200 }, "max_amount_minor"],
      [{ ...ORDER, amount_minor: undefined, min_amount_minor: 500 }, "max_amount_minor"],
      [{ ...ORDER, currency: "EUR" }, "currency"],
      [{ ...ORDER, description: "" }, "description"],
      [{ ...ORDER, description: "line\nbreak" }, "description"],
      [{ ...ORDER, max_payments: 3 }, "max_payments"],
      [{ ...ORDER, expires_in_days: 91 }, "expires_in_days"],
      [{ ...ORDER, customer_id: "not-a-uuid" }, "customer_id"],
      [{ ...ORDER, customer_id: "3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a" }, "customer_id"],
      [{ ...ORDER, returnUrl: "https://shop.example.com" }, "returnUrl"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.response.status, field).toBe(422);
      expect(res.error?.error.fields, field).toHaveProperty([field]);
    }
    expect((await app.db().select().from(paymentRequests)).length).toBe(before);
  });

  test("a TEST key's return address: https anywhere public, or this machine; a private network is refused", async () => {
    for (const url of [
      "http://10.0.0.7/paid",
      "https://192.168.1.4/paid",
      "https://169.254.169.254/latest",
      "ftp://shop.example.com/",
      "https://u:p@shop.example.com/",
      "not a url",
    ]) {
      const res = await create({ ...ORDER, return_url: url });
      expect(res.response.status, url).toBe(422);
      expect(res.error?.error.fields, url).toHaveProperty(["return_url"]);
    }
    expect((await create({ ...ORDER, return_url: "http://localhost:4999/paid" })).response.status).toBe(201);
  });

  test("a LIVE key's return address: public https only, judged by where the name resolves", async () => {
    const made0 = await createApiKey(asker(), { name: "Live shop", scopes: ["pay_links:write"] }, "live");
    const [row] = await app.db().select().from(apiKeys).where(eq(apiKeys.id, made0.key.id));
    const live: ApiCaller = { key: row, maker: null };
    const body = (return_url: string) => payLinkCreateSchema.parse({ ...ORDER, return_url });
    const resolvesTo = (address: string) => async () => [{ address, family: 4 }];
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => "made",
        (e: { fields?: Record<string, string> }) => Object.keys(e.fields ?? {}),
      );
    for (const url of ["http://127.0.0.1:4999/paid", "https://127.0.0.1/paid", "https://[::1]/paid"]) {
      expect(await refusal(createPayLink(app.db(), live, body(url), app.origin())), url).toEqual(["return_url"]);
    }
    expect(
      await refusal(createPayLink(app.db(), live, body("https://shop.example.com/paid"), app.origin(), resolvesTo("10.1.2.3"))),
    ).toEqual(["return_url"]);
    const made = await createPayLink(app.db(), live, body("https://shop.example.com/paid"), app.origin(), resolvesTo("93.184.215.14"));
    expect(made.return_url).toBe("https://shop.example.com/paid");
  });

  test("the list pages newest first by cursor, filters by reference; a cursor that is not one is 422", async () => {
    const ref = `list-${Date.now()}`.slice(0, 40);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ ...ORDER, reference: ref })).data?.id as string);
    const first = await api.GET("/pay_links", { params: { query: { reference: ref, limit: 2 } } });
    expect(first.data?.data.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    const second = await api.GET("/pay_links", {
      params: { query: { reference: ref, limit: 2, cursor: first.data?.next_cursor as string } },
    });
    expect(second.data?.data.map((l) => l.id)).toEqual([ids[0]]);
    expect(second.data?.next_cursor).toBeNull();
    const bad = await api.GET("/pay_links", { params: { query: { cursor: "nope" } } });
    expect(bad.response.status).toBe(422);
    expect(bad.error?.error.fields).toHaveProperty(["cursor"]);
    expect((await api.GET("/pay_links", { params: { query: { limit: 101 } } })).response.status).toBe(422);
    expect((await api.GET("/pay_links", { params: { query: { other: "x" } as never } })).error?.error.fields).toHaveProperty(["other"]);
  });

  test("cancel: the link takes no more payments; a replay answers it again, a new request is 409; an unknown link 404", async () => {
    const { data } = await create(ORDER);
    const id = data?.id as string;
    const key = idem();
    const cancelled = await api.POST("/pay_links/{id}/cancel", { params: { path: { id }, header: { "Idempotency-Key": key } } });
    expect(cancelled.data?.status).toBe("cancelled");
    const replay = await api.POST("/pay_links/{id}/cancel", { params: { path: { id }, header: { "Idempotency-Key": key } } });
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    const again = await api.POST("/pay_links/{id}/cancel", { params: { path: { id }, header: { "Idempotency-Key": idem() } } });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe("request_state");
    for (const missing of ["3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a", "not-an-id"]) {
      expect((await api.GET("/pay_links/{id}", { params: { path: { id: missing } } })).response.status).toBe(404);
    }
    const [{ state }] = await app.db().select({ state: paymentRequests.state }).from(paymentRequests).where(eq(paymentRequests.id, id));
    expect(state).toBe("cancelled");
    const [audited] = await app
      .db()
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.targetId} = ${id} and action = 'payment_request_cancelled'`);
    expect(audited.detail).toMatchObject({ via: { name: "Web shop" } });
  });
});
