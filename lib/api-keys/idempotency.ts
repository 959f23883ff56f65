// Idempotency-Key on every POST of /api/v1/, with Stripe's rules: the same key and the same request
// answer the first answer again (with `Idempotent-Replayed: true`), for 24 hours; the same key with
// another request is 422 `idempotency_mismatch`. The key's row is written first, in the
// transaction that makes the change, and holds the answer when it commits: a second request with
// the key waits on that row (PostgreSQL's unique index; PGlite runs one transaction at a time),
// then answers what the first one made. A refused request rolls back and keeps nothing: nothing
// was changed, so it may be sent again with the same key.
import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/open";
import { apiIdempotency } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_HOURS = 24;

/** 1 to 255 visible ASCII characters (a UUID, say): anything else is a mistake worth saying. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export type Answer = { status: number; body: unknown };

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** What "the same request" means: the method, the path and the body as it was parsed. */
export const requestDigest = (req: Request, body: unknown) =>
  digest(`${req.method} ${new URL(req.url).pathname}\n${JSON.stringify(body ?? null)}`);

/** The header's key, or the 400 that says how to send one. */
export function idempotencyKeyOf(req: Request): string {
  const key = req.headers.get("idempotency-key");
  if (key === null || !KEY_SHAPE.test(key)) {
    throw new AppError(
      "idempotency_key_required",
      "Send an Idempotency-Key header (1 to 255 letters, digits or punctuation, a UUID for instance): a new one for each request, the same one when you retry it.",
    );
  }
  return key;
}

/**
 * Runs `make` once per (API key, Idempotency-Key): the first request runs it in a transaction with
 * the key's row, a later one with the same request gets its answer, another request a 422.
 */
export async function once(db: Db, apiKeyId: string, key: string, hash: string, make: (tx: DbOrTx) => Promise<Answer>): Promise<Response> {
  const kept = await db.transaction(async (tx) => {
    // A row older than the window is forgotten: the key may be used afresh.
    await tx
      .delete(apiIdempotency)
      .where(
        and(
          eq(apiIdempotency.apiKeyId, apiKeyId),
          eq(apiIdempotency.key, key),
          lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
        ),
      );
    const [mine] = await tx
      .insert(apiIdempotency)
      .values({ apiKeyId, key, requestHash: hash, status: 0, body: {} })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (!mine) {
      const [first] = await tx
        .select()
        .from(apiIdempotency)
        .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
      if (first.requestHash !== hash) {
        throw new AppError("idempotency_mismatch", "This Idempotency-Key was already used for a different request: send a new key.", {
          fields: { "Idempotency-Key": "Already used for a different request" },
        });
      }
      return { replayed: true, answer: { status: first.status, body: first.body } };
    }
    const answer = await make(tx);
    await tx
      .update(apiIdempotency)
      .set({ status: answer.status, body: answer.body ?? {} })
      .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
    return { replayed: false, answer };
  });
  const headers = { "Cache-Control": "no-store", ...(kept.replayed ? { "Idempotent-Replayed": "true" } : {}) };
  return Response.json(kept.answer.body, { status: kept.answer.status, headers });
}

/** Forgets answers past their window (the background sweep): what a key guards lasts a day. */
export async function pruneIdempotency(db: Db): Promise<number> {
  const gone = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`))
    .returning({ key: apiIdempotency.key });
  return gone.length;
}
