// Verifies the audit log's hash chain (migration 0011): walks every row in id order, in
// batches, recomputes each hash (chain-hash.ts) and checks each row links to the one before.
// It stops at the first row that breaks the chain and says, in words, what happened there.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import { AUDIT_LABELS, rowHash, type ChainRow, signatureHolds, type SigningKey } from "@/lib/audit";

/** The last row of a verified stretch: what an auditor notes to detect a removed tail later. */
export type ChainHead = { id: number; hash: string; at: string };

export type BreakKind =
  | "changed"
  | "unhashed"
  | "forged"
  | "removed_before"
  | "inserted"
  | "unlinked"
  | "head_missing"
  | "unsigned"
  | "bad_signature"
  | "other_key";

/**
 * How far the signatures were checked: `key` is null when no signing key was at hand (only the
 * hashes were checked); entries before `firstSignedId` were written before entries were signed.
 */
export type SignatureCheck = { keyId: string | null; firstSignedId: number; chainedOnly: number };

export type ChainResult =
  | { ok: true; checked: number; head: ChainHead | null; signatures: SignatureCheck }
  | {
      ok: false;
      checked: number;
      signatures: SignatureCheck;
      /** The last row before the break that still verifies (null when the break is at the start). */
      verifiedUpTo: ChainHead | null;
      broken: { kind: BreakKind; id: number | null; at: string | null; message: string };
    };

const BATCH = 1000;

/** One batch of rows after `afterId`, every field as the hash covers it (at to the ms, detail as jsonb text). */
// Ordered by the column, not the text "id" the select gives back (which would sort "10" before "9").
async function readBatch(db: Db, afterId: string, limit: number): Promise<ChainRow[]> {
  const result = await db.execute(sql`
    select id::text as "id",
           to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
           at = date_trunc('milliseconds', at) as "atWholeMs",
           action as "action", actor_id as "actorId", actor_email as "actorEmail", target_id as "targetId",
           detail::text as "detail", ip as "ip", prev_hash as "prevHash", hash as "hash",
           s.key_id as "keyId", s.signature as "signature"
      from audit_events left join audit_signatures s on s.event_id = audit_events.id
     where audit_events.id > ${afterId}::bigint order by audit_events.id limit ${limit}`);
  return rowsOf<ChainRow>(result);
}

/** Every row in id order, batch by batch: a log of millions never sits in memory. */
export async function* chainRows(db: Db, batch = BATCH): AsyncGenerator<ChainRow> {
  let after = "0";
  for (;;) {
    const rows = await readBatch(db, after, batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}

const label = (action: string) =>
  Object.hasOwn(AUDIT_LABELS, action) ? `“${AUDIT_LABELS[action as keyof typeof AUDIT_LABELS]}”` : `“${action}”`;
const named = (r: ChainRow) => `entry #${r.id} (${label(r.action)}, ${r.at})`;
const headOf = (r: ChainRow): ChainHead => ({ id: Number(r.id), hash: r.hash ?? "", at: r.at });

/** Why `r` breaks the chain after `prev` (and `before`, the row before that), or null when it links and verifies. */
function breakAt(r: ChainRow, prev: ChainRow | null, before: ChainRow | null): { kind: BreakKind; id: string; message: string } | null {
  if (r.hash === null) return { kind: "unhashed", id: r.id, message: `The ${named(r)} has no hash: it was written around the chain.` };
  const contentOk = r.atWholeMs && rowHash(r) === r.hash;
  const linkOk = r.prevHash === (prev?.hash ?? null);
  if (!contentOk && !linkOk)
    return {
      kind: "forged",
      id: r.id,
      message: `The ${named(r)} does not belong to the chain: neither its hash nor its link to the entry before match. It was inserted or rewritten by hand (two entries swapped look like this too).`,
    };
  if (!contentOk)
    return {
      kind: "changed",
      id: r.id,
      message: `The ${named(r)} was changed after it was written: its content no longer matches its hash.`,
    };
  if (linkOk) return null;
  if (!prev)
    return {
      kind: "removed_before",
      id: r.id,
      message: `Entries before the ${named(r)} were removed: it links to an entry that is no longer in the log.`,
    };
  // The row after an inserted one still links to the row the insertion was slipped after.
  if (before && r.prevHash === before.hash)
    return {
      kind: "inserted",
      id: prev.id,
      message: `The ${named(prev)} was inserted afterwards: entry #${r.id} links past it to entry #${before.id}.`,
    };
  return {
    kind: "unlinked",
    id: r.id,
    message: `The ${named(r)} does not follow entry #${prev.id}: an entry between them was removed, or entry #${prev.id} was rewritten together with its hash.`,
  };
}

/** Why a row that the chain accepts is still not the dashboard's: its signature, or null when it holds. */
function signatureBreak(r: ChainRow, key: SigningKey): { kind: BreakKind; id: string; message: string } | null {
  if (!r.signature)
    return {
      kind: "unsigned",
      id: r.id,
      message: `The ${named(r)} carries no signature: the dashboard did not write it; it was inserted into the database directly.`,
    };
  if (r.keyId !== key.id)
    return {
      kind: "other_key",
      id: r.id,
      message: `The ${named(r)} is signed with another key (${r.keyId}) than this one (${key.id}): AUDIT_SIGNING_KEY was changed, or the entry was forged.`,
    };
  if (!r.hash || !signatureHolds(key, r.hash, r.signature))
    return {
      kind: "bad_signature",
      id: r.id,
      message: `The ${named(r)} has a signature that does not match it: the entry was forged, or rewritten with its hash.`,
    };
  return null;
}

/**
 * Walks `rows` (in id order) and reports the first break. With `expectHead` (a hash an auditor
 * noted earlier), the chain must also still contain that row: a removed tail leaves a chain
 * that is whole, only shorter, and the noted head is how it is caught. With `key`, every row from
 * `firstSignedId` on must carry that key's signature of its hash: a row the database's own role
 * inserted is chained by the trigger like any other, and only the signature tells it apart.
 */
export async function verifyRows(
  rows: AsyncIterable<ChainRow>,
  opts: { expectHead?: string; key?: SigningKey | null; firstSignedId?: number } = {},
): Promise<ChainResult> {
  const key = opts.key ?? null;
  const firstSignedId = opts.firstSignedId ?? 1;
  const signatures: SignatureCheck = { keyId: key?.id ?? null, firstSignedId, chainedOnly: 0 };
  let checked = 0;
  let prev: ChainRow | null = null;
  let before: ChainRow | null = null;
  let sawHead = false;
  for await (const r of rows) {
    const signed = Number(r.id) >= firstSignedId;
    if (!signed) signatures.chainedOnly++;
    const broken = breakAt(r, prev, before) ?? (key && signed ? signatureBreak(r, key) : null);
    if (broken) {
      // An inserted row is named, so the stretch verified ends before it.
      const lastGood = broken.kind === "inserted" ? before : prev;
      return {
        ok: false,
        signatures,
        checked: broken.kind === "inserted" ? checked - 1 : checked,
        verifiedUpTo: lastGood ? headOf(lastGood) : null,
        broken: { kind: broken.kind, id: Number(broken.id), at: broken.id === r.id ? r.at : (prev?.at ?? null), message: broken.message },
      };
    }
    checked++;
    if (opts.expectHead && r.hash === opts.expectHead) sawHead = true;
    before = prev;
    prev = r;
  }
  const head = prev ? headOf(prev) : null;
  if (opts.expectHead && !sawHead)
    return {
      ok: false,
      checked,
      signatures,
      verifiedUpTo: head,
      broken: {
        kind: "head_missing",
        id: null,
        at: null,
        message: `The head you noted (${opts.expectHead}) is not in the log: the entries up to it were removed, or rewritten from there on.`,
      },
    };
  return { ok: true, checked, head, signatures };
}

/** The first entry that must be signed (migration 0015 wrote it; every entry when the row is missing). */
async function firstSignedId(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select first_signed_id::text as "id" from audit_signing_start where id = 1`));
  return row ? Number(row.id) : 1;
}

/** Verifies the whole audit chain of this database, and each entry's signature when `key` is given. */
export async function verifyChain(
  db: Db,
  opts: { expectHead?: string; batch?: number; key?: SigningKey | null } = {},
): Promise<ChainResult> {
  return verifyRows(chainRows(db, opts.batch), { ...opts, firstSignedId: await firstSignedId(db) });
}
