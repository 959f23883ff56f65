// A bulk batch's file (or pasted rows) read in the browser with Papa Parse: the heading line names
// the columns (in any order, several spellings: ./row-schema.ts columnOf), comma, semicolon or
// tab separated (a spreadsheet's copy is tab-separated), each row checked as the server will.
import Papa from "papaparse";
import { BATCH_COLUMNS, BATCH_MAX_ROWS, type BatchColumn, type BatchRowText, checkBatchRow, columnOf, type RowCheck } from "./row-schema";

/** A row of the file: where it was (1-based line, the heading being line 1), what it holds, how it checks. */
export type FileRow = { line: number; text: BatchRowText; check: RowCheck };

export type ParsedFile = { ok: true; rows: FileRow[]; ignored: string[] } | { ok: false; message: string };

export const EMPTY_ROW: BatchRowText = { phone: "", amount: "", currency: "", network: "", description: "", customer_reference: "" };

export function parseBatchFile(content: string): ParsedFile {
  const parsed = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", "\t", ";", "|"],
  });
  const [heading, ...lines] = parsed.data;
  if (!heading) return { ok: false, message: "The file is empty: it needs a heading line and at least one row." };
  const columns = heading.map((h) => columnOf(h));
  const missing = (["phone", "amount"] as const).filter((c) => !columns.includes(c));
  if (missing.length) {
    return {
      ok: false,
      message: `The heading line needs ${missing.map((c) => `a “${c}” column`).join(" and ")}. Expected columns: ${BATCH_COLUMNS.join(", ")}.`,
    };
  }
  if (lines.length === 0) return { ok: false, message: "The file has a heading line but no rows." };
  if (lines.length > BATCH_MAX_ROWS) {
    return {
      ok: false,
      message: `The file has ${lines.length.toLocaleString("en")} rows; a batch has at most ${BATCH_MAX_ROWS.toLocaleString("en")}. Split it in two.`,
    };
  }
  const rows = lines.map((cells, i) => {
    const text: BatchRowText = { ...EMPTY_ROW };
    columns.forEach((c, j) => {
      if (c && cells[j] !== undefined) text[c] = cells[j];
    });
    return { line: i + 2, text, check: checkBatchRow(text) };
  });
  const ignored = heading
    .filter((_, j) => columns[j] === null)
    .map((h) => h.trim())
    .filter(Boolean);
  return { ok: true, rows, ignored };
}

/** A row changed by hand in the preview, checked again. */
export function editRow(row: FileRow, column: BatchColumn, value: string): FileRow {
  const text = { ...row.text, [column]: value };
  return { ...row, text, check: checkBatchRow(text) };
}
