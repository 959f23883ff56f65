// `npm run db:export` and the move it prints, done as docs/operations.md ("Moving to PostgreSQL")
// gives it: a used embedded database exported by the command's own function
// (lib/db-export/command.ts), loaded with the real createdb and psql into an empty PostgreSQL
// database by the role that is to own it (not a superuser), opened by the app (its migrations find everything applied), then the same history
// page, every table's count, an audit chain that verifies with the carried-over key, and a new
// charge after the move. Its refusals run on PGlite alone; the move needs TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { auditVerify } from "@/lib/audit-log/verify-command";
import { KEY_FILE } from "@/lib/audit/signing";
import { installBatchQueue } from "@/lib/batches/queue-install";
import { createCharge } from "@/lib/charges/create";
import { dbExport } from "@/lib/db-export/command";
import { forPostgres15 } from "@/lib/db-export/dump";
import { openDb } from "@/lib/db/open";
import { historyPage } from "@/lib/history/page";
import { askerOf } from "../support/asker";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { useSandboxUpstream } from "../support/sandbox";
import { as, databaseUrl, dropDatabase, onDatabase, tableCounts, tool } from "./postgres-tools";
import { documentedCommands, renamed } from "./documented";
import { useTheLedger } from "./used-ledger";

type Said = { code: number; out: string; err: string };

async function exportAs(env: Record<string, string>, ...args: string[]): Promise<Said> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await dbExport(args, { ...process.env, DATABASE_URL: "", ...env }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function verify(env: Record<string, string>): Promise<Said> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerify([], env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

// One data folder for the file, as a first start leaves it (the migrated template): the refusals
// leave it as they found it, then the move fills it.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "db-export-"));
  const opened = await openDb({ dataDir: dir, loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]) });
  await opened.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("db:export, with no PostgreSQL", () => {
  test("a folder a running server holds: it names the process and writes nothing", async () => {
    const file = path.join(dir, "held.sql");
    // The lock a server writes (lib/db/folder-lock.ts), by a process that is alive: vitest's own.
    await writeFile(path.join(dir, "momo.lock"), String(process.ppid));
    try {
      const said = await exportAs({ DATA_DIR: dir }, file);
      expect(said).toMatchObject({ code: 1, out: "" });
      expect(said.err).toContain(`could not export the database: The data folder ${dir} is in use by process ${process.ppid}`);
      expect(said.err).toContain("Stop it first");
      await expect(stat(file)).rejects.toThrow();
    } finally {
      await rm(path.join(dir, "momo.lock"));
    }
  });

  test("with AUDIT_SIGNING_KEY set it says to keep that key, and never prints it; nothing but the file is left", async () => {
    const file = path.join(dir, "kept-key.sql");
    const said = await exportAs({ DATA_DIR: dir, AUDIT_SIGNING_KEY: process.env.AUDIT_SIGNING_KEY ?? "" }, file);
    expect(said).toMatchObject({ code: 0, err: "" });
    expect(said.out).toContain("with the AUDIT_SIGNING_KEY set now (it signed the audit log)");
    expect(said.out).toContain("AUDIT_SIGNING_KEY=<the same key> npm start");
    expect(said.out).not.toContain(process.env.AUDIT_SIGNING_KEY);
    expect(said.out).toContain("must verify (the log is empty).");
    expect(await readdir(dir)).not.toContain("kept-key.sql.part");
    // Its own tables by name, quoted where they must be.
    expect(await readFile(file, "utf8")).toMatch(
      /\nANALYZE drizzle\.__drizzle_migrations, public\."user", public\.account, .*, public\.webhook_endpoints;\n$/,
    );
    await rm(file);
  });

  test("PostgreSQL already, a folder with no database, a file that exists, a dump it does not know, two files", async () => {
    const pgSet = await exportAs({ DATA_DIR: dir, DATABASE_URL: "postgres://momo@db/momo" });
    expect(pgSet).toMatchObject({
      code: 1,
      err: expect.stringContaining("DATABASE_URL is set: this dashboard runs on PostgreSQL already"),
    });
    const empty = await mkdtemp(path.join(tmpdir(), "db-export-empty-"));
    try {
      expect(await exportAs({ DATA_DIR: empty })).toMatchObject({
        code: 1,
        err: `No embedded database in ${empty}: set DATA_DIR to the dashboard's data folder.`,
      });
    } finally {
      await rm(empty, { recursive: true });
    }
    const there = path.join(dir, "there.sql");
    await writeFile(there, "kept");
    expect(await exportAs({ DATA_DIR: dir }, there)).toMatchObject({ code: 1, err: `${there} exists already: name a new file.` });
    expect(await readFile(there, "utf8")).toBe("kept");
    await rm(there);
    expect(() => forPostgres15("-- Dumped by pg_dump version 17.6\nSET transaction_timeout = 0;\n")).toThrow(
      "The export expects pg_dump 18",
    );
    const two = await exportAs({ DATA_DIR: dir }, "a.sql", "b.sql");
    expect(two).toMatchObject({ code: 2, err: expect.stringContaining("usage: npm run db:export") });
  });
});

/** The app's schema (tables, indexes, constraints, functions, triggers) as pg_dump writes it. */
async function schemaOf(server: URL, database: string): Promise<string> {
  const args = ["--schema-only", "--no-owner", "--no-privileges", "-n", "public", "-n", "drizzle", "-d", database];
  const dumped = await tool(server, "pg_dump", args);
  expect(dumped).toMatchObject({ code: 0, err: "" });
  // Each dump is fenced by a random key of its own (pg_dump 15.14 and later).
  return dumped.out.replace(/^\\(un)?restrict \w+$/gm, "");
}

const base = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;

describe.runIf(base)("moving a used embedded database to PostgreSQL", () => {
  const upstream = useSandboxUpstream();
  const server = base ?? new URL("postgres://unset/unset");
  const moved = `${server.pathname.slice(1)}_moved`;
  // The role that is to own the database, as the guide has it load the file: no superuser.
  const role = `momo_owner_moved_${randomBytes(4).toString("hex")}`;
  const asOwner = as(server, role, randomBytes(12).toString("hex"));
  beforeAll(async () => {
    await dropDatabase(server, moved);
    await onDatabase(server, "postgres", `CREATE ROLE ${role} LOGIN CREATEDB PASSWORD '${asOwner.password}'`);
  });
  afterAll(async () => {
    await dropDatabase(server, moved);
    await onDatabase(server, "postgres", `DROP ROLE IF EXISTS ${role}`);
  });

  test("the guide's steps: the same history page, every table's count and schema, the audit chain verified with the carried-over key, a new charge", async () => {
    const embedded = await openDb({ dataDir: dir });
    const owner = await useTheLedger(embedded, upstream.url);
    const page = await historyPage(askerOf(embedded.db, owner), {}, {});
    const counts = await tableCounts(embedded.db);
    await embedded.close();
    expect(page.total.count).toBe(8); // four by hand, three of the batch, one from the pay link
    expect(counts).toMatchObject({ "public.session": 1, "public.customers": 1, "public.batches": 1, "public.payment_requests": 1 });
    // The key these tests sign with (vitest.config.ts), as a first start keeps it in the folder.
    const keyFile = path.join(dir, KEY_FILE);
    await writeFile(keyFile, `${process.env.AUDIT_SIGNING_KEY}\n`, { mode: 0o600 });

    // docs/operations.md's block, on the test's server: `momo` is this test's own database.
    const file = path.join(dir, "momo-export.sql");
    const names = { momo: moved, "momo.sql": file };
    const url = databaseUrl(asOwner, moved).toString();
    const steps = documentedCommands("Moving to PostgreSQL");
    expect(steps.map((s) => s.argv.slice(0, 3).join(" "))).toEqual([
      "npm run db:export",
      "createdb momo",
      "psql -v ON_ERROR_STOP=1",
      "npm run audit:verify",
    ]);
    const [exporting, creating, loading, verifying] = steps;

    expect(exporting.argv.slice(3, 4)).toEqual(["--"]);
    const said = await exportAs({ DATA_DIR: dir, AUDIT_SIGNING_KEY: "" }, ...renamed(exporting.argv.slice(4), names));
    expect(said).toMatchObject({ code: 0, err: "" });
    expect(said.out).toContain(`8 charges, 1 customers, 1 bulk batches, 1 pay links, ${counts["public.audit_events"]} audit entries.`);
    // It prints the guide's next two commands, with its file.
    expect(said.out).toContain(`\n       ${creating.line}\n`);
    expect(said.out).toContain(`\n       ${loading.line.replace("momo.sql", file)}\n`);
    // The guide reads the key from the default folder's file; the export prints this folder's.
    expect(verifying.settings).toEqual({ DATABASE_URL: expect.any(String), AUDIT_SIGNING_KEY: '"$(cat data/audit-signing.key)"' });
    expect(said.out).toContain(` AUDIT_SIGNING_KEY="$(cat ${keyFile})" npm start\n`);
    expect(said.out).not.toContain(process.env.AUDIT_SIGNING_KEY);
    const head = /print this head hash: ([0-9a-f]{64})$/m.exec(said.out)?.[1];
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect(await tool(asOwner, "createdb", renamed(creating.argv.slice(1), names))).toMatchObject({ code: 0, err: "" });
    // pg_trgm made beforehand by a superuser, as "Least privilege on PostgreSQL" has it: the file
    // must not touch what the owner does not own (without it, the owner makes it: a trusted extension).
    await onDatabase(server, moved, "CREATE EXTENSION IF NOT EXISTS pg_trgm");
    expect(await tool(asOwner, "psql", renamed(loading.argv.slice(1), names))).toMatchObject({ code: 0, err: "" });
    const key = (await readFile(keyFile, "utf8")).trim();
    const verified = await verify({ DATABASE_URL: url, AUDIT_SIGNING_KEY: key });
    expect(verified).toMatchObject({ code: 0, out: expect.stringContaining(`Head hash: ${head}`) });

    const app = await openDb({ databaseUrl: url });
    try {
      expect(await historyPage(askerOf(app.db, owner), {}, {})).toEqual(page);
      expect(await tableCounts(app.db)).toEqual(counts); // drizzle's journal too: no migration ran again
      // The job queue starts on the schema it brought (pg-boss checks its version) and finds its queues.
      await installBatchQueue(app);
      // Nothing lost on the way from 18 to 15: the schema is the one the migrations made here
      // (the run's migrated database, which the workers' are copied from and no test changes).
      const migrated = new URL(inject("postgresBase") ?? server).pathname.slice(1);
      expect(await schemaOf(server, moved)).toBe(await schemaOf(server, migrated));
      // The sequences came along: a new charge, its events and its audit entry take new ids.
      const { charge } = await createCharge(
        { db: app.db, upstream: clientFor(upstream.url), audit: { action: "charge_created", actorId: owner.id, actorEmail: owner.email } },
        chargeInput({ description: "After the move" }),
        newKey(),
        owner.id,
      );
      expect(charge.status).toBe("success");
      expect((await historyPage(askerOf(app.db, owner), {}, {})).total.count).toBe(9);
      expect(await verify({ DATABASE_URL: url, AUDIT_SIGNING_KEY: key })).toMatchObject({
        code: 0,
        out: expect.stringContaining(`${counts["public.audit_events"] + 1} entries`),
      });
    } finally {
      await app.close();
    }
  }, 60_000);
});
