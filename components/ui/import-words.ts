// What the file import (import-wizard.tsx) says and sends, apart from React, so that it is tested
// once: a bulk batch's rows and a customers import read, name their lines and fail the same way.
import { HttpError } from "@/components/ui/fetch-json";
import { countOf, groupDigits } from "@/lib/format";
import { providerLabel } from "@/lib/market/networks";

/** What a file gave, said once as it is read: "40 rows read from fees, 2 need attention." */
export function readLine(source: string, rows: readonly { check: { ok: boolean } }[]): string {
  const bad = rows.filter((r) => !r.check.ok).length;
  const read = `${countOf(rows.length, "row")} read from ${source}`;
  return bad ? `${read}, ${groupDigits(bad)} ${bad === 1 ? "needs" : "need"} attention.` : `${read}, every row is ready.`;
}

/** The name of rows pasted on `day` (they have no file name): a batch's first label. */
export function pastedName(day: Date): string {
  return `Pasted rows ${day.toISOString().slice(0, 10)}`;
}

/** The rows as the server checks them again: each cell as typed, with its line in the file. */
export function rowsToSend<C extends string>(
  rows: readonly { line: number; text: Record<C, string> }[],
): ({ line: number } & Record<C, string>)[] {
  return rows.map((r) => ({ line: r.line, ...r.text }));
}

/** A ready row's empty network cell shows the network its number implies, so the row says what it will use. */
export function networkFromNumber(cell: string, provider: string): string | undefined {
  return cell.trim() ? undefined : `${providerLabel(provider)} (from the number)`;
}

/**
 * Why a send failed, as its alert says it: the server's refusal (with the fields it names, at most
 * five, as lines of the file), or `unreachable` when the failure is no answer of ours.
 */
export function sendRefusal(error: Error | null, unreachable: string, sent: readonly { line: number }[]) {
  if (!error) return null;
  const refusal = error instanceof HttpError ? error : new HttpError(0, "network", unreachable);
  const lines = refusal.fields
    ? Object.entries(refusal.fields)
        .slice(0, 5)
        .map(([key, problem]) => `${fieldAtLine(key, sent)}: ${problem}`)
    : null;
  return { message: refusal.message, lines };
}

/** A refused file's fields, "rows.3.phone", as the lines a person finds in their file: "Line 5, phone". */
function fieldAtLine(key: string, sent: readonly { line: number }[]): string {
  const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
  const row = m ? sent[Number(m[1])] : undefined;
  return m && row ? `Line ${row.line}, ${m[2]}` : key;
}
