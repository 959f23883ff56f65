// Customers imported from a CSV file (or pasted rows): read in the browser (lib/headed-file.ts), each
// row checked with the directory's own schema (./schema.ts), the same check the server makes on
// POST /api/customers/import. Browser-safe: no server imports.
import * as z from "zod/mini";
import "@/lib/zod";
import { readHeadedFile } from "@/lib/headed-file";
import { NETWORK_CELL_PROBLEMS, networkOfCell } from "@/lib/market/networks";
import { IMPORT_COLUMNS, type ImportColumn } from "./shape";
import { type CustomerInput, customerSchema } from "./schema";

export const IMPORT_MAX_ROWS = 10_000;

export type ImportRowText = Record<ImportColumn, string>;
export type ImportRowCheck = { ok: true; customer: CustomerInput } | { ok: false; problems: Partial<Record<ImportColumn, string>> };

/** A row of the file: its line (the heading being line 1), what it holds, how it checks. */
export type ImportRow = { line: number; text: ImportRowText; check: ImportRowCheck };

const COLUMN_OF: Record<string, ImportColumn> = {
  name: "name",
  phoneNumber: "phone",
  provider: "network",
  reference: "reference",
  email: "email",
  note: "note",
};

/** One row, as the directory's form would check it; problems are named by the file's columns. */
export function checkImportRow(text: ImportRowText): ImportRowCheck {
  const problems: Partial<Record<ImportColumn, string>> = {};
  const { provider, named } = networkOfCell(text.network, text.phone);
  if (named && !provider) problems.network = NETWORK_CELL_PROBLEMS.unknown;
  const parsed = customerSchema.safeParse({
    name: text.name,
    phoneNumber: text.phone,
    provider: provider ?? undefined,
    reference: text.reference,
    email: text.email,
    note: text.note,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF[String(issue.path[0])];
      if (!column || problems[column]) continue;
      problems[column] = column === "network" && !named ? NETWORK_CELL_PROBLEMS.noPrefix : issue.message;
    }
    // A number that is no number names no network either: its own problem says enough.
    if (!named && problems.phone) delete problems.network;
  }
  return parsed.success && Object.keys(problems).length === 0 ? { ok: true, customer: parsed.data } : { ok: false, problems };
}

/** The headings a file may use for each column (lib/headed-file.ts compares them). */
const HEADINGS: Record<ImportColumn, readonly string[]> = {
  name: ["name", "customer", "customer_name", "full_name"],
  phone: ["phone", "phone_number", "number", "msisdn", "mobile", "mobile_number", "momo_number"],
  network: ["network", "provider", "operator"],
  reference: ["reference", "customer_reference", "ref", "student_id", "customer_id", "member_id"],
  email: ["email", "e_mail", "email_address", "mail"],
  note: ["note", "notes", "comment"],
};

export type ParsedImport = { ok: true; rows: ImportRow[]; ignored: string[] } | { ok: false; message: string };

/** The file (lib/headed-file.ts), each row checked as the server will. */
export function parseImportFile(content: string): ParsedImport {
  const file = readHeadedFile(content, {
    columns: IMPORT_COLUMNS,
    headings: HEADINGS,
    required: ["name", "phone"],
    maxRows: IMPORT_MAX_ROWS,
    tooMany: (n) =>
      `The file has ${n.toLocaleString("en")} rows; an import takes at most ${IMPORT_MAX_ROWS.toLocaleString("en")}. Split it in two.`,
  });
  if (!file.ok) return file;
  return { ok: true, rows: file.rows.map((r) => ({ ...r, check: checkImportRow(r.text) })), ignored: file.ignored };
}

/** A cell as the file has it: text, at most CELL_MAX characters (longer is no value of any column). */
const CELL_MAX = 600;
const cell = (column: ImportColumn) =>
  z._default(
    z.string({ error: `The ${column} must be text` }).check(z.maxLength(CELL_MAX, `The ${column} is longer than any value it can hold`)),
    "",
  );

/** The body of POST /api/customers/import: the rows as text with their file lines, checked again on the server. */
export const importSchema = z.object({
  rows: z
    .array(
      z.object({
        line: z.int({ error: "Each row needs its line number" }).check(z.minimum(2), z.maximum(IMPORT_MAX_ROWS + 1)),
        name: cell("name"),
        phone: cell("phone"),
        network: cell("network"),
        reference: cell("reference"),
        email: cell("email"),
        note: cell("note"),
      }),
      { error: "Send the rows as a list" },
    )
    .check(
      z.minLength(1, "Add at least one row"),
      z.maxLength(IMPORT_MAX_ROWS, `An import takes at most ${IMPORT_MAX_ROWS.toLocaleString("en")} rows`),
    ),
});

/** What an import did: how many customers were added, and the rows left out with why. */
export type ImportResult = {
  added: number;
  skipped: { line: number; reason: "in_directory" | "repeated_in_file" }[];
};
