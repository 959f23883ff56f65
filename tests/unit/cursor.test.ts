// The one keyset cursor (lib/cursor.ts): what it reads back and what it refuses, and the lists that
// page on it (bulk charges, pay links) walked on a real database across rows that share a
// millisecond, and a microsecond too, so no row is skipped or shown twice.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { listBatches } from "@/lib/batches/queries";
import { type Cursor, decodeCursor, encodeCursor, pageOf, readCursor } from "@/lib/cursor";
import { batches, paymentRequests } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { listRequests } from "@/lib/payment-requests/queries";
import { backends, useLedger } from "./support/db";

const ID = "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b";
const AT = "2026-01-01T10:00:00.000200Z";
const forged = (text: string) => Buffer.from(text).toString("base64url");

describe("the codec", () => {
  test("reads back what it wrote", () => {
    expect(decodeCursor(encodeCursor({ at: AT, id: ID }))).toEqual({ at: AT, id: ID });
    expect(decodeCursor(forged(`${AT}|${ID.toUpperCase()}`))).toEqual({ at: AT, id: ID });
  });

  test.each([
    "garbage",
    "",
    "%%%",
    forged(`${AT}|nope`),
    forged(`${AT}|${ID}|${ID}`),
    forged(`2026-01-01T10:00:00.000Z|${ID}`),
    forged(`2026-02-30T10:00:00.000000Z|${ID}`),
    forged(`2026-01-01T25:61:00.000000Z|${ID}`),
    forged(`0000-01-01T10:00:00.000000Z|${ID}`),
    forged(`${AT}|${"-".repeat(36)}`),
    // The old bulk charges link ("<ISO time>_<id>") is no cursor.
    `2026-01-01T10:00:00.000Z_${ID}`,
    "A".repeat(201),
  ])("refuses %j", (value) => {
    expect(decodeCursor(value)).toBeNull();
  });

  test("a request's cursor: none when absent, a 422 naming the field when it is not one", () => {
    expect(readCursor(null, "before")).toBeUndefined();
    expect(readCursor("", "before")).toBeUndefined();
    expect(readCursor(encodeCursor({ at: AT, id: ID }), "before")).toEqual({ at: AT, id: ID });
    const refused = (() => {
      try {
        readCursor("nonsense", "before");
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "invalid_request", fields: { before: "Not a page of this list" } });
  });
});

/** Seven creation times, newest first in the list: three share a millisecond, two of them a microsecond. */
const TIMES = [
  "2026-01-02T00:00:00.000000Z",
  "2026-01-01T10:00:00.000300Z",
  "2026-01-01T10:00:00.000200Z",
  "2026-01-01T10:00:00.000200Z",
  "2026-01-01T10:00:00.000100Z",
  "2026-01-01T09:00:00.000000Z",
  "2026-01-01T08:00:00.000000Z",
];

/** Every row, two a page, following each page's cursor. */
async function walk(list: (before: Cursor | undefined, limit: number) => Promise<(Cursor & { id: string })[]>) {
  const seen: string[] = [];
  let before: Cursor | undefined;
  for (let pages = 0; pages < 10; pages++) {
    const { rows, next } = pageOf(await list(before, 3), 2);
    seen.push(...rows.map((r) => r.id));
    if (!next) return seen;
    before = decodeCursor(next) ?? undefined;
  }
  throw new Error("the pages never ended");
}

describe.each(backends)("lists paged on the cursor on $name", (backend) => {
  const db = useLedger(backend);
  const ids = TIMES.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
  /** Newest first: by time, then by id (the two that share a microsecond, the higher id first). */
  const expected = [ids[0], ids[1], ids[3], ids[2], ids[4], ids[5], ids[6]];

  test("bulk charges", async () => {
    await db()
      .insert(batches)
      .values(ids.map((id, i) => ({ id, label: `Batch ${i}`, rowCount: 1, totals: { GHS: 100 }, createdBy: "u_ama" })));
    for (const [i, id] of ids.entries())
      await db().execute(sql`update ${batches} set created_at = ${TIMES[i]}::timestamptz where id = ${id}`);
    expect(await walk((before, limit) => listBatches(db(), before, limit))).toEqual(expected);
  });

  test("pay links", async () => {
    await db()
      .insert(paymentRequests)
      .values(
        ids.map((id, i) => ({
          id,
          token: String(i).repeat(24),
          amountMinor: 100,
          currency: "GHS",
          description: "fees",
          expiresAt: new Date(Date.now() + 86_400_000),
          createdBy: "u_ama",
        })),
      );
    for (const [i, id] of ids.entries())
      await db().execute(sql`update ${paymentRequests} set created_at = ${TIMES[i]}::timestamptz where id = ${id}`);
    expect(await walk((before, limit) => listRequests(db(), before, limit))).toEqual(expected);
  });
});
