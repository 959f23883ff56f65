// A migration that fails is named in one sentence (the start's log line, lib/startup.ts): which
// migration, from its statement, and what the database said — not drizzle's whole statement.
import path from "node:path";
import { expect, test } from "vitest";
import { migrationError } from "@/lib/db/migration-error";

const FOLDER = path.resolve("lib/db/migrations");

test("names the migration whose statement failed, and the database's words", () => {
  const query =
    'CREATE TABLE "upstream_pauses" (\n\t"key_id" text PRIMARY KEY NOT NULL,\n\t"until" timestamp with time zone NOT NULL\n);\n';
  const failed = Object.assign(new Error(`Failed query: ${query}\nparams: `), {
    query,
    cause: new Error('relation "upstream_pauses" already exists'),
  });
  expect(migrationError(failed, FOLDER).message).toBe('migration 0005_outbound_budget failed: relation "upstream_pauses" already exists');
});

test("without a statement (the journal or a file unreadable), says what it can", () => {
  expect(migrationError(new Error("Can't find meta/_journal.json file"), FOLDER).message).toBe(
    "migration failed: Can't find meta/_journal.json file",
  );
});
