// `npm run db:restore <file>` (scripts/db-restore.ts runs this): a backup (lib/backup/format.ts)
// made the data folder again, with the server stopped. Everything is checked before anything
// changes: the file whole (length, checksum, the key and GCM tag when encrypted), a release that
// knows every migration it holds, a folder no live process holds. The backup is unpacked beside
// DATA_DIR and opened (migrated, if it is from an earlier release), its row counts compared with
// the manifest; only then is DATA_DIR renamed aside (kept, named in the output) and the new folder
// put in its place. Returns the exit code: 0 restored, 1 refused, 2 usage.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { FolderInUse, holdFolder } from "@/lib/db/folder-lock";
import { openDb, rowsOf } from "@/lib/db/open";
import { sql } from "drizzle-orm";
import { BackupRefused, type Manifest, openBackup } from "./format";
import { countsSql, knownMigrations, TABLES_SQL } from "./take";
import type { CommandEnv, CommandIo } from "@/lib/command-io";

const USAGE = "usage: npm run db:restore <backup file>   (the server stopped; into DATA_DIR, ./data by default)";

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/** The row counts of the database in `dir` that differ from the manifest's, as "table: found, expected". */
async function countsDiffer(dir: string, manifest: Manifest, payload: Buffer): Promise<string[]> {
  const opened = await openDb({ dataDir: dir, loadDataDir: new Blob([new Uint8Array(payload)]) });
  try {
    const tables = rowsOf<{ name: string }>(await opened.db.execute(sql.raw(TABLES_SQL))).map((r) => r.name);
    const found = new Map(
      rowsOf<{ name: string; n: number }>(await opened.db.execute(sql.raw(countsSql(tables)))).map((r) => [r.name, r.n]),
    );
    return Object.entries(manifest.rows)
      .filter(([table, n]) => found.get(table) !== n)
      .map(([table, n]) => `${table}: ${found.get(table) ?? "missing"}, the backup says ${n}`);
  } finally {
    await opened.close();
    // The dump holds the lock file of the server it was taken from: the restored folder is free.
    await unlink(path.join(dir, "momo.lock")).catch(() => {});
  }
}

export async function restoreCommand(args: string[], env: CommandEnv, io: CommandIo, now = new Date()): Promise<number> {
  let file: string;
  try {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Error("name one backup file");
    file = path.resolve(positionals[0]);
  } catch (error) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }
  if (env.DATABASE_URL) {
    io.err(
      "DATABASE_URL is set: this restores the embedded database (PGlite). On PostgreSQL, restore with pg_restore (docs/operations.md).",
    );
    return 1;
  }
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  let release = async () => {};
  let staging: string | null = null;
  try {
    const bytes = await readFile(file).catch(() => {
      throw new BackupRefused(`Cannot read ${file}.`);
    });
    const { manifest, payload, encrypted } = await openBackup(bytes, env.BACKUP_ENCRYPTION_KEY || undefined);
    const known = new Set(knownMigrations().values());
    const newer = manifest.migrations.filter((m) => !known.has(m));
    if (newer.length)
      throw new BackupRefused(
        `This backup is from a newer release (${manifest.appVersion}): its migrations include ${newer.join(", ")}, which this release does not know. Restore it with that release or a later one.`,
      );
    // Held until the folder is renamed aside: no server may start on it half-way.
    if (existsSync(dataDir)) release = await holdFolder(dataDir);
    await mkdir(path.dirname(dataDir), { recursive: true });
    staging = `${dataDir}.restoring-${stamp(now)}`;
    await rm(staging, { recursive: true, force: true });
    const differ = await countsDiffer(staging, manifest, payload);
    if (differ.length)
      throw new BackupRefused(`The restored database's row counts differ from the backup's manifest: ${differ.join("; ")}.`);
    let replaced: string | null = null;
    if (existsSync(dataDir)) {
      replaced = `${dataDir}.replaced-${stamp(now)}`;
      await rename(dataDir, replaced);
      release = async () => unlink(path.join(replaced as string, "momo.lock")).catch(() => {});
    }
    await rename(staging, dataDir).catch(async (error: unknown) => {
      if (replaced) await rename(replaced, dataDir); // put back as it was
      throw error;
    });
    staging = null;
    const tables = Object.keys(manifest.rows).length;
    const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    io.out(
      `Restored ${path.basename(file)} (taken ${manifest.takenAt}, release ${manifest.appVersion}${encrypted ? ", encrypted" : ""}) into ${dataDir}.`,
    );
    io.out(`Row counts checked: all ${tables} tables match the backup's manifest (${rows.toLocaleString("en")} rows).`);
    io.out(replaced ? `The folder it replaced is kept at ${replaced}.` : "There was no data folder to replace.");
    io.out("Next: npm run audit:verify, then start the server.");
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused || error instanceof FolderInUse) io.err(`Nothing was changed. ${error.message}`);
    else io.err(`Nothing was changed: the restore failed: ${(error as Error).message}`);
    return 1;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true }).catch(() => {});
    await release();
  }
}
