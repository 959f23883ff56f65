// Customers imported from a file's rows (POST /api/customers/import): checked again as the preview
// checked them, added in one transaction with its audit entry (counts only: no name, number or note).
import { audit } from "@/lib/audit";
import type { Asker } from "@/lib/access/types";
import { AppError } from "@/lib/errors";
import { insertCustomers } from "./queries";
import { checkImportRow, type ImportResult, importSchema } from "./import-rows";
import type { CustomerInput } from "./schema";

/** At most this many problems are named in one refusal (each says its row and column). */
const MAX_PROBLEMS_NAMED = 50;

/**
 * An import from a file: every row checked again as the preview checked it (one bad row refuses
 * the whole import, 422 naming rows.N.column, and nothing is added); a number or reference already
 * in the directory, or repeated in the file, is left out and said. Audited with the counts only, as
 * the member asking.
 */
export async function importCustomers({ db, member }: Asker, body: unknown): Promise<ImportResult> {
  const { rows } = importSchema.parse(body);
  const fields: Record<string, string> = {};
  let bad = 0;
  const ready: { line: number; customer: CustomerInput }[] = [];
  for (const [i, { line, ...text }] of rows.entries()) {
    const checked = checkImportRow(text);
    if (checked.ok) {
      ready.push({ line, customer: checked.customer });
      continue;
    }
    bad++;
    for (const [column, message] of Object.entries(checked.problems)) {
      if (Object.keys(fields).length < MAX_PROBLEMS_NAMED) fields[`rows.${i}.${column}`] = message;
    }
  }
  if (bad > 0)
    throw new AppError("invalid_rows", `${bad} ${bad === 1 ? "row needs" : "rows need"} attention; nothing was imported.`, {
      fields: fields,
    });

  // The first row with a number (or a reference) is the one imported; later ones are repeats.
  const phones = new Set<string>();
  const references = new Set<string>();
  const skipped: ImportResult["skipped"] = [];
  const first: typeof ready = [];
  for (const r of ready) {
    const reference = r.customer.reference;
    if (phones.has(r.customer.phoneNumber) || (reference && references.has(reference))) {
      skipped.push({ line: r.line, reason: "repeated_in_file" });
      continue;
    }
    phones.add(r.customer.phoneNumber);
    if (reference) references.add(reference);
    first.push(r);
  }
  const added = await insertCustomers(
    db,
    first.map((r) => r.customer),
    member.id,
    (tx, count) =>
      audit(tx, {
        action: "customers_imported",
        actor: member,
        detail: { rows: rows.length, added: count, skipped: rows.length - count },
      }),
  );
  for (const r of first) if (!added.has(r.customer.phoneNumber)) skipped.push({ line: r.line, reason: "in_directory" });
  skipped.sort((a, b) => a.line - b.line);
  return { added: added.size, skipped };
}
