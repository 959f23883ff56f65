// The outbound budget: every request to the upstream first takes a place in its key's budget,
// so the dashboard never sends a request that would earn a 429. The document allows "up to
// 1,000 requests per minute" and does not say how the minute is counted, so we assume the
// strictest reading — any 60 seconds — and keep `limit` places per key in the database, each
// dated by the last request that used it (function momo_take_place, migration 0017): a request
// takes a place whose last use left the window. Every instance on one PostgreSQL shares them, and
// takes a place by locking that one row, so instances never queue behind one another
// (docs/decisions/rate-limit.md). A fixed-window counter would let 2,000 requests through across
// a minute boundary.
//
// Each kind of request may use the first places only: charges all of them; status and account
// lookups all but LOOKUP_RESERVE of them, kept for charges; a bulk batch's rows the first
// `batchShare`, so that a person charging at the counter while a batch runs always finds a place.
// A 429 from the upstream pauses the key for its Retry-After (or DEFAULT_PAUSE_S).
import { AppError } from "@/lib/errors";
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import type { BudgetStatus } from "@/lib/market/budget";
import { upstreamPauses, upstreamPlaces } from "@/lib/db/schema";
import { count } from "@/lib/metrics/registry";

export type BudgetKind = "charge" | "lookup" | "batch" | "request";

/**
 * The upstream's minute, plus a second of margin: the upstream counts a request when it
 * arrives, a little after we date it (the network, a busy event loop). Measured at twice the
 * allowed load, the bare minute still earned a few 429s; with the margin, none.
 */
export const WINDOW_MS = 61_000;
/** The share of the budget status and account lookups may not touch: it is kept for charges. */
const LOOKUP_RESERVE = 0.1;
/** The part of each window batches may fill when BATCH_BUDGET_SHARE does not say. */
export const DEFAULT_BATCH_SHARE = 0.8;
/** The part of each window customers paying from pay links may fill when PAYMENT_REQUEST_BUDGET_SHARE does not say. */
export const DEFAULT_REQUEST_SHARE = 0.5;
/** A 429 without Retry-After pauses the key this long. */
export const DEFAULT_PAUSE_S = 30;
/** The longest pause a 429 can impose: a Retry-After of a day still stops charging for an hour only. */
export const MAX_PAUSE_S = 3_600;

/**
 * `batchShare`: the part of each window a batch's rows may fill (BATCH_BUDGET_SHARE);
 * `requestShare`: the part customers paying from pay links may fill (PAYMENT_REQUEST_BUDGET_SHARE).
 */
export type BudgetOptions = { limit: number; maxWaitMs: number; batchShare?: number; requestShare?: number };

/** `callId` names this use of the place, for placeSql. */
export type Take = { granted: true; callId: number } | { granted: false; retryAfterMs: number; paused: boolean };

/** Refused after waiting as long as allowed: the request was not sent. */
export class BudgetExhausted extends AppError {
  constructor(
    readonly retryAfterMs: number,
    readonly paused: boolean,
  ) {
    super("budget_exhausted", budgetMessage(retryAfterMs, paused), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    this.name = "BudgetExhausted";
  }
}

function budgetMessage(retryAfterMs: number, paused: boolean): string {
  const s = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return paused
    ? `The mobile money service asked us to slow down. Nothing was sent; try again in ${s} s.`
    : `This minute's requests to the mobile money service are used up. Nothing was sent; try again in ${s} s.`;
}

/** The budget's name for a key: a digest, so the key itself is never stored. */
export function keyId(apiKey: string): string {
  return createHash("sha256").update(`momo-budget:${apiKey}`).digest("hex").slice(0, 24);
}

/**
 * A place as SQL to run inside another statement, so that a charge costs no extra round trip
 * for it: a charge's ledger write takes its place (`take`); a batch's row, whose place was taken
 * before its claim, has that write mark it (`sent`, `release`: each ends in its WHERE clause, so
 * the caller may add a condition).
 *   sent     the request is leaving now: its place is dated from this moment rather than from
 *            when it was taken (the claim and the ledger write in between can take a while under
 *            load, and the upstream counts from the moment the request arrives)
 *   release  the place was not used after all (the idempotency key had a row already)
 */
export const placeSql = {
  sent: (callId: number) => sql`update ${upstreamPlaces} set sent_at = clock_timestamp() where call_id = ${callId}`,
  release: (callId: number) => sql`update ${upstreamPlaces} set sent_at = '-infinity', call_id = null where call_id = ${callId}`,
  /**
   * A place taken inside another statement: a row (granted, wait_ms, paused, call_id). Its
   * place is dated when it is taken, so the statement should be the one the request leaves after
   * (the charge's ledger write: lib/charges/ledger.ts). `allowed` is SQL, so that the caller can
   * make the call depend on a row of its own (no row, no call).
   */
  take: (args: PlaceArgs, allowed: SQL) =>
    sql`momo_take_place(${args.keyId}, ${args.kind}, ${allowed}, ${args.limit}::int, ${args.windowMs}::int)`,
};

/** What placeSql.take needs: whose budget, how many places it has, which of them this kind may use, over which window. */
export type PlaceArgs = { keyId: string; kind: BudgetKind; allowed: number; limit: number; windowMs: number };

/** No place now: how long until there may be one, and whether the upstream asked us to pause. */
export type Refusal = Extract<Take, { granted: false }>;

/** How many of a window's requests a batch may have sent (the rest is kept for people). */
export function batchAllowance(opts: Pick<BudgetOptions, "limit" | "batchShare">): number {
  return Math.max(1, Math.floor(opts.limit * (opts.batchShare ?? DEFAULT_BATCH_SHARE)));
}

function isRefusal(t: unknown): t is Refusal {
  return typeof t === "object" && t !== null && (t as { granted?: unknown }).granted === false;
}

export function createBudget(db: Db, apiKey: string, opts: BudgetOptions) {
  const id = keyId(apiKey);
  const allowed = (kind: BudgetKind) => {
    if (kind === "charge") return opts.limit;
    if (kind === "batch") return batchAllowance(opts);
    if (kind === "request") return Math.max(1, Math.floor(opts.limit * (opts.requestShare ?? DEFAULT_REQUEST_SHARE)));
    return Math.max(1, Math.floor(opts.limit * (1 - LOOKUP_RESERVE)));
  };

  /** The arguments of a place taken inside another statement (placeSql.take). */
  const placeArgs = (kind: BudgetKind): PlaceArgs => ({ keyId: id, kind, allowed: allowed(kind), limit: opts.limit, windowMs: WINDOW_MS });

  /** One attempt: a place now, or how long until there is one. */
  async function tryTake(kind: BudgetKind): Promise<Take> {
    const args = placeArgs(kind);
    const [row] = rowsOf<{ granted: boolean; wait_ms: number; paused: boolean; call_id: string | number | null }>(
      await db.execute(sql`select granted, wait_ms, paused, call_id from ${placeSql.take(args, sql`${args.allowed}::int`)}`),
    );
    if (row.granted) return { granted: true, callId: Number(row.call_id) };
    return { granted: false, retryAfterMs: Number(row.wait_ms), paused: row.paused };
  }

  /**
   * Runs `attempt` until it gets a place (it answers something other than a Refusal), waiting
   * out each refusal, for up to maxWaitMs in all; otherwise BudgetExhausted. `attempt` takes its
   * place itself: with tryTake, or inside a statement of its own (placeSql.take).
   */
  async function waitFor<T>(attempt: () => Promise<T | Refusal>): Promise<T> {
    const deadline = Date.now() + opts.maxWaitMs;
    for (;;) {
      const t = await attempt();
      if (!isRefusal(t)) return t;
      const left = deadline - Date.now();
      if (t.retryAfterMs > left) {
        count("budgetRefusals", { reason: t.paused ? "paused" : "full" });
        throw new BudgetExhausted(t.retryAfterMs, t.paused);
      }
      // Others wait for the same place: a little jitter keeps them from asking all at once.
      await new Promise((r) => setTimeout(r, t.retryAfterMs + Math.random() * 20));
    }
  }

  return {
    tryTake,

    /** A place in the budget, waiting up to maxWaitMs for one; otherwise BudgetExhausted. */
    async take(kind: BudgetKind): Promise<number> {
      return waitFor(async () => {
        const t = await tryTake(kind);
        return t.granted ? t.callId : t;
      });
    },

    placeArgs,

    waitFor,

    /**
     * Gives a place back: the request it was taken for will not leave after all (its ledger
     * write failed). Only a request that goes to the upstream may hold a place.
     */
    async release(callId: number): Promise<void> {
      await db.execute(placeSql.release(callId));
    },

    /**
     * The upstream answered 429: nobody uses this key until it said (or DEFAULT_PAUSE_S), for
     * at most MAX_PAUSE_S however far its Retry-After points.
     */
    async pause(retryAfterSeconds: number | null): Promise<void> {
      const seconds = retryAfterSeconds && retryAfterSeconds > 0 ? Math.min(retryAfterSeconds, MAX_PAUSE_S) : DEFAULT_PAUSE_S;
      const until = sql`clock_timestamp() + make_interval(secs => ${seconds})`;
      await db
        .insert(upstreamPauses)
        .values({ keyId: id, until })
        .onConflictDoUpdate({ target: upstreamPauses.keyId, set: { until: sql`greatest(${upstreamPauses.until}, excluded.until)` } });
      count("pauses", {});
    },

    /** What is left this minute, for the screen. */
    async status(): Promise<BudgetStatus> {
      const [row] = rowsOf<{ used: number; paused_ms: number | null; paused_until: string | Date | null }>(
        await db.execute(sql`select
          (select count(*)::int from ${upstreamPlaces}
            where key_id = ${id} and slot <= ${opts.limit} and sent_at > clock_timestamp() - make_interval(secs => ${WINDOW_MS / 1000})) as used,
          (select ceil(extract(epoch from until - clock_timestamp()) * 1000)::int from ${upstreamPauses}
            where key_id = ${id} and until > clock_timestamp()) as paused_ms,
          (select until from ${upstreamPauses} where key_id = ${id} and until > clock_timestamp()) as paused_until`),
      );
      const used = Number(row.used);
      const pausedForMs = row.paused_ms ? Number(row.paused_ms) : 0;
      const pausedUntil = pausedForMs > 0 && row.paused_until ? new Date(row.paused_until).toISOString() : null;
      return { limit: opts.limit, used, left: Math.max(0, opts.limit - used), pausedForMs, pausedUntil, windowMs: WINDOW_MS };
    },
  };
}

export type Budget = ReturnType<typeof createBudget>;

/** The places used in the last window, every key's (one key in practice): for the metrics' scrape. */
export async function placesInUse(db: Db): Promise<number> {
  const [row] = rowsOf<{ used: number }>(
    await db.execute(sql`select count(*)::int as used from ${upstreamPlaces}
      where sent_at > clock_timestamp() - make_interval(secs => ${WINDOW_MS / 1000})`),
  );
  return Number(row.used);
}
