// Retention: the phone numbers and descriptions of settled charges older than a period are
// replaced by a mask, everything else kept (amounts, statuses, references, dates: the totals of
// Insights and the account stay what they were). Run by `npm run data:retention` and, when
// RETENTION_DAYS is set, once a day by the sweep. Takes the database first, like every query.
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { type Db, rowsOf } from "@/lib/db/open";
import { RETAINED_DESCRIPTION, retainedPhone } from "@/lib/market/phone-mask";
import { redactedRequestHash } from "@/lib/charges";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@/lib/market/retention-period";
import { scrubBody, scrubDeep, scrubText } from "./scrub";

/** Charges per transaction: a million rows are many short transactions, never one giant one. */
const BATCH = 500;

export type RetentionOptions = { olderThanDays: number; apply: boolean; now?: Date; batchSize?: number; by?: string };
export type RetentionReport = {
  cutoff: string;
  /** Charges that qualify (dry run), or that this run masked (apply). */
  charges: number;
  /** The oldest and newest creation time among them. */
  from: string | null;
  to: string | null;
  applied: boolean;
};

/** The charges retention may mask: settled (success, failed), made before the cutoff, not masked yet. */
const eligible = (cutoff: Date) =>
  sql`status in ('success', 'failed') and redacted_at is null and created_at < ${cutoff.toISOString()}::timestamptz`;

export function retentionCutoff(olderThanDays: number, now = new Date()): Date {
  if (!Number.isInteger(olderThanDays) || olderThanDays < MIN_RETENTION_DAYS || olderThanDays > MAX_RETENTION_DAYS)
    throw new RangeError(`The period must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`);
  return new Date(now.getTime() - olderThanDays * 86_400_000);
}

/**
 * Dry run (default): counts what would change. Apply: masks in batches, each its own transaction
 * whose rows are locked (SKIP LOCKED), so two runs at once share the work and never mask a row
 * twice; an applied run is recorded in the audit log with its count and cutoff.
 */
export async function runRetention(db: Db, opts: RetentionOptions): Promise<RetentionReport> {
  const cutoff = retentionCutoff(opts.olderThanDays, opts.now);
  if (!opts.apply) {
    const [row] = rowsOf<{ n: number; from: string | null; to: string | null }>(
      await db.execute(sql`select count(*)::int as n, min(created_at)::text as "from", max(created_at)::text as "to"
                           from charges where ${eligible(cutoff)}`),
    );
    return { cutoff: cutoff.toISOString(), charges: row.n, from: iso(row.from), to: iso(row.to), applied: false };
  }
  let charges = 0;
  let from: string | null = null;
  let to: string | null = null;
  for (;;) {
    const batch = await maskBatch(db, cutoff, opts.batchSize ?? BATCH);
    if (!batch.count) break;
    charges += batch.count;
    if (!from || (batch.from && batch.from < from)) from = batch.from;
    if (!to || (batch.to && batch.to > to)) to = batch.to;
  }
  const report = { cutoff: cutoff.toISOString(), charges, from, to, applied: true };
  await audit(db, {
    action: "data_retention_run",
    actorEmail: opts.by ?? "command line",
    detail: { olderThanDays: opts.olderThanDays, cutoff: report.cutoff, charges, from, to },
  });
  return report;
}

type Picked = {
  id: string;
  phone_number: string;
  description: string;
  upstream_body: string | null;
  message: string | null;
  amount_minor: number | string;
  currency: string;
  provider: string;
  vouchers: string;
  created_at: string;
};

async function maskBatch(db: Db, cutoff: Date, size: number): Promise<{ count: number; from: string | null; to: string | null }> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<Picked>(
      await tx.execute(sql`select id, phone_number, description, upstream_body, message, amount_minor, currency, provider, vouchers,
                                  created_at::text as created_at
                           from charges where ${eligible(cutoff)}
                           order by created_at, id limit ${size} for update skip locked`),
    );
    if (!rows.length) return { count: 0, from: null, to: null };
    const masked = rows.map((r) => {
      const p = { phoneNumber: r.phone_number, description: r.description };
      return {
        id: r.id,
        phone: retainedPhone(r.phone_number),
        description: r.description ? RETAINED_DESCRIPTION : "",
        body: scrubBody(r.upstream_body, p),
        message: r.message === null ? null : scrubText(r.message, p),
        hash: redactedRequestHash({
          amountMinor: Number(r.amount_minor),
          currency: r.currency,
          provider: r.provider,
          vouchers: r.vouchers,
        }),
      };
    });
    await tx.execute(sql`update charges c set phone_number = v.phone, description = v.description, upstream_body = v.body,
                           message = v.message, request_hash = v.hash, pay_address_key = null, redacted_at = now()
                         from jsonb_to_recordset(${JSON.stringify(masked)}::jsonb)
                           as v(id uuid, phone text, description text, body text, message text, hash text)
                         where c.id = v.id`);
    await scrubEvents(tx as unknown as Db, rows);
    await scrubReversalNotes(tx as unknown as Db, rows);
    return { count: rows.length, from: iso(rows[0].created_at), to: iso(rows.at(-1)?.created_at ?? null) };
  });
}

/** The timeline of these charges: raw answers, messages and notes in each event's detail. */
async function scrubEvents(tx: Db, rows: Picked[]): Promise<void> {
  const byCharge = new Map(rows.map((r) => [r.id, { phoneNumber: r.phone_number, description: r.description }]));
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const events = rowsOf<{ id: number | string; charge_id: string; detail: Record<string, unknown> | string | null }>(
    await tx.execute(sql`select id, charge_id, detail from charge_events where charge_id in (${ids}) and detail is not null`),
  );
  const changed = events.flatMap((e) => {
    const p = byCharge.get(e.charge_id);
    const detail = typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail;
    if (!p || !detail) return [];
    const { rawBody, ...rest } = detail as Record<string, unknown>;
    const scrubbed = { ...(scrubDeep(rest, p) as object), ...(typeof rawBody === "string" ? { rawBody: scrubBody(rawBody, p) } : {}) };
    return JSON.stringify(scrubbed) === JSON.stringify(detail) ? [] : [{ id: Number(e.id), detail: scrubbed }];
  });
  if (!changed.length) return;
  await tx.execute(sql`update charge_events e set detail = v.detail
                       from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id bigint, detail jsonb)
                       where e.id = v.id`);
}

/** The notes of these charges' reversals, as the timeline's notes are scrubbed. */
async function scrubReversalNotes(tx: Db, rows: Picked[]): Promise<void> {
  const byCharge = new Map(rows.map((r) => [r.id, { phoneNumber: r.phone_number, description: r.description }]));
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const notes = rowsOf<{ id: string; charge_id: string; note: string }>(
    await tx.execute(sql`select id, charge_id, note from charge_reversals where charge_id in (${ids})`),
  );
  const changed = notes.flatMap((n) => {
    const p = byCharge.get(n.charge_id);
    const note = p ? scrubText(n.note, p) : n.note;
    return note === n.note ? [] : [{ id: n.id, note }];
  });
  if (!changed.length) return;
  await tx.execute(sql`update charge_reversals r set note = v.note
                       from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id uuid, note text)
                       where r.id = v.id`);
}

/** A timestamp as PostgreSQL prints it, as ISO 8601 (null stays null). */
function iso(text: string | null): string | null {
  return text === null ? null : new Date(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")).toISOString();
}
