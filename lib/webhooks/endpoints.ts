// An owner's webhook endpoints: adding one (its URL checked, its secret shown once), changing it,
// rotating its secret (the old one keeps signing beside the new for ROTATION_OVERLAP_HOURS),
// switching it off and on, deleting it, and its delivery log. Every change is audited with the
// endpoint's host, never its path or secret; including customers' whole numbers is its own entry.
import "server-only";
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { queueEndpointNow } from "@/lib/events";
import type { KeyMode } from "@/lib/market/key-mode";
import { upstreamMode } from "@/lib/momo/config";
import { checkEndpointAddress, checkEndpointUrl, type LookupAll } from "./address";
import type { EndpointChange, EndpointInput } from "./schema";
import { MAX_ENDPOINTS, ROTATION_OVERLAP_HOURS, SECRET_PREFIX, type WebhookEventType } from "./shape";
import type { AttemptView, EndpointView, SecretShown } from "./view";

/** How an address is checked: by the configured key's mode and the system's resolver, unless a test names others. */
type AddressCheck = { mode?: KeyMode; lookup?: LookupAll };

export const LOG_PAGE = 25;

/** 24 random bytes, base64, after `whsec_`: the Standard Webhooks secret format. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;

const hostOf = (url: string) => new URL(url).host;

/** The URL's rules, then (with a LIVE key) where its host resolves now: a 422 naming `url` otherwise. */
async function checkedUrl(raw: string, check: AddressCheck): Promise<string> {
  const mode = check.mode ?? upstreamMode();
  const syntax = checkEndpointUrl(raw, mode);
  if (!syntax.ok) throw new AppError("invalid_request", syntax.message, { fields: { url: syntax.message } });
  const resolved = await checkEndpointAddress(syntax.url, mode, check.lookup);
  if (!resolved.ok) throw new AppError("invalid_request", resolved.message, { fields: { url: resolved.message } });
  return syntax.url.toString();
}

async function viewOf(db: Db, e: WebhookEndpoint): Promise<EndpointView> {
  const [stats] = rowsOf<{ pending: number; failed: number }>(
    await db.execute(sql`
      select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'failed')::int as failed
        from webhook_deliveries where endpoint_id = ${e.id}`),
  );
  const [last] = await db
    .select({ at: webhookAttempts.at, ok: webhookAttempts.ok, statusCode: webhookAttempts.statusCode })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, e.id))
    .orderBy(desc(webhookAttempts.id))
    .limit(1);
  const rotating = e.previousSecretUntil && e.previousSecretUntil > new Date() ? e.previousSecretUntil.toISOString() : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes as WebhookEventType[],
    includePhoneNumber: e.includePhoneNumber,
    status: !e.disabledAt ? "on" : e.disabledReason === "failing" ? "failing" : "off",
    disabledAt: e.disabledAt?.toISOString() ?? null,
    previousSecretUntil: rotating,
    createdAt: e.createdAt.toISOString(),
    lastAttempt: last ? { at: last.at.toISOString(), ok: last.ok, statusCode: last.statusCode } : null,
    pending: stats?.pending ?? 0,
    failed: stats?.failed ?? 0,
  };
}

async function row(db: Db, id: string): Promise<WebhookEndpoint> {
  const [e] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!e) throw new AppError("not_found", "No such webhook endpoint.");
  return e;
}

export async function listEndpoints(db: Db): Promise<EndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
  return Promise.all(rows.map((e) => viewOf(db, e)));
}

export async function getEndpoint(db: Db, id: string): Promise<EndpointView> {
  return viewOf(db, await row(db, id));
}

export async function createEndpoint({ db, member, caller }: Asker, input: EndpointInput, check: AddressCheck = {}): Promise<SecretShown> {
  const url = await checkedUrl(input.url, check);
  const secret = newSecret();
  const made = await db.transaction(async (tx) => {
    // One at a time: the count and the insert must not interleave with another owner's.
    await tx.execute(sql`lock table webhook_endpoints in share row exclusive mode`);
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints);
    if (n >= MAX_ENDPOINTS) throw new AppError("invalid_request", `At most ${MAX_ENDPOINTS} endpoints; delete one first.`);
    const [e] = await tx
      .insert(webhookEndpoints)
      .values({ url, description: input.description, eventTypes: input.eventTypes, secret, createdBy: member.id })
      .returning();
    await audit(tx, {
      action: "webhook_endpoint_created",
      actor: member,
      targetId: e.id,
      ip: caller.ip,
      detail: { host: hostOf(url), events: input.eventTypes },
    });
    return e;
  });
  return { endpoint: await viewOf(db, made), secret };
}

export async function changeEndpoint(
  { db, member, caller }: Asker,
  id: string,
  change: EndpointChange,
  check: AddressCheck = {},
): Promise<EndpointView> {
  const url = change.url !== undefined ? await checkedUrl(change.url, check) : undefined;
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw new AppError("not_found", "No such webhook endpoint.");
    const enabled = change.enabled;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.eventTypes !== undefined ? { eventTypes: change.eventTypes } : {}),
        ...(change.includePhoneNumber !== undefined ? { includePhoneNumber: change.includePhoneNumber } : {}),
        ...(enabled === true ? { disabledAt: null, disabledReason: null } : {}),
        ...(enabled === false && !before.disabledAt ? { disabledAt: sql`now()`, disabledReason: "owner" as const } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    const host = hostOf(after.url);
    if (url !== undefined || change.description !== undefined || change.eventTypes !== undefined) {
      const fields = ["url", "description", "eventTypes"].filter((f) => change[f as keyof EndpointChange] !== undefined);
      await audit(tx, {
        action: "webhook_endpoint_changed",
        actor: member,
        targetId: id,
        ip: caller.ip,
        detail: { host, fields, events: after.eventTypes },
      });
    }
    if (change.includePhoneNumber !== undefined && change.includePhoneNumber !== before.includePhoneNumber) {
      await audit(tx, {
        action: "webhook_phone_number_shared",
        actor: member,
        targetId: id,
        ip: caller.ip,
        detail: { host, included: change.includePhoneNumber },
      });
    }
    if (enabled !== undefined && enabled === !!before.disabledAt) {
      await audit(tx, {
        action: enabled ? "webhook_endpoint_enabled" : "webhook_endpoint_disabled",
        actor: member,
        targetId: id,
        ip: caller.ip,
        detail: { host },
      });
    }
    return after;
  });
  // Switched back on: what waited goes now, not at the sweep's next look.
  if (change.enabled === true) await queueEndpointNow(db, id);
  return viewOf(db, changed);
}

/** A new secret; the one it replaces signs beside it for ROTATION_OVERLAP_HOURS (an older one stops now). */
export async function rotateSecret({ db, member, caller }: Asker, id: string): Promise<SecretShown> {
  const secret = newSecret();
  // The rotation and its audit entry together, as every other change here: never one without the other.
  const e = await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
        secret,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!rotated) throw new AppError("not_found", "No such webhook endpoint.");
    await audit(tx, {
      action: "webhook_secret_rotated",
      actor: member,
      targetId: id,
      ip: caller.ip,
      detail: { host: hostOf(rotated.url), overlapHours: ROTATION_OVERLAP_HOURS },
    });
    return rotated;
  });
  return { endpoint: await viewOf(db, e), secret };
}

export async function deleteEndpoint({ db, member, caller }: Asker, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [e] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!e) throw new AppError("not_found", "No such webhook endpoint.");
    await audit(tx, { action: "webhook_endpoint_deleted", actor: member, targetId: id, ip: caller.ip, detail: { host: hostOf(e.url) } });
  });
}

/** The endpoint's attempts, newest first, LOG_PAGE at a time (`before`: the last attempt's id seen). */
export async function deliveryLog(
  db: Db,
  endpointId: string,
  before?: number,
): Promise<{ attempts: AttemptView[]; nextCursor: number | null }> {
  await row(db, endpointId);
  const rows = await db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      eventId: webhookDeliveries.eventId,
      eventType: events.type,
      at: webhookAttempts.at,
      ok: webhookAttempts.ok,
      statusCode: webhookAttempts.statusCode,
      responseBody: webhookAttempts.responseBody,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      manual: webhookAttempts.manual,
      deliveryState: webhookDeliveries.state,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookAttempts.endpointId, endpointId), before !== undefined ? lt(webhookAttempts.id, before) : undefined))
    .orderBy(desc(webhookAttempts.id))
    .limit(LOG_PAGE + 1);
  const page = rows.slice(0, LOG_PAGE);
  return {
    attempts: page.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      nextAttemptAt: r.deliveryState === "pending" ? r.nextAttemptAt.toISOString() : null,
    })),
    nextCursor: rows.length > LOG_PAGE ? page[page.length - 1].id : null,
  };
}
