// A bulk row keeps its line in the file (the heading being line 1) everywhere after the preview:
// its number in the batch, its idempotency key, the duplicates list and the results file — so a
// row can be found in the spreadsheet after lines were dropped.
import { describe, expect, test } from "vitest";
import { prepareBatch } from "@/lib/batches/prepare";
import { batchDuplicates, batchRowsPage } from "@/lib/batches/queries";
import { batchResultsCsv } from "@/lib/batches/results-csv";
import { user } from "@/lib/db/schema";
import { handleApiError } from "@/lib/http/errors";
import { upstream } from "@/lib/momo/upstream";
import type { Asker, Member } from "@/lib/access/types";
import { asProblem } from "../support/auth";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { askerOf } from "../support/asker";

const staff: Member = { id: "staff-1", email: "staff@example.test", name: "Staff", role: "staff" };
const row = (phone: string, amount: string, line?: number) => ({
  phone,
  amount,
  currency: "",
  network: "",
  description: "Fees",
  customer_reference: "",
  ...(line === undefined ? {} : { line }),
});

describe.each(backends)("bulk rows by their file's lines on $name", (backend) => {
  const db = useLedger(backend);
  const ctx = (): Asker => askerOf(db(), staff, { upstream: () => upstream(db()) });

  test("rows sent with their lines keep them: the batch's rows, the duplicates and the results file", async () => {
    await db()
      .insert(user)
      .values(memberRow(staff, { emailVerified: true }));
    // Lines 3 and 6 were dropped in the preview.
    const view = await prepareBatch(ctx(), {
      label: "Term 2",
      rows: [row("0241230001", "5.00", 2), row("0241230002", "6.00", 4), row("0241230003", "7.00", 5), row("0241230003", "7.00", 7)],
    });
    const rows = await batchRowsPage(db(), view.id);
    expect(rows.map((r) => [r.rowNumber, r.phoneNumber])).toEqual([
      [2, "0241230001"],
      [4, "0241230002"],
      [5, "0241230003"],
      [7, "0241230003"],
    ]);
    expect(await batchDuplicates(db(), view.id, 10)).toMatchObject([{ kind: "in_batch", rowNumber: 7, sameAs: 5 }]);
    const csv = await batchResultsCsv(ctx(), view.id);
    expect(csv?.body.split("\r\n")[0]).toMatch(/^\uFEFF?"line",/);
    expect(
      csv?.body
        .split("\r\n")
        .slice(1, 5)
        .map((l) => l.split(",")[0]),
    ).toEqual(['"2"', '"4"', '"5"', '"7"']);
  });

  test("without lines (a script), rows are numbered 1… in order; a line given twice is refused, nothing saved", async () => {
    await db()
      .insert(user)
      .values(memberRow(staff, { emailVerified: true }));
    const plain = await prepareBatch(ctx(), { label: "Plain", rows: [row("0241230011", "5.00"), row("0241230012", "5.00")] });
    expect((await batchRowsPage(db(), plain.id)).map((r) => r.rowNumber)).toEqual([1, 2]);
    const twice = await prepareBatch(ctx(), { label: "Twice", rows: [row("0241230021", "5.00", 3), row("0241230022", "5.00", 3)] }).catch(
      (e: unknown) => e,
    );
    expect(asProblem(twice)).toMatchObject({ status: 422, code: "invalid_rows", fields: { "rows.1.line": "Line 3 appears twice" } });
    for (const line of [0, -1, 1.5, "2"]) {
      const bad = await prepareBatch(ctx(), { label: "Bad", rows: [{ ...row("0241230031", "5.00"), line }] }).catch((e: unknown) => e);
      // Refused by the body's schema, as the pipeline answers it: 422 naming the cell.
      const res = handleApiError(bad);
      expect(res.status, String(line)).toBe(422);
      expect(Object.keys((await res.json()).error.fields), String(line)).toEqual(["rows.0.line"]);
    }
  });
});
