// A bulk batch's file (or pasted rows) read in the browser (lib/headed-file.ts: the heading line
// names the columns in any order and several spellings), each row checked as the server will.
import { readHeadedFile } from "@/lib/headed-file";
import type { CurrencyCode } from "@/lib/money";
import { BATCH_COLUMNS, type BatchColumn } from "./shape";
import { BATCH_HEADINGS, BATCH_MAX_ROWS, type BatchRowText, checkBatchRow, type RowCheck } from "./schema";

/** A row of the file: where it was (1-based line, the heading being line 1), what it holds, how it checks. */
export type FileRow = { line: number; text: BatchRowText; check: RowCheck };

export type ParsedFile = { ok: true; rows: FileRow[]; ignored: string[] } | { ok: false; message: string };

/** `accepted`: the currencies the account accepts (the first for an empty cell). */
export function parseBatchFile(content: string, accepted?: readonly CurrencyCode[]): ParsedFile {
  const file = readHeadedFile(content, {
    columns: BATCH_COLUMNS,
    headings: BATCH_HEADINGS,
    required: ["phone", "amount"],
    maxRows: BATCH_MAX_ROWS,
    tooMany: (n) =>
      `The file has ${n.toLocaleString("en")} rows; a batch has at most ${BATCH_MAX_ROWS.toLocaleString("en")}. Split it in two.`,
  });
  if (!file.ok) return file;
  return { ok: true, rows: file.rows.map((r) => ({ ...r, check: checkBatchRow(r.text, accepted) })), ignored: file.ignored };
}

/** A row changed by hand in the preview, checked again. */
export function editRow(row: FileRow, column: BatchColumn, value: string, accepted?: readonly CurrencyCode[]): FileRow {
  const text = { ...row.text, [column]: value };
  return { ...row, text, check: checkBatchRow(text, accepted) };
}
