// A migration that fails, said in one sentence for the start's log line (lib/startup.ts,
// failedStart) and `npm run db:migrate`: which migration, and what the database answered.
// Drizzle's own error is "Failed query: <the whole statement>", which names neither.
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

export function migrationError(error: unknown, folder: string): Error {
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  const said = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  if (typeof query !== "string") return new Error(`migration failed: ${said}`, { cause: error });
  // The journal lists the files in the order drizzle reads them: the statement's index is its file's.
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = readMigrationFiles({ migrationsFolder: folder }).findIndex((m) => m.sql.some((s) => s.trim() === query.trim()));
  const tag = journal.entries[at]?.tag;
  return new Error(`migration ${tag ?? "(unknown)"} failed: ${said}`, { cause: error });
}
