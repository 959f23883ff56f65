// The delivery jobs on a real pg-boss and database, to a real receiver: the dispatcher's rounds
// turn an event into a job that is sent; a claim left by a process killed mid-send holds its
// delivery (no other instance sends it meanwhile) until it lapses, and the sweep then queues it
// again; at the start on PGlite, whose folder was the dead process's alone, it is let go at once.
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import { user, webhookDeliveries } from "@/lib/db/schema";
import { requeueDue, startDelivery, stopDelivery } from "@/lib/events/delivery";
import { dispatchEvents } from "@/lib/events/dispatch";
import { emitChargeOutcome } from "@/lib/events/emit";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { askerOf } from "../support/asker";
import { backends, useOpenedLedger } from "../support/db";
import { addCharge } from "../support/rows";
import { startServer, type TestServer } from "../support/http-server";

const OWNER: Member = { id: "owner-a", email: "abena@example.test", name: "Abena", role: "owner" };
let receiver: TestServer | undefined;
afterEach(async () => {
  await stopDelivery();
  await stopBatchQueue();
  await receiver?.close();
});

describe.each(backends)("delivery jobs on $name", (backend) => {
  const opened = useOpenedLedger(backend, { fresh: true });
  const db = () => opened().db;

  async function succeeded(n: number) {
    const c = await addCharge(db(), { idempotencyKey: `k-${n}`, status: "success" });
    await emitChargeOutcome(db(), c, "submitting");
  }
  const until = async (ok: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await ok()).toBe(true);
  };
  /** Deliveries recorded as delivered: written once the attempt ends, just after the receiver answered. */
  const delivered = async () =>
    (await db().select({ state: webhookDeliveries.state }).from(webhookDeliveries)).filter((x) => x.state === "delivered").length;

  test("an event is sent by the jobs; a killed process's claim holds until it lapses, or is let go at PGlite's start", async () => {
    receiver = await startServer((_req, res) => void res.writeHead(204).end());
    const r = receiver;
    await db().insert(user).values({ id: OWNER.id, name: "Abena", email: OWNER.email, role: "owner" });
    await createEndpoint(askerOf(db(), OWNER), { url: r.url, description: "", eventTypes: ["charge.succeeded"] }, { mode: "test" });
    const boss = await startBatchQueue(
      opened(),
      () => {
        throw new Error("no batch here");
      },
      () => {},
    );
    const deps = { db: db(), mode: "test" as const, retries: 2, baseSeconds: 0.01 };
    await startDelivery(boss, db(), () => ({ webhook: (id) => attemptDelivery(deps, id), email: async () => {} }), {
      emailOn: () => false,
      log: () => {},
      dispatchMs: 100,
    });
    await succeeded(1);
    await until(async () => r.received.length === 1 && (await delivered()) === 1);
    await stopDelivery(); // the dispatcher's rounds stop; the jobs' worker goes on

    // A delivery claimed by a process that was then killed (its claim 30 s ahead).
    await succeeded(2);
    const [held] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    const claim = (secondsAhead: number) =>
      db()
        .update(webhookDeliveries)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${secondsAhead})`,
          nextAttemptAt: sql`now() - interval '1 minute'`,
          attempts: 1,
        })
        .where(eq(webhookDeliveries.id, held));
    await claim(30);
    expect(await attemptDelivery(deps, held)).toBeNull();
    expect(await requeueDue(db(), boss, 30)).toBe(0);
    await new Promise((r2) => setTimeout(r2, 500));
    expect(r.received).toHaveLength(1);
    // The claim lapsed: the sweep queues it again, and the job sends it.
    await claim(-1);
    expect(await requeueDue(db(), boss, 30)).toBe(1);
    await until(async () => r.received.length === 2 && (await delivered()) === 2);
    // At the start on PGlite (lostAfterSeconds 0) a live-looking claim is let go at once.
    await succeeded(3);
    const [another] = (await dispatchEvents(db(), { emailOn: false })).deliveryIds;
    await db().update(webhookDeliveries).set({ lockedUntil: sql`now() + interval '30 seconds'` }).where(eq(webhookDeliveries.id, another));
    expect(await requeueDue(db(), boss, 0)).toBe(1);
    await until(async () => r.received.length === 3 && (await delivered()) === 3);
  }, 60_000);
});
