// `npm run audit:verify` as an auditor runs it, on a PGlite folder and on PostgreSQL: its words and
// its exit code (0 verified, 1 broken, 2 usage or error). The command's own function
// (lib/audit-log/verify-command.ts) in this process with the environment each case gives; the
// real command, a process of its own, once for a verdict and once for a usage error, so that the
// words and exit codes are the process's too.
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditVerify } from "@/lib/audit-log/verify-command";
import { openDb, type Db } from "@/lib/db/open";
import { backends, useLedger } from "../support/db";
import { ids, tamper, writeRows } from "../support/audit-chain";
import { migratedFolder } from "../support/commands";

type Run = { code: number; out: string; err: string };

const lines = (list: string[]) => list.map((l) => `${l}\n`).join("");

/** The command in this process, as `npm run audit:verify` would run it with `env` set. */
async function verify(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerify(
    args,
    { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
    {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
  );
  return { code, out: lines(out), err: lines(err) };
}

/** The real command: a process of its own. */
function verifyProcess(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/audit-verify.ts", ...args],
      { env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env }, timeout: 60_000 },
      (error, out, err) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, out, err }),
    );
  });
}

const HEAD = /Head hash: ([0-9a-f]{64})/;

describe("audit:verify on a PGlite folder", () => {
  let dir: string;
  const withDb = async (fn: (db: Db) => Promise<void>) => {
    const opened = await openDb({ dataDir: dir });
    try {
      await fn(opened.db);
    } finally {
      await opened.close();
    }
  };
  // Folders made from the run's migrated template: migrating each anew costs seconds.
  beforeAll(async () => {
    dir = await migratedFolder();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("an empty log, a verified one with its head, the head noted, a removed tail, a changed entry", async () => {
    const empty = await verify({ DATA_DIR: dir });
    expect(empty).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Audit chain verified: the log is empty\.\nSignatures checked with key [0-9a-f]{16}\.\n$/),
    });
    await withDb((db) => writeRows(db, 4));
    const first = await verify({ DATA_DIR: dir });
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^Audit chain verified: 4 entries, up to entry #\d+ at \d{4}-\d\d-\d\dT[\d:.]+Z\.\n/);
    const head = HEAD.exec(first.out)![1];

    await withDb((db) => writeRows(db, 2));
    const later = await verify({ DATA_DIR: dir }, "--expect-head", head.toUpperCase());
    expect(later).toMatchObject({ code: 0 });
    expect(later.out).toContain("6 entries");
    expect(later.out).toContain("The noted head is still in the chain, unchanged.");

    await withDb(async (db) => tamper(db, `delete from audit_events where id >= ${(await ids(db))[3]}`));
    expect((await verify({ DATA_DIR: dir })).code).toBe(0); // a shorter chain is whole in itself
    const cut = await verify({ DATA_DIR: dir }, "--expect-head", head);
    expect(cut.code).toBe(1);
    expect(cut.out).toContain(`AUDIT CHAIN BROKEN: The head you noted (${head}) is not in the log`);

    let changed = 0;
    await withDb(async (db) => {
      changed = (await ids(db))[1];
      await tamper(db, `update audit_events set detail = '{"i": 7}' where id = ${changed}`);
    });
    const broken = await verify({ DATA_DIR: dir });
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`AUDIT CHAIN BROKEN: The entry #${changed} (“Signed in”,`);
    expect(broken.out).toContain("was changed after it was written");
    expect(broken.out).toMatch(/Verified before the break: 1 entry, up to entry #\d+ at .+ \(hash [0-9a-f]{64}\)\./);
  }, 120_000);

  test("an entry INSERTed directly is named by its missing signature; without the key only the chain is checked, and says so", async () => {
    let forged = 0;
    const signed = await migratedFolder(async (db) => {
      await writeRows(db, 2);
      await db.execute(sql`insert into audit_events (action, actor_email) values ('role_changed', 'forger@example.com')`);
      forged = (await ids(db))[2];
    });
    try {
      const run = await verify({ DATA_DIR: signed });
      expect(run.code).toBe(1);
      expect(run.out).toContain(`AUDIT CHAIN BROKEN: The entry #${forged} (“Role changed”,`);
      expect(run.out).toContain("carries no signature: the dashboard did not write it");
      const keyless = await verify({ DATA_DIR: signed, AUDIT_SIGNING_KEY: "" });
      expect(keyless.code).toBe(0);
      expect(keyless.out).toContain("No signing key (AUDIT_SIGNING_KEY, or the key file in DATA_DIR): only the hash chain is checked");
    } finally {
      await rm(signed, { recursive: true, force: true });
    }
  }, 120_000);

  test.each([
    [["--expect-head", "abc"], "--expect-head takes a 64-character hex hash"],
    [["--expect-head"], "--expect-head"],
    [["--frobnicate"], "Unknown option '--frobnicate'"],
  ])("%j is a usage error (exit 2)", async (args, words) => {
    const run = await verify({ DATA_DIR: dir }, ...args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(words);
    expect(run.err).toContain("usage: npm run audit:verify");
  });
});

test("the real command says and exits what its function returns: a verdict (0), a usage error (2)", async () => {
  const own = await migratedFolder((db) => writeRows(db, 3));
  try {
    const real = await verifyProcess({ DATA_DIR: own });
    expect(real).toMatchObject({ code: 0, err: "", out: expect.stringContaining("Audit chain verified: 3 entries") });
    expect(real).toEqual(await verify({ DATA_DIR: own }));
    const usage = await verifyProcess({ DATA_DIR: own }, "--expect-head", "abc");
    expect(usage).toMatchObject({ code: 2, out: "" });
    expect(usage.err).toContain("usage: npm run audit:verify");
    expect(usage).toEqual(await verify({ DATA_DIR: own }, "--expect-head", "abc"));
  } finally {
    await rm(own, { recursive: true, force: true });
  }
}, 120_000);

const postgres = backends.find((b) => b.name === "postgres");

describe.runIf(postgres)("audit:verify on PostgreSQL", () => {
  // Collected even when skipped (its hooks then never run): without PostgreSQL, any backend will do.
  const db = useLedger(postgres ?? backends[0]);
  const env = { DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" };

  test("verified (0), then a removed middle entry named (1)", async () => {
    await writeRows(db(), 3);
    const ok = await verify(env);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("Audit chain verified: 3 entries");
    const [a, removed, c] = await ids(db());
    await tamper(db(), `delete from audit_events where id = ${removed}`);
    const run = await verify(env);
    expect(run.code).toBe(1);
    expect(run.out).toContain(`The entry #${c} (“Signed in”,`);
    expect(run.out).toContain(`does not follow entry #${a}: an entry between them was removed`);
  }, 60_000);

  test("a database it cannot reach is an error (2), not a verdict", async () => {
    const run = await verify({ DATABASE_URL: "postgres://nobody:nothing@127.0.0.1:1/none" });
    expect(run.code).toBe(2);
    expect(run.err).toContain("could not verify the audit chain");
  }, 60_000);
});
