// `npm run db:export [-- <file>]` (scripts/db-export.ts runs this): the embedded database (PGlite in
// DATA_DIR) written as a plain SQL file for an empty PostgreSQL database (15 or later), then what
// the operator does next: load it, and start on it with the key that signed the audit log. Takes
// the data folder as every command does, so it refuses while a server holds it. Returns the exit
// code: 0 written, 1 refused or failed, 2 usage. The environment and the output are given, so that
// tests run it in their own process (lib/audit-log/verify-command.ts does the same).
import { existsSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { KEY_FILE } from "@/lib/audit";
import { openDb } from "@/lib/db/open";
import { exportSql } from "./dump";
import { nextSteps, type Summary } from "./next-steps";
import type { CommandEnv, CommandIo } from "@/lib/command-io";

const USAGE = "usage: npm run db:export [-- <file>]   (default: momo-export-<date and time>.sql here)";

// What the move must bring along, counted before it: the operator finds the same after loading.
const COUNTED = `select
  (select count(*) from charges)::int as charges,
  (select count(*) from customers)::int as customers,
  (select count(*) from batches)::int as batches,
  (select count(*) from payment_requests)::int as "payLinks",
  (select count(*) from audit_events)::int as "auditEntries",
  (select hash from audit_events order by id desc limit 1) as "auditHead"`;

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", "-").replaceAll(":", "");

export async function dbExport(args: string[], env: CommandEnv, io: CommandIo, now = new Date()): Promise<number> {
  let target: string;
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new Error("one file at most");
    target = path.resolve(positionals[0] ?? `momo-export-${stamp(now)}.sql`);
  } catch (error) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }

  if (env.DATABASE_URL) {
    io.err(
      "DATABASE_URL is set: this dashboard runs on PostgreSQL already. Back it up with pg_dump (docs/operations.md, “Backups on PostgreSQL”).",
    );
    return 1;
  }
  const dir = path.resolve(env.DATA_DIR || "./data");
  // openDb would make an empty database in a folder that has none: nothing to move.
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    io.err(`No embedded database in ${dir}: set DATA_DIR to the dashboard's data folder.`);
    return 1;
  }
  if (existsSync(target)) {
    io.err(`${target} exists already: name a new file.`);
    return 1;
  }

  try {
    // Takes the folder (FolderInUse names the server holding it) and applies this release's
    // migrations, so PostgreSQL gets the schema this release runs on.
    const opened = await openDb({ dataDir: dir });
    // openDb's PGlite handle is the PGlite itself; its type names only what the tests' template uses.
    const pg = opened.pglite as PGlite;
    let summary: Summary;
    try {
      const [counts] = (await pg.query<Omit<Summary, "bytes">>(COUNTED)).rows;
      const text = await exportSql(pg);
      await writeWhole(target, text);
      summary = { ...counts, bytes: Buffer.byteLength(text) };
    } finally {
      await opened.close();
    }
    for (const line of nextSteps({ dir, file: target, summary, keyFile: signingKeyFile(dir, env) })) io.out(line);
    return 0;
  } catch (error) {
    io.err(`could not export the database: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * Customers' numbers and the team's accounts: readable by this user only. Written under another
 * name first, so that a file by the asked name is whole (a full disk leaves none).
 */
async function writeWhole(target: string, text: string): Promise<void> {
  const part = `${target}.part`;
  try {
    await writeFile(part, text, { flag: "wx", mode: 0o600 });
    await rename(part, target);
  } finally {
    await rm(part, { force: true });
  }
}

/** Where the audit log's key is: the environment (null), the key file, or nowhere (undefined). */
function signingKeyFile(dir: string, env: CommandEnv): string | null | undefined {
  if (env.AUDIT_SIGNING_KEY) return null;
  const file = path.join(dir, KEY_FILE);
  return existsSync(file) ? file : undefined;
}
