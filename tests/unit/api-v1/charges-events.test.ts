// Charges and events through /api/v1/, by the generated client, on each database: a customer pays a
// link the shop made; the shop reads the attempt with its link's metadata and its number masked,
// filters and pages the charges, and lists the events with the ids and payloads its webhooks carry.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Asker } from "@/lib/access/types";
import { createApiKey } from "@/lib/api-keys/keys";
import { events } from "@/lib/db/schema";
import { payloadOf } from "@/lib/webhooks/payload";
import { type ApiClient, apiClient } from "../support/api-client";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";
import { addCharge } from "../support/rows";

const PHONE = "0240000001"; // the sandbox approves it at once

describe.each(backends)("charges and events through the API on $name", (backend) => {
  const app = useRouteHarness(backend);
  let api: ApiClient;
  let ownerId: string;
  let link: { id: string; url: string };
  let attemptId: string;
  const customer = (): Client => app.client("203.0.113.9");

  beforeAll(async () => {
    ownerId = await app.addMember("owner@charges-api.test", "owner", "charges-api-password-0123");
    const asker = {
      db: app.db(),
      member: { id: ownerId, email: "owner@charges-api.test", name: "Owner", role: "owner" },
    } as unknown as Asker;
    const { secret } = await createApiKey(asker, { name: "Shop", scopes: ["pay_links:write", "charges:read", "events:read"] });
    api = apiClient(app, secret);
    const made = await api.POST("/pay_links", {
      params: { header: { "Idempotency-Key": `order-1042-${backend.name}` } },
      body: { amount_minor: 1_250, currency: "GHS", description: "Order 1042", metadata: { order_id: "1042", channel: "web" } },
    });
    link = made.data as { id: string; url: string };
    const token = link.url.split("/pay/")[1];
    const paid = await customer().fetch(`/api/pay/${token}`, {
      method: "POST",
      body: { phoneNumber: PHONE, provider: "mtn" },
      headers: { "content-type": "application/json", "idempotency-key": `customer_attempt_${backend.name}_0123456789` },
    });
    expect(paid.status).toBe(201);
    const list = await api.GET("/charges", { params: { query: { pay_link: link.id } } });
    attemptId = list.data?.data[0].id as string;
  });

  test("the attempt comes back with its link's metadata, its number masked", async () => {
    const { data } = await api.GET("/charges/{id}", { params: { path: { id: attemptId } } });
    expect(data).toMatchObject({
      object: "charge",
      status: "success",
      amount: "12.50",
      amount_minor: 1_250,
      source: "pay_link",
      pay_link_id: link.id,
      payment_request_id: link.id,
      metadata: { order_id: "1042", channel: "web" },
      phone_number: "024 ••• ••01",
    });
    expect(JSON.stringify(data)).not.toContain(PHONE);
    expect((await api.GET("/charges/{id}", { params: { path: { id: "3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a" } } })).response.status).toBe(
      404,
    );
  });

  test("charges filter by status, pay link, reference and time, and page by cursor", async () => {
    const base = Date.parse("2026-01-10T12:00:00Z");
    const made = [];
    for (const [i, status] of (["failed", "unknown", "failed"] as const).entries()) {
      made.push(await addCharge(app.db(), { status, reference: `TXN-API-${backend.name}-${i}`, createdAt: new Date(base + i * 60_000) }));
    }
    const window = { created_gte: "2026-01-10T12:00:00Z", created_lt: "2026-01-10T12:03:00Z" };
    const failed = await api.GET("/charges", { params: { query: { ...window, status: "failed" } } });
    expect(failed.data?.data.map((c) => c.id)).toEqual([made[2].id, made[0].id]);
    const page1 = await api.GET("/charges", { params: { query: { ...window, limit: 2 } } });
    expect(page1.data?.data.map((c) => c.id)).toEqual([made[2].id, made[1].id]);
    const page2 = await api.GET("/charges", { params: { query: { ...window, limit: 2, cursor: page1.data?.next_cursor as string } } });
    expect(page2.data?.data.map((c) => c.id)).toEqual([made[0].id]);
    const byRef = await api.GET("/charges", { params: { query: { reference: `TXN-API-${backend.name}-1` } } });
    expect(byRef.data?.data.map((c) => c.id)).toEqual([made[1].id]);
    expect(byRef.data?.data[0]).toMatchObject({ source: "dashboard", pay_link_id: null, metadata: null });
    for (const query of [{ status: "done" }, { created_gte: "yesterday" }, { pay_link: "x" }, { limit: 0 }]) {
      const bad = await api.GET("/charges", { params: { query: query as never } });
      expect(bad.response.status, JSON.stringify(query)).toBe(422);
      expect(bad.error?.error.fields, JSON.stringify(query)).toHaveProperty([Object.keys(query)[0]]);
    }
  });

  test("events are the webhooks' own: the same ids and payloads, newest first, by type", async () => {
    const { data } = await api.GET("/events", { params: { query: { limit: 100 } } });
    const listed = data?.data ?? [];
    const paid = listed.find((e) => e.type === "payment_request.paid" && e.data.id === link.id);
    const succeeded = listed.find((e) => e.type === "charge.succeeded" && e.data.id === attemptId);
    expect(paid?.data).toMatchObject({ pay_link_id: link.id, charge_id: attemptId, metadata: { order_id: "1042", channel: "web" } });
    expect(succeeded?.data).toMatchObject({ metadata: { order_id: "1042", channel: "web" }, phone_number: "024 ••• ••01" });
    for (const e of [paid, succeeded]) {
      const [row] = await app
        .db()
        .select()
        .from(events)
        .where(eq(events.id, e?.id as string));
      // What a webhook delivery of this event carries (lib/webhooks/payload.ts), its webhook-id the event's id.
      expect({ type: e?.type, timestamp: e?.timestamp, data: e?.data }).toEqual(JSON.parse(await payloadOf(app.db(), row, false)));
    }
    const times = listed.map((e) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const onlyPaid = await api.GET("/events", { params: { query: { type: "payment_request.paid" } } });
    expect(onlyPaid.data?.data.every((e) => e.type === "payment_request.paid")).toBe(true);
    expect((await api.GET("/events", { params: { query: { type: "session.new_device" as never } } })).response.status).toBe(422);
  });
});
