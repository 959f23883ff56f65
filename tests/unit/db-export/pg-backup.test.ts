// docs/operations.md, "Backups on PostgreSQL", done as written: a used database dumped with
// `pg_dump -Fc` and restored with `pg_restore` into a new one by the real tools, then the same
// check as `npm run audit:verify` (its own function) with the same head hash, and the app opened
// on the restored database as a least-privileged role given the guide's grant block again: the
// same history page and every table's count. Needs TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditVerify } from "@/lib/audit-log/verify-command";
import { openDb } from "@/lib/db/open";
import { historyPage } from "@/lib/history/page";
import { askerOf } from "../support/asker";
import { backends, useOpenedLedger } from "../support/db";
import { documentedGrants } from "../support/documented-grants";
import { useSandboxUpstream } from "../support/sandbox";
import { documentedCommands, renamed } from "./documented";
import { as, databaseUrl, dropDatabase, onDatabase, tableCounts, tool } from "./postgres-tools";
import { useTheLedger } from "./used-ledger";

async function verify(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await auditVerify([], env, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join("\n") };
}

const postgres = backends.find((b) => b.name === "postgres");

describe.runIf(postgres)("a PostgreSQL backup restored", () => {
  // Collected even when skipped (its hooks then never run): without PostgreSQL, any backend will do.
  const opened = useOpenedLedger(postgres ?? backends[0]);
  const upstream = useSandboxUpstream();
  const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://unset/unset");
  const restored = `${server.pathname.slice(1)}_restored`;
  // The restored database's owner (not a superuser) and the app's least-privileged role.
  const tag = randomBytes(4).toString("hex");
  const asOwner = as(server, `momo_owner_restored_${tag}`, randomBytes(12).toString("hex"));
  const asApp = as(databaseUrl(server, restored), `momo_app_restored_${tag}`, randomBytes(12).toString("hex"));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pg-backup-"));
    await dropDatabase(server, restored);
    await onDatabase(
      server,
      "postgres",
      `CREATE ROLE ${asOwner.username} LOGIN CREATEDB PASSWORD '${asOwner.password}'`,
      `CREATE ROLE ${asApp.username} LOGIN PASSWORD '${asApp.password}'`,
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    // The roles' objects and grants live in the restored database: gone with it.
    await dropDatabase(server, restored);
    await onDatabase(server, "postgres", `DROP ROLE IF EXISTS ${asApp.username}`, `DROP ROLE IF EXISTS ${asOwner.username}`);
  });

  test("pg_dump -Fc, createdb, pg_restore: the audit chain verifies with the same head; as the app's role after the grants, the same history and counts", async () => {
    const owner = await useTheLedger(opened(), upstream.url);
    const page = await historyPage(askerOf(opened().db, owner), {}, {});
    const counts = await tableCounts(opened().db);
    const key = process.env.AUDIT_SIGNING_KEY ?? "";
    const before = await verify({ DATABASE_URL: server.toString(), AUDIT_SIGNING_KEY: key });
    expect(before.code).toBe(0);
    const head = /Head hash: ([0-9a-f]{64})/.exec(before.out)?.[1];

    const steps = documentedCommands("Backups on PostgreSQL");
    expect(steps.map((s) => s.argv[0])).toEqual(["pg_dump", "createdb", "pg_restore", "npm"]);
    const names = { momo: server.pathname.slice(1), momo_restored: restored, "momo.dump": path.join(dir, "momo.dump") };
    const [dumping, creating, restoring, verifying] = steps;
    expect(await tool(server, "pg_dump", renamed(dumping.argv.slice(1), names))).toMatchObject({ code: 0, err: "" });
    expect(await tool(asOwner, "createdb", renamed(creating.argv.slice(1), names))).toMatchObject({ code: 0, err: "" });
    // pg_trgm made beforehand by a superuser, as "Least privilege on PostgreSQL" has it.
    await onDatabase(server, restored, "CREATE EXTENSION IF NOT EXISTS pg_trgm");
    expect(await tool(asOwner, "pg_restore", renamed(restoring.argv.slice(1), names))).toMatchObject({ code: 0, err: "" });
    expect(verifying.argv).toEqual(["npm", "run", "audit:verify"]);
    expect(Object.keys(verifying.settings)).toEqual(["DATABASE_URL", "AUDIT_SIGNING_KEY"]);
    const url = databaseUrl(asOwner, restored);
    const after = await verify({ DATABASE_URL: url.toString(), AUDIT_SIGNING_KEY: key });
    expect(after).toMatchObject({ code: 0, out: expect.stringContaining(`Head hash: ${head}`) });

    // The grants are not restored (--no-privileges): the guide's block again, as the owner.
    const grants = documentedGrants().map((statement) =>
      statement
        .replace(/\bmomo_app\b/g, asApp.username)
        .replace(/\bmomo_owner\b/g, asOwner.username)
        .replace(/\bDATABASE momo\b/g, `DATABASE "${restored}"`),
    );
    await onDatabase(asOwner, restored, ...grants);
    // Would throw if opening ran drizzle's migrator: this role may not CREATE SCHEMA.
    const app = await openDb({ databaseUrl: asApp.toString() });
    try {
      expect(await historyPage(askerOf(app.db, owner), {}, {})).toEqual(page);
      expect(await tableCounts(app.db)).toEqual(counts);
    } finally {
      await app.close();
    }
    expect(await verify({ DATABASE_URL: asApp.toString(), AUDIT_SIGNING_KEY: key })).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Head hash: ${head}`),
    });
  }, 60_000);
});
