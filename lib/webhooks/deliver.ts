// One attempt of one delivery. The delivery is claimed first (a lock of CLAIM_SECONDS, taken only
// when it is due and unclaimed), so however many jobs name it, one instance sends it at a time.
// The attempt is logged; a 2xx ends it, anything else schedules the next attempt, the waits
// doubling from WEBHOOK_RETRY_BASE_SECONDS (20 s → about a day over 12 retries). When the last
// attempt fails and nothing reached the endpoint since the delivery was made, the endpoint is
// switched off and the owners are told (webhook_endpoint.disabled, through the bell and email).
import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { emitEvent } from "@/lib/events";
import { env } from "@/lib/env";
import type { KeyMode } from "@/lib/market/key-mode";
import { upstreamMode } from "@/lib/momo/config";
import { log } from "@/lib/log";
import { count } from "@/lib/metrics/registry";
import { payloadOf } from "./payload";
import { type SendResult, sendWebhook, type WebhookMessage } from "./send";

export type DeliverDeps = {
  db: Db;
  mode: KeyMode;
  retries: number;
  baseSeconds: number;
  send?: (m: WebhookMessage, o: { mode: KeyMode }) => Promise<SendResult>;
};

/** The deps as configured: the key's mode, WEBHOOK_RETRIES and WEBHOOK_RETRY_BASE_SECONDS. */
export function configuredDeliverDeps(db: Db): DeliverDeps {
  const e = env();
  return { db, mode: upstreamMode(), retries: e.WEBHOOK_RETRIES, baseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS };
}

/** What an attempt's log says when its answer could not be written. */
export const ANSWER_NOT_STORED = "The endpoint's answer could not be stored.";

/** Longer than a send can take (10 s): a claim older than this was left by a stopped process. */
const CLAIM_SECONDS = 30;

type Claimed = {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: string | Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | Date | null;
  include_phone_number: boolean;
};

/** The wait before attempt `n + 1` after `n` failed: base × 2^(n−1), ±10 % so endpoints' retries spread. */
export function retryDelaySeconds(failedAttempts: number, baseSeconds: number, random = Math.random): number {
  return baseSeconds * 2 ** (failedAttempts - 1) * (0.9 + 0.2 * random());
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(
  e: { secret: string; previous_secret: string | null; previous_secret_until: string | Date | null },
  now = new Date(),
) {
  const previous = e.previous_secret && e.previous_secret_until && new Date(e.previous_secret_until) > now ? [e.previous_secret] : [];
  return [e.secret, ...previous];
}

async function send(
  deps: Pick<DeliverDeps, "db" | "mode" | "send">,
  c: Pick<Claimed, "event_id" | "url" | "include_phone_number">,
  secrets: string[],
) {
  const [event] = await deps.db.select().from(events).where(eq(events.id, c.event_id));
  const payload = await payloadOf(deps.db, event, c.include_phone_number);
  const message = { url: c.url, id: event.id, timestamp: new Date(), payload, secrets };
  return (deps.send ?? sendWebhook)(message, { mode: deps.mode });
}

const logged = (deliveryId: string, endpointId: string, r: SendResult, manual: boolean) => ({
  deliveryId,
  endpointId,
  durationMs: Math.round(r.durationMs),
  ok: r.ok,
  statusCode: r.statusCode,
  responseBody: r.body,
  error: r.error,
  manual,
});

/** One scheduled attempt; returns the seconds until the next one, or null when there is none. */
export async function attemptDelivery(deps: DeliverDeps, deliveryId: string): Promise<number | null> {
  const { db } = deps;
  const [c] = rowsOf<Claimed>(
    await db.execute(sql`
      update webhook_deliveries d
         set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = d.attempts + 1
        from webhook_endpoints e
       where d.id = ${deliveryId} and e.id = d.endpoint_id and e.disabled_at is null
         and d.state = 'pending' and d.next_attempt_at <= now()
         and (d.locked_until is null or d.locked_until < now())
      returning d.id, d.endpoint_id, d.event_id, d.attempts, d.created_at,
                e.url, e.secret, e.previous_secret, e.previous_secret_until, e.include_phone_number`),
  );
  if (!c) return null; // delivered, given up, not due, held by another instance, or its endpoint is off
  const result = await send(deps, c, signingSecrets(c));
  const last = c.attempts > deps.retries;
  const wait = result.ok || last ? null : retryDelaySeconds(c.attempts, deps.baseSeconds);
  // The attempt and what follows from it, in one transaction. The answer is already storable
  // (./send.ts); should the write fail all the same, the attempt is written without the answer,
  // so the log shows it once and the delivery moves on instead of being sent again.
  const write = (r: SendResult) =>
    db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values(logged(c.id, c.endpoint_id, r, false));
      await tx
        .update(webhookDeliveries)
        .set(
          result.ok
            ? { state: "delivered", deliveredAt: sql`now()`, lockedUntil: null }
            : last
              ? { state: "failed", lockedUntil: null }
              : { nextAttemptAt: sql`now() + make_interval(secs => ${wait})`, lockedUntil: null },
        )
        .where(eq(webhookDeliveries.id, c.id));
      if (!result.ok && last) await switchOffIfFailing(tx, c);
    });
  try {
    await write(result);
  } catch (error) {
    log("error", "webhook_attempt_write_failed", { deliveryId: c.id, error });
    await write({ ...result, body: null, error: result.error ?? ANSWER_NOT_STORED });
  }
  count("webhookDeliveries", { outcome: result.ok ? "delivered" : last ? "failed" : "retry" });
  return wait;
}

/** After a delivery's last attempt failed: off, unless something reached the endpoint since it was made. */
async function switchOffIfFailing(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], c: Claimed): Promise<void> {
  const [reached] = await tx
    .select({ id: webhookAttempts.id })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.endpointId, c.endpoint_id), eq(webhookAttempts.ok, true), gt(webhookAttempts.at, new Date(c.created_at))))
    .limit(1);
  if (reached) return;
  const off = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: sql`now()`, disabledReason: "failing", updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, c.endpoint_id), sql`${webhookEndpoints.disabledAt} is null`))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  if (!off.length) return;
  await audit(tx, {
    action: "webhook_endpoint_disabled",
    actor: null,
    targetId: c.endpoint_id,
    detail: { reason: "failing", attempts: c.attempts },
  });
  await emitEvent(tx, "webhook_endpoint.disabled", c.endpoint_id, { endpointId: c.endpoint_id, reason: "failing", attempts: c.attempts });
}

/** An owner's "Resend": one attempt now, outside the schedule, whatever the delivery's state. */
export async function resendDelivery(
  { db, member, caller }: Asker,
  ids: { endpointId: string; deliveryId: string },
  sending: { mode?: KeyMode } = {},
): Promise<SendResult> {
  const { endpointId, deliveryId } = ids;
  const [c] = rowsOf<Claimed>(
    await db.execute(sql`
      select d.id, d.endpoint_id, d.event_id, d.attempts, d.created_at,
             e.url, e.secret, e.previous_secret, e.previous_secret_until, e.include_phone_number
        from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where d.id = ${deliveryId} and d.endpoint_id = ${endpointId}`),
  );
  if (!c) throw new AppError("not_found", "No such delivery for this endpoint.");
  // The key's mode as configured, unless a test names one.
  const result = await send({ db, mode: sending.mode ?? upstreamMode() }, c, signingSecrets(c));
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values(logged(c.id, c.endpoint_id, result, true));
    await audit(tx, {
      action: "webhook_delivery_resent",
      actor: member,
      targetId: endpointId,
      ip: caller.ip,
      detail: { deliveryId, eventId: c.event_id, ok: result.ok, statusCode: result.statusCode },
    });
    if (result.ok) {
      await tx
        .update(webhookDeliveries)
        .set({ state: "delivered", deliveredAt: sql`now()` })
        .where(and(eq(webhookDeliveries.id, c.id), sql`${webhookDeliveries.state} <> 'delivered'`));
    }
  });
  return result;
}

/** How many deliveries are still to be sent (pending, due or not): the metrics' backlog, on the partial index of pending ones. */
export async function deliveryBacklog(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.state, "pending"));
  return Number(row?.n ?? 0);
}
