// Receivers that answer what PostgreSQL cannot store as it is: a NUL byte, invalid UTF-8, a
// surrogate encoded in bytes, binary, nothing at all, a Content-Type that lies. Each attempt is
// logged once with its status, and the delivery moves on (delivered, or its next retry): never
// stuck `pending` with an empty log, never sent again because the log's write failed.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { user, webhookAttempts, webhookDeliveries } from "@/lib/db/schema";
import { dispatchEvents } from "@/lib/events/dispatch";
import { emitChargeOutcome } from "@/lib/events/emit";
import { ANSWER_NOT_STORED, attemptDelivery, type DeliverDeps } from "@/lib/webhooks/deliver";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";
import { addCharge } from "../support/rows";
import { startServer, type TestServer } from "../support/http-server";

const OWNER: Member = { id: "owner-a", email: "abena@example.test", name: "Abena", role: "owner" };

/** Each answer: its bytes, its Content-Type, and the text the log must show. */
const ANSWERS: { name: string; body: Buffer; type: string; shown: string }[] = [
  { name: "a NUL byte", body: Buffer.from("ok\u0000done"), type: "text/plain", shown: "ok\ufffddone" },
  { name: "only NULs", body: Buffer.alloc(16), type: "application/json", shown: "\ufffd".repeat(16) },
  {
    name: "invalid UTF-8",
    body: Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0xc3]),
    type: "text/plain; charset=utf-8",
    shown: "ok\ufffd\ufffd\ufffd",
  },
  {
    name: "a surrogate in bytes (CESU-8)",
    body: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]),
    type: "text/plain",
    shown: "a\ufffd\ufffd\ufffdb",
  },
  { name: "a JSON-escaped lone surrogate", body: Buffer.from('{"a":"\\ud800"}'), type: "application/json", shown: '{"a":"\\ud800"}' },
  { name: "no body", body: Buffer.alloc(0), type: "text/plain", shown: "" },
  {
    name: "binary (a PNG's first bytes)",
    body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    type: "image/png",
    shown: "\ufffdPNG\r\n\u001a\n\ufffd\ufffd",
  },
  {
    name: "UTF-16 claimed, NUL-laden bytes",
    body: Buffer.from("ok", "utf16le"),
    type: "text/plain; charset=utf-16le",
    shown: "o\ufffdk\ufffd",
  },
];

describe.each(backends)("receivers' answers that cannot be stored as sent, on $name", (backend) => {
  const db = useLedger(backend);
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  beforeEach(async () => {
    await db().insert(user).values({ id: OWNER.id, name: "Abena", email: OWNER.email, role: "owner" });
  });
  const deps = (over: Partial<DeliverDeps> = {}): DeliverDeps => ({ db: db(), mode: "test", retries: 2, baseSeconds: 30, ...over });

  /** An endpoint at a receiver answering `status` with `body`, and one delivery due to it. */
  async function deliveryTo(status: number, body: Buffer, type: string, n: number) {
    const s = await startServer((_req, res) => void res.writeHead(status, { "content-type": type }).end(body));
    servers.push(s);
    await createEndpoint(
      askerOf(db(), OWNER),
      { url: `${s.url}/hook-${n}`, description: "shop", eventTypes: ["charge.succeeded"] },
      { mode: "test" },
    );
    const c = await addCharge(db(), { status: "success", amountMinor: 5_00, description: "d", reference: `R-${n}` });
    await emitChargeOutcome(db(), c, "submitting");
    const [id] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    return { s, id };
  }

  test.each(ANSWERS)("200 with $name: logged once, delivered, not sent again", async ({ body, type, shown }) => {
    const { s, id } = await deliveryTo(200, body, type, 1);
    expect(await attemptDelivery(deps(), id)).toBeNull();
    expect(await attemptDelivery(deps(), id)).toBeNull();
    expect(s.received).toHaveLength(1);
    const log = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id));
    expect(log.map((a) => [a.ok, a.statusCode, a.responseBody])).toEqual([[true, 200, shown]]);
    const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(d.state).toBe("delivered");
  });

  test.each(ANSWERS)("500 with $name: logged once, the next retry scheduled, not sent before it", async ({ body, type, shown }) => {
    const { s, id } = await deliveryTo(500, body, type, 2);
    const wait = await attemptDelivery(deps(), id);
    expect(wait).toBeGreaterThanOrEqual(27);
    expect(await attemptDelivery(deps(), id)).toBeNull(); // not due yet
    expect(s.received).toHaveLength(1);
    const log = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id));
    expect(log.map((a) => [a.ok, a.statusCode, a.responseBody])).toEqual([[false, 500, shown]]);
    const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(d.state).toBe("pending");
    expect(d.lockedUntil).toBeNull();
    expect(d.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  test("an answer the log's write refuses all the same: the attempt is logged without it, and the delivery moves on", async () => {
    const { s, id } = await deliveryTo(200, Buffer.from("thanks"), "text/plain", 3);
    // A sender that hands back text no storable() has seen: the first write fails in SQL.
    const send: DeliverDeps["send"] = async () => ({ ok: true, statusCode: 200, body: "bad\u0000answer", error: null, durationMs: 5 });
    expect(await attemptDelivery(deps({ send }), id)).toBeNull();
    expect(await attemptDelivery(deps(), id)).toBeNull();
    expect(s.received).toHaveLength(0); // the stand-in sender was the only one
    const log = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id));
    expect(log.map((a) => [a.ok, a.statusCode, a.responseBody, a.error])).toEqual([[true, 200, null, ANSWER_NOT_STORED]]);
    const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(d.state).toBe("delivered");
  });
});
