// Ledger rows for the history tests, written at exact microseconds, and the query's keys.
import { sql } from "drizzle-orm";
import { queryHistory } from "@/lib/history/queries";
import type { HistoryFilters } from "@/lib/history/filters";
import type { Db } from "@/lib/db/open";
import { charges, type NewCharge } from "@/lib/db/schema";
import { chargeRow } from "./rows";

export type Row = Partial<NewCharge> & { key: string; at: string; id: string };
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

// Newest first: d, c, g, f, b, a, e (b and f share one microsecond; f has the larger id).
export const ROWS: Row[] = [
  {
    key: "e",
    id: id(5),
    at: "2025-12-31 23:59:59.999999+00",
    status: "success",
    provider: "mtn",
    amountMinor: 100_000,
    phoneNumber: "0551234567",
    description: "Groceries",
    createdBy: "user-1",
    reference: "TXN-MOMO-1005",
  },
  {
    key: "a",
    id: id(1),
    at: "2026-01-01 10:00:00.000100+00",
    status: "success",
    provider: "mtn",
    amountMinor: 1050,
    phoneNumber: "0241234567",
    description: "Rent for March",
    createdBy: "user-1",
    reference: "TXN-MOMO-1001",
  },
  {
    key: "b",
    id: id(2),
    at: "2026-01-01 10:00:00.000200+00",
    status: "pending",
    provider: "vodafone",
    amountMinor: 2500,
    phoneNumber: "0201234567",
    description: "Water bill 50% off",
    createdBy: "user-2",
    reference: "TXN-MOMO-1002",
  },
  {
    key: "f",
    id: id(6),
    at: "2026-01-01 10:00:00.000200+00",
    status: "failed",
    provider: "vodafone",
    amountMinor: 2500,
    phoneNumber: "0201234567",
    description: "Deposit 500 cedis",
    createdBy: "user-2",
  },
  {
    key: "g",
    id: id(7),
    at: "2026-01-02 12:00:00+00",
    status: "success",
    provider: "airteltigo",
    amountMinor: 1000,
    phoneNumber: "0261234567",
    description: "school fees term 1",
    createdBy: "user-2",
  },
  {
    key: "c",
    id: id(3),
    at: "2026-01-02 23:59:59.999999+00",
    status: "failed",
    provider: "airteltigo",
    currency: "UGX",
    amountMinor: 5000,
    phoneNumber: "0261234567",
    description: "school_fees term 2",
    createdBy: "user-1",
    reference: "TXN-MOMO-1003",
  },
  {
    key: "d",
    id: id(4),
    at: "2026-01-03 00:00:00+00",
    status: "unknown",
    provider: "mtn",
    amountMinor: 99,
    phoneNumber: "0241234567",
    description: "RENT deposit",
    createdBy: "user-2",
  },
];

/** `insert` writes rows as given (500 a statement); `keys` is the idempotency keys a query returns, in order. */
export function historyOn(db: () => Db) {
  async function insert(rows: Row[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map(({ key, at, ...r }) => ({
        ...chargeRow({ ...r, idempotencyKey: key }),
        createdAt: sql`${at}::timestamptz`,
      }));
      await db().insert(charges).values(values);
    }
  }
  const keys = async (f: HistoryFilters, page = {}) => (await queryHistory(db(), f, page)).rows.map((r) => r.idempotencyKey);
  return { insert, keys };
}
