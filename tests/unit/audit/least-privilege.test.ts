// docs/operations.md, "Least privilege on PostgreSQL", done as written: the owner migrates and sets up the job
// queue (as `npm run db:migrate` does), a real login role gets exactly the grants of docs/operations.md
// (the SQL is read from it), then the app opens the database as that role, works (members,
// sign-in secret, charges through the outbound budget, a bulk batch through its job queue, audit
// rows), and cannot change the audit log, switch its triggers off or take over the schema.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyChain } from "@/lib/audit-log/chain";
import { auditSigningKey } from "@/lib/audit/signing";
import { decideBatch } from "@/lib/batches/decide";
import { createBatch, getBatch } from "@/lib/batches/queries";
import { queueBatch, startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import { installBatchQueue } from "@/lib/batches/queue-install";
import { audit } from "@/lib/audit/entries";
import { createAuth } from "@/lib/auth/create-auth";
import { createMember } from "@/lib/team/members";
import { getOrCreateSecret } from "@/lib/session/secret";
import { createCharge } from "@/lib/charges/create";
import { openDb, rowsOf, type OpenedDb } from "@/lib/db/open";
import { user } from "@/lib/db/schema";
import { createBudget } from "@/lib/momo/budget";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { useChargeUpstream } from "../support/ledger";
import { documentedGrants } from "../support/documented-grants";

const postgres = backends.find((b) => b.name === "postgres");

describe.runIf(postgres)("the app as a least-privileged PostgreSQL role", () => {
  // Collected even when skipped (its hooks then never run): without PostgreSQL, any backend will do.
  const db = useLedger(postgres ?? backends[0]);
  const { upstream } = useChargeUpstream(db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://unset");
  const role = `momo_app_lp_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  let admin: pg.Client;
  let app: OpenedDb;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const { rows } = await admin.query<{ owner: string; database: string }>("select current_user as owner, current_database() as database");
    // `npm run db:migrate` as the owner: the migrations (applied by useLedger) and the job queue.
    const asOwner = await openDb({ databaseUrl: url.toString() });
    await installBatchQueue(asOwner);
    await asOwner.close();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    for (const statement of documentedGrants()) {
      const ours = statement
        .replace(/\bmomo_app\b/g, role)
        .replace(/\bmomo_owner\b/g, `"${rows[0].owner}"`)
        .replace(/\bDATABASE momo\b/g, `DATABASE "${rows[0].database}"`);
      await admin.query(ours);
    }
    const appUrl = new URL(url);
    appUrl.username = role;
    appUrl.password = password;
    // Would throw if opening ran drizzle's migrator: this role may not CREATE SCHEMA.
    app = await openDb({ databaseUrl: appUrl.toString() });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await admin.query(`DROP OWNED BY ${role}`);
    await admin.query(`DROP ROLE ${role}`);
    await admin.end();
  });

  test("the app works as that role: members, the secret, a charge through the budget, audit rows in the chain", async () => {
    const secret = await getOrCreateSecret(app.db, "better_auth");
    const auth = createAuth({ db: app.db, secret });
    const id = await createMember(auth, {
      name: "Least Privilege",
      email: `${role}@example.com`,
      password: "correct horse battery",
      role: "staff",
    });
    await audit(app.db, { action: "member_added", actorEmail: "command line", targetId: id, detail: { role: "staff" } });
    const budget = createBudget(app.db, "sk_test_least_privilege_0123", { limit: 10, maxWaitMs: 0 });
    const { charge } = await createCharge(
      {
        db: app.db,
        upstream: clientFor(upstream.url),
        budget,
        audit: { action: "charge_created", actorId: id, actorEmail: "x@example.com" },
      },
      chargeInput(),
      newKey(),
      id,
    );
    expect(charge.status).toBe("success");
    expect(await verifyChain(app.db)).toMatchObject({ ok: true, checked: 2 });
  });

  test("bulk batches run as that role: its job queue starts on the owner's pg-boss schema and sends every row once", async () => {
    const maker = { id: `${role}-owner`, email: `${role}-owner@example.com`, name: "Owner", role: "owner" as const };
    await app.db.insert(user).values(memberRow(maker));
    const rows = Array.from({ length: 5 }, (_, i) => ({
      phoneNumber: `024${String(2_000_000 + i).padStart(7, "0")}`,
      amountMinor: 100 + i,
      currency: "GHS" as const,
      provider: "mtn" as const,
      description: `Least privilege row ${i + 1}`,
      customerReference: "",
    }));
    const batch = await createBatch(app.db, "Least privilege", rows, maker);
    await decideBatch(app.db, batch.id, maker, { approve: true, acknowledgeDuplicates: false }, 10);
    const errors: unknown[] = [];
    const before = upstream.received.filter((r) => r.method === "POST").length;
    try {
      await startBatchQueue(
        app,
        () => ({
          db: app.db,
          upstream: clientFor(upstream.url),
          budget: createBudget(app.db, "sk_test_least_privilege_batch", { limit: 100, maxWaitMs: 0, batchShare: 0.8 }),
          pollMs: 20,
        }),
        (_level, event, detail) => errors.push({ event, detail }),
      );
      expect(await queueBatch(app, batch.id)).toBe(5);
      for (let i = 0; i < 300 && (await getBatch(app.db, batch.id))?.status !== "completed"; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect((await getBatch(app.db, batch.id))?.status).toBe("completed");
      expect(upstream.received.filter((r) => r.method === "POST").length - before).toBe(5);
    } finally {
      await stopBatchQueue();
    }
    expect(errors).toEqual([]);
  }, 60_000);

  test.each([
    ["UPDATE an audit row", "update audit_events set action = 'sign_out'"],
    ["DELETE an audit row", "delete from audit_events"],
    ["TRUNCATE the audit log", "truncate audit_events"],
    ["disable the chain's trigger", "alter table audit_events disable trigger audit_events_chain"],
    ["drop the append-only trigger", "drop trigger audit_events_append_only on audit_events"],
    [
      "replace the trigger's function",
      "create or replace function audit_events_refuse_change() returns trigger language plpgsql as $$ begin return new; end $$",
    ],
    ["switch triggers off", "set session_replication_role = replica"],
    ["move the sequence", "select setval(pg_get_serial_sequence('audit_events', 'id'), 1)"],
    ["UPDATE a signature", "update audit_signatures set signature = 'x'"],
    ["DELETE a signature", "delete from audit_signatures"],
    ["move where signing starts", "update audit_signing_start set first_signed_id = 1000000"],
    ["drop the signatures' trigger", "drop trigger audit_signatures_append_only on audit_signatures"],
    ["create a table", "create table public.shadow (id int)"],
  ])("it may not %s", async (_what, statement) => {
    await audit(app.db, { action: "sign_in", actorEmail: "before@example.com" });
    await expect(app.db.execute(sql.raw(statement))).rejects.toMatchObject({ cause: expect.objectContaining({ code: "42501" }) });
    expect(await verifyChain(app.db, { key: auditSigningKey() })).toMatchObject({ ok: true, checked: 1 });
  });

  test("an entry it INSERTs by hand is chained by the trigger, and named by its missing signature", async () => {
    await audit(app.db, { action: "sign_in", actorEmail: "before@example.com" });
    await app.db.execute(
      sql`insert into audit_events (action, actor_email, target_id) values ('charge_reconciled', 'forger@example.com', 'x')`,
    );
    const [row] = rowsOf<{ id: string }>(await app.db.execute(sql`select max(id)::text as id from audit_events`));
    expect(await verifyChain(app.db)).toMatchObject({ ok: true, checked: 2 });
    expect(await verifyChain(app.db, { key: auditSigningKey() })).toMatchObject({
      ok: false,
      checked: 1,
      broken: { kind: "unsigned", id: Number(row.id) },
    });
  });
});
