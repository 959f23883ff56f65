// A spreadsheet's rows read in the browser with Papa Parse: a heading line names the columns (in
// any order, several spellings each), comma, semicolon, tab (a spreadsheet's copy) or bar
// separated. The bulk batch's file (lib/batches/parse-file.ts) and the customers import
// (lib/customers/import-rows.ts) each give their columns; checking the rows is theirs.
import Papa from "papaparse";

export type HeadedRow<C extends string> = { line: number; text: Record<C, string> };
export type HeadedFile<C extends string> = { ok: true; rows: HeadedRow<C>[]; ignored: string[] } | { ok: false; message: string };

export type HeadedFileSpec<C extends string> = {
  columns: readonly C[];
  /** The headings a file may use for each column (lower case; spaces, dashes and dots as "_"). */
  headings: Record<C, readonly string[]>;
  /** Columns a file must have. */
  required: readonly C[];
  maxRows: number;
  /** Why a file of `rows` rows is refused (over maxRows). */
  tooMany: (rows: number) => string;
};

/** The column a file's heading stands for, or null (an extra column is ignored). */
function columnOf<C extends string>(spec: HeadedFileSpec<C>, heading: string): C | null {
  const key = heading
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, "_");
  return spec.columns.find((c) => spec.headings[c].includes(key)) ?? null;
}

/** Each row's cells by column ("" where the file has none), with its line (the heading is line 1). */
export function readHeadedFile<C extends string>(content: string, spec: HeadedFileSpec<C>): HeadedFile<C> {
  const parsed = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", "\t", ";", "|"],
  });
  const [heading, ...lines] = parsed.data;
  if (!heading) return { ok: false, message: "The file is empty: it needs a heading line and at least one row." };
  const columns = heading.map((h) => columnOf(spec, h));
  const missing = spec.required.filter((c) => !columns.includes(c));
  if (missing.length) {
    return {
      ok: false,
      message: `The heading line needs ${missing.map((c) => `a “${c}” column`).join(" and ")}. Expected columns: ${spec.columns.join(", ")}.`,
    };
  }
  if (lines.length === 0) return { ok: false, message: "The file has a heading line but no rows." };
  if (lines.length > spec.maxRows) return { ok: false, message: spec.tooMany(lines.length) };
  const empty = Object.fromEntries(spec.columns.map((c) => [c, ""])) as Record<C, string>;
  const rows = lines.map((cells, i) => {
    const text = { ...empty };
    columns.forEach((c, j) => {
      if (c && cells[j] !== undefined) text[c] = cells[j];
    });
    return { line: i + 2, text };
  });
  const ignored = heading
    .filter((_, j) => columns[j] === null)
    .map((h) => h.trim())
    .filter(Boolean);
  return { ok: true, rows, ignored };
}
