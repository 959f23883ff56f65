// Every way a row reaches the audit log is chained by the database's trigger in the writing
// transaction: audit(), the charge answer's one-statement CTE, writers racing on separate
// connections and on two app instances, transactions that roll back. And the log is
// append-only: UPDATE, DELETE and TRUNCATE are refused even to a role allowed to run them.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { verifyChain } from "@/lib/audit-log/chain";
import { audit } from "@/lib/audit/entries";
import { createCharge } from "@/lib/charges/create";
import { auditEvents } from "@/lib/db/schema";
import { chargeInput, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { useChargeUpstream } from "../support/ledger";
import { writeRows } from "../support/audit-chain";

describe.each(backends)("audit chain writers on $name", (backend) => {
  const db = useLedger(backend);
  const { deps } = useChargeUpstream(db);

  test("rows from audit() and from the charge answer's CTE form one chain", async () => {
    const answerAudit = { action: "charge_created" as const, actorId: "member-1", actorEmail: "ama@example.com" };
    for (let i = 0; i < 3; i++) {
      await writeRows(db(), 1);
      await createCharge({ ...deps(), audit: answerAudit }, chargeInput({ amount: String(i + 1) }), newKey(), "member-1");
    }
    const rows = await db().select({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.id);
    expect(rows.map((r) => r.action)).toEqual(["sign_in", "charge_created", "sign_in", "charge_created", "sign_in", "charge_created"]);
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 6 });
  });

  test("a rolled-back writer leaves no gap in the chain", async () => {
    await writeRows(db(), 2);
    await expect(
      db().transaction(async (tx) => {
        await audit(tx, { action: "member_added", actorEmail: "command line" });
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    await writeRows(db(), 2);
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 4 });
  });

  test.each(["repeatable read", "serializable"])("a writer at %s is refused (its snapshot could miss the last row)", async (level) => {
    await writeRows(db(), 2);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql.raw(`set transaction isolation level ${level}`));
        await audit(tx, { action: "member_added", actorEmail: "command line" });
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ message: "audit_events rows are written at READ COMMITTED only" }) });
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 2 });
  });

  test.each([
    ["UPDATE", "update audit_events set action = 'sign_out'"],
    ["DELETE", "delete from audit_events"],
    ["TRUNCATE", "truncate audit_events"],
  ])("%s is refused, and the log stays as it was", async (op, statement) => {
    await writeRows(db(), 3);
    await expect(db().execute(sql.raw(statement))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: `audit_events is append-only: ${op} refused` }),
    });
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 3 });
  });

  test.runIf(backend.name === "postgres")(
    "50 writers on parallel connections of two app instances give one unbroken chain in id order",
    async () => {
      const second = await backend.open();
      try {
        const write = (i: number) =>
          (i % 2 ? second.db : db()).transaction(async (tx) => {
            await audit(tx, { action: "sign_in", actorEmail: `racer${i}@example.com`, detail: { i } });
            // Some writers also roll back a row of their own: the chain must not link to it.
            if (i % 5 === 0) await tx.execute(sql`select pg_sleep(0.01)`);
          });
        const doomed = (i: number) =>
          second.db
            .transaction(async (tx) => {
              await audit(tx, { action: "sign_out", actorEmail: `doomed${i}@example.com` });
              throw new Error("rolled back");
            })
            .catch(() => {});
        await Promise.all([...Array.from({ length: 50 }, (_, i) => write(i)), ...Array.from({ length: 5 }, (_, i) => doomed(i))]);
        const result = await verifyChain(db());
        expect(result).toMatchObject({ ok: true, checked: 50 });
        const [{ n }] = await db()
          .select({ n: sql<number>`count(distinct ${auditEvents.actorEmail})::int` })
          .from(auditEvents);
        expect(n).toBe(50);
      } finally {
        await second.close();
      }
    },
    60_000,
  );
});
