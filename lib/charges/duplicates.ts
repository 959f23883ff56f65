// Possible duplicates: a charge to the same number for the same amount (and currency) made
// within the last DUPLICATE_WINDOW_MINUTES that succeeded or may still succeed (pending,
// submitting, unknown). Mobile-money users' most common complaint is a double debit, so the
// charge form and a batch's approval ask before sending one. One query for any number of
// candidates (a 10,000-row batch included), on charges_phone_created_idx.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";

export type DuplicateCandidate = { phoneNumber: string; amountMinor: number; currency: string };

export type PossibleDuplicate = {
  chargeId: string;
  phoneNumber: string;
  amountMinor: number;
  currency: string;
  status: "submitting" | "pending" | "success" | "unknown";
  createdAt: Date;
};

/** The statuses that mean the money moved or may still move. */
const LIVE = ["success", "pending", "submitting", "unknown"] as const;

/**
 * What makes a ledger row (named `c` in the query) a possible duplicate, besides its number,
 * amount and currency: made within the window, in a status under which the money moved or may
 * still move. Shared by the batch's check below and a single charge's (lib/charges/ledger.ts).
 */
export function recentAndLive(windowMinutes: number) {
  return sql`c.created_at > clock_timestamp() - make_interval(mins => ${windowMinutes})
         and c.status in (${sql.join(
           LIVE.map((s) => sql`${s}`),
           sql`, `,
         )})`;
}

/** The columns a possible duplicate is read with (`c` being the ledger row). */
export const DUPLICATE_COLUMNS = sql`c.id, c.phone_number, c.amount_minor, c.currency, c.status, c.created_at`;

/** A row read with DUPLICATE_COLUMNS, by a driver or through `to_jsonb`. */
export function duplicateOf(r: Record<string, unknown>): PossibleDuplicate {
  return {
    chargeId: String(r.id),
    phoneNumber: String(r.phone_number),
    amountMinor: Number(r.amount_minor),
    currency: String(r.currency),
    status: r.status as PossibleDuplicate["status"],
    createdAt: new Date(r.created_at as string | Date),
  };
}

/** The key a candidate and a charge share when they are possible duplicates of each other. */
export const duplicateKey = (c: DuplicateCandidate) => `${c.phoneNumber}|${c.currency}|${c.amountMinor}`;

/**
 * For each candidate that has one, the newest recent charge it would duplicate (keyed by
 * duplicateKey). `windowMinutes` 0 turns the check off. (A single charge is checked inside its
 * first statement instead: lib/charges/ledger.ts, beginCharge.)
 */
export async function findRecentDuplicates(
  db: Db,
  candidates: readonly DuplicateCandidate[],
  windowMinutes: number,
): Promise<Map<string, PossibleDuplicate>> {
  const found = new Map<string, PossibleDuplicate>();
  if (windowMinutes <= 0 || candidates.length === 0) return found;
  const unique = [...new Map(candidates.map((c) => [duplicateKey(c), c])).values()];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select distinct on (c.phone_number, c.currency, c.amount_minor) ${DUPLICATE_COLUMNS}
        from charges c
        join jsonb_to_recordset(${JSON.stringify(unique)}::jsonb)
             as w("phoneNumber" text, "amountMinor" bigint, currency text)
          on c.phone_number = w."phoneNumber" and c.amount_minor = w."amountMinor" and c.currency = w.currency
       where ${recentAndLive(windowMinutes)}
       order by c.phone_number, c.currency, c.amount_minor, c.created_at desc`),
  );
  for (const r of rows) {
    const d = duplicateOf(r);
    found.set(duplicateKey(d), d);
  }
  return found;
}
