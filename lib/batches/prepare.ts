// POST /api/batches as a use case: a file's rows, checked again as the browser's preview checked
// them; one bad row refuses the batch and names the cells at fault.
import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Asker } from "@/lib/access/types";
import { createBatch } from "./queries";
import { checkBatchRow, newBatchSchema, type BatchRowInput } from "./schema";
import type { BatchView } from "./view";
import { viewOf } from "./views";

/** A refused file names at most this many cells: enough to fix from, not a 10,000-entry answer. */
const MAX_PROBLEMS_NAMED = 100;

/** POST /api/batches: every row checked again as the preview did; one bad row refuses the batch. */
export async function prepareBatch({ db, member }: Asker, body: unknown): Promise<BatchView> {
  const { label, rows } = newBatchSchema.parse(body);
  const fields: Record<string, string> = {};
  let bad = 0;
  const ready: BatchRowInput[] = [];
  // A row is known by its line in the file everywhere (the batch page, the dialog, the results file).
  const lines = rows.map((r, i) => r.line ?? i + 1);
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    if (seen.has(line)) fields[`rows.${i}.line`] = `Line ${line} appears twice`;
    seen.add(line);
  }
  for (const [i, text] of rows.entries()) {
    const checked = checkBatchRow(text, env().CURRENCIES);
    if (checked.ok) {
      ready.push(checked.row);
      continue;
    }
    bad++;
    for (const [column, message] of Object.entries(checked.problems)) {
      if (Object.keys(fields).length < MAX_PROBLEMS_NAMED) fields[`rows.${i}.${column}`] = message;
    }
  }
  if (bad > 0 || Object.keys(fields).length) {
    const n = Math.max(bad, 1);
    throw new AppError("invalid_rows", `${n} ${n === 1 ? "row needs" : "rows need"} attention; nothing was saved.`, { fields });
  }
  return viewOf(db, await createBatch(db, label, ready, member, lines), member);
}
