// The documented commands as an operator runs them: `npm run <script> -- <args>`, a process of its
// own, and a PGlite folder to run them on, made from the run's migrated template (no initdb).
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type Db, openDb } from "@/lib/db/open";

export type Run = { code: number; out: string; err: string };

/** `npm run --silent <script> -- <args>` with `env` over this process's. */
export function npmRun(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      { env: { ...process.env, ...env }, timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? (child.exitCode ?? 1) : 0, out, err }),
    );
  });
}

/** A new PGlite folder holding the migrated template and what `fill` writes; closed, ready for a command. */
export async function migratedFolder(fill?: (db: Db) => Promise<unknown>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "momo-command-"));
  const opened = await openDb({ dataDir: dir, loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]) });
  try {
    await fill?.(opened.db);
  } finally {
    await opened.close();
  }
  return dir;
}
