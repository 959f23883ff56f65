// Webhook deliveries end to end on a real database, to real receivers on loopback, each delivery
// verified with the standardwebhooks package as a merchant's system would: signed, once per
// endpoint and event however many jobs name it, retried on failure until the schedule ends, the
// endpoint then switched off (owners told, audited), the customer's number masked unless chosen,
// both secrets signing during a rotation, and a delivery cut short by a crash sent after restart.
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { auditEvents, events, user, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { dispatchEvents } from "@/lib/events/dispatch";
import { emitChargeOutcome } from "@/lib/events/emit";
import { attemptDelivery, type DeliverDeps, resendDelivery } from "@/lib/webhooks/deliver";
import { createEndpoint, rotateSecret } from "@/lib/webhooks/endpoints";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";
import { addCharge } from "../support/rows";
import { startServer, type TestServer } from "../support/http-server";
import { countOf } from "../support/metrics";

const OWNER: Member = { id: "owner-a", email: "abena@example.test", name: "Abena", role: "owner" };
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function receiver(status = 200) {
  const s = await startServer((_req, res) => void res.writeHead(status).end(status === 200 ? "thanks" : "broken"));
  servers.push(s);
  return s;
}
const headersOf = (h: Record<string, unknown>) => ({
  "webhook-id": String(h["webhook-id"]),
  "webhook-timestamp": String(h["webhook-timestamp"]),
  "webhook-signature": String(h["webhook-signature"]),
});

describe.each(backends)("webhook deliveries on $name", (backend) => {
  const db = useLedger(backend);
  beforeEach(async () => {
    await db().insert(user).values({ id: OWNER.id, name: "Abena", email: OWNER.email, role: "owner" });
  });
  const deps = (over: Partial<DeliverDeps> = {}): DeliverDeps => ({ db: db(), mode: "test", retries: 2, baseSeconds: 0.01, ...over });

  async function succeeded(n: number) {
    const c = await addCharge(db(), { status: "success", amountMinor: 50_00, description: "Rent for flat 4", reference: `TXN-MOMO-${n}` });
    await emitChargeOutcome(db(), c, "submitting");
    return c;
  }
  const endpoint = async (url: string) =>
    createEndpoint(askerOf(db(), OWNER), { url, description: "shop", eventTypes: ["charge.succeeded"] }, { mode: "test" });

  test("a delivery the receiver verifies: the Standard Webhooks headers, the payload, the number masked", async () => {
    const r = await receiver();
    const { secret } = await endpoint(`${r.url}/hooks`);
    const c = await succeeded(1);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    expect(await attemptDelivery(deps(), id)).toBeNull();
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    const payload = new Webhook(secret).verify(got.body, headersOf(got.headers)) as { type: string; data: Record<string, unknown> };
    const [event] = await db().select().from(events).where(eq(events.subjectId, c.id));
    expect(got.headers["webhook-id"]).toBe(event.id);
    expect(payload.type).toBe("charge.succeeded");
    expect(payload.data).toMatchObject({
      id: c.id,
      status: "success",
      amount: "50.00",
      amount_minor: 5000,
      currency: "GHS",
      reference: "TXN-MOMO-1",
      network: "mtn",
      phone_number: "024 ••• ••67",
    });
    expect(got.body).not.toMatch(/1234567|Rent for flat/);
    // Tampered, or signed with another secret: the receiver's check refuses it.
    expect(() => new Webhook(secret).verify(got.body.replace("50.00", "5.00"), headersOf(got.headers))).toThrow();
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(delivery.state).toBe("delivered");
    const log = await db().select().from(webhookAttempts);
    expect(log.map((a) => [a.ok, a.statusCode, a.responseBody, a.manual])).toEqual([[true, 200, "thanks", false]]);
  });

  test("ten jobs naming one delivery at once: the receiver gets it once", async () => {
    const r = await receiver();
    await endpoint(r.url);
    await succeeded(2);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await Promise.all(Array.from({ length: 10 }, () => attemptDelivery(deps(), id)));
    expect(r.received).toHaveLength(1);
  });

  test("a failing receiver: retried with growing waits, then the endpoint is switched off, audited, owners told", async () => {
    const r = await receiver(500);
    const { endpoint: e } = await endpoint(r.url);
    await succeeded(3);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    const counted = async () => [
      await countOf("momo_webhook_deliveries_total", { outcome: "retry" }),
      await countOf("momo_webhook_deliveries_total", { outcome: "failed" }),
    ];
    const before = await counted();
    // The first failure: the next attempt in base × 2^0 (±10 %); before then it is not sent again.
    const waits: (number | null)[] = [await attemptDelivery(deps({ baseSeconds: 30 }), id)];
    expect(await attemptDelivery(deps(), id)).toBeNull();
    expect(r.received).toHaveLength(1);
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, id));
    for (let i = 0; i < 2; i++) {
      waits.push(await attemptDelivery(deps(), id));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(r.received).toHaveLength(3); // the first attempt and 2 retries
    expect(waits[0]).toBeGreaterThanOrEqual(27);
    expect(waits[0]).toBeLessThanOrEqual(33);
    expect(waits[1]).toBeGreaterThanOrEqual(0.018); // base 0.01 × 2^1
    expect(waits[1]).toBeLessThanOrEqual(0.022);
    expect(waits[2]).toBeNull();
    // Two attempts to be tried again, then the last of the schedule failed (momo_webhook_deliveries_total).
    expect((await counted()).map((n, i) => n - before[i])).toEqual([2, 1]);
    const [after] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, e.id));
    expect([after.disabledReason, !!after.disabledAt]).toEqual(["failing", true]);
    expect((await db().select().from(webhookDeliveries))[0].state).toBe("failed");
    expect((await db().select().from(events).where(eq(events.type, "webhook_endpoint.disabled"))).map((x) => x.subjectId)).toEqual([e.id]);
    expect((await db().select().from(auditEvents).where(eq(auditEvents.action, "webhook_endpoint_disabled"))).length).toBe(1);
    // Switched off: new events do not reach it; the receiver fixed, an owner's Resend delivers the failed one.
    await succeeded(4);
    expect((await dispatchEvents(db(), { emailOn: false })).deliveryIds).toEqual([]);
    r.handle((_req, res) => void res.writeHead(204).end());
    const resent = await resendDelivery(askerOf(db(), OWNER), { endpointId: e.id, deliveryId: id }, { mode: "test" });
    expect([resent.ok, resent.statusCode]).toEqual([true, 204]);
    expect((await db().select().from(webhookDeliveries))[0].state).toBe("delivered");
  });

  test("an endpoint that answered once since the delivery was made is not switched off by its failure", async () => {
    const r = await receiver(500);
    const { endpoint: e } = await endpoint(r.url);
    await succeeded(5);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await attemptDelivery(deps({ retries: 0 }), id);
    expect((await db().select().from(webhookEndpoints))[0].disabledAt).not.toBeNull();
    // The same again, with an answered delivery in between: it stays on.
    await db().update(webhookEndpoints).set({ disabledAt: null, disabledReason: null }).where(eq(webhookEndpoints.id, e.id));
    await succeeded(6);
    await succeeded(7);
    const [first, second] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    r.handle((_req, res) => void res.writeHead(200).end());
    await attemptDelivery(deps(), first);
    r.handle((_req, res) => void res.writeHead(503).end());
    await attemptDelivery(deps({ retries: 0 }), second);
    expect((await db().select().from(webhookEndpoints))[0].disabledAt).toBeNull();
  });

  test("rotation: during the overlap each delivery verifies with the new secret and with the old one alone", async () => {
    const r = await receiver();
    const { endpoint: e, secret: old } = await endpoint(r.url);
    const { secret: fresh } = await rotateSecret(askerOf(db(), OWNER), e.id);
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(fresh).not.toBe(old);
    await succeeded(8);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await attemptDelivery(deps(), id);
    const [got] = r.received;
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(new Webhook(fresh).verify(got.body, headersOf(got.headers))).toBeTruthy();
    expect(new Webhook(old).verify(got.body, headersOf(got.headers))).toBeTruthy();
    // After the overlap, only the new one signs.
    await db()
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, e.id));
    await succeeded(9);
    const [next] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await attemptDelivery(deps(), next);
    const later = r.received[1];
    expect(String(later.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(old).verify(later.body, headersOf(later.headers))).toThrow();
  });

  test("the whole number only for an endpoint whose owner chose it", async () => {
    const r = await receiver();
    const { endpoint: e } = await endpoint(r.url);
    await db().update(webhookEndpoints).set({ includePhoneNumber: true }).where(eq(webhookEndpoints.id, e.id));
    await succeeded(10);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await attemptDelivery(deps(), id);
    expect(JSON.parse(r.received[0].body).data.phone_number).toBe("0241234567");
  });

  test("a LIVE key: a delivery to a loopback receiver is refused and logged, never sent", async () => {
    const r = await receiver();
    const { endpoint: e } = await endpoint(r.url);
    await succeeded(11);
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    expect(await attemptDelivery(deps({ mode: "live" }), id)).not.toBeNull();
    expect(r.received).toHaveLength(0);
    const [a] = await db().select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, e.id));
    expect([a.ok, a.statusCode]).toEqual([false, null]);
    expect(a.error).toMatch(/http|private/i);
  });
});
