// Bulk batches on a real database, with the sandbox over real HTTP as the upstream: maker-checker,
// possible duplicates, pause and cancel, and the promise that no row is ever sent twice — rows
// sent twice over, in parallel, after a "crash" left them half-way, and through the job queue.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { AppError } from "@/lib/errors";
import { controlBatch, decideBatch } from "@/lib/batches/decide";
import { batchCounts, batchDuplicates, createBatch, getBatch } from "@/lib/batches/queries";
import { queueBatch, startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import type { BatchRowInput } from "@/lib/batches/schema";
import { batchRowKey, sendBatchRow, type RunnerDeps } from "@/lib/batches/runner";
import type { Member } from "@/lib/access/types";
import { plantCharge } from "../support/ledger";
import type { Db } from "@/lib/db/open";
import { auditEvents, batchRows, charges, user } from "@/lib/db/schema";
import { createBudget } from "@/lib/momo/budget";
import { clientFor } from "../support/charge";
import { backends, useOpenedLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { useSandboxUpstream } from "../support/sandbox";
import { asProblem } from "../support/auth";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
const owner2: Member = { id: "owner-2", email: "owner2@example.test", name: "Second owner", role: "owner" };
const staff: Member = { id: "staff-1", email: "staff@example.test", name: "Staff", role: "staff" };

async function addMembers(db: Db, members: Member[]) {
  await db.insert(user).values(members.map((m) => memberRow(m)));
}

function rows(n: number, over: Partial<BatchRowInput> = {}): BatchRowInput[] {
  return Array.from({ length: n }, (_, i) => ({
    phoneNumber: `024${String(1_000_000 + i).padStart(7, "0")}`,
    amountMinor: 100 + i,
    currency: "GHS",
    provider: "mtn",
    description: `Batch test row ${i + 1}`,
    customerReference: "",
    ...over,
  }));
}

describe.each(backends)("bulk batches on $name", (backend) => {
  const opened = useOpenedLedger(backend, { fresh: true });
  const db = () => opened().db;
  const upstream = useSandboxUpstream();
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  const deps = (limit = 1_000): RunnerDeps => ({
    db: db(),
    upstream: clientFor(upstream.url),
    budget: createBudget(db(), `sk_test_batches_${backend.name}_${limit}`, { limit, maxWaitMs: 0, batchShare: 0.8 }),
    pollMs: 20,
  });
  const started = async (n: number, maker = owner) => {
    await addMembers(db(), [owner, staff]);
    const batch = await createBatch(db(), "Term fees", rows(n), maker);
    await decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
    return batch;
  };

  test("a batch is written with its rows, totals and an audit entry that holds no number or description", async () => {
    await addMembers(db(), [owner, staff]);
    const batch = await createBatch(db(), "Term fees", rows(3), staff);
    expect(batch).toMatchObject({ status: "awaiting_approval", rowCount: 3, totals: { GHS: 303 }, createdBy: staff.id });
    expect(await batchCounts(db(), batch.id)).toMatchObject({ queued: 3, sent: 0 });
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "batch_created"));
    expect(entry.detail).toEqual({ rows: 3, totals: { GHS: 303 } });
    expect(JSON.stringify(entry)).not.toMatch(/024\d{7}|Batch test row/);
  });

  test("maker-checker: staff never approve; the maker approves only as the sole owner; another owner may", async () => {
    await addMembers(db(), [owner, staff]);
    const b1 = await createBatch(db(), "One", rows(2), owner);
    const b2 = await createBatch(db(), "Two", rows(2, { amountMinor: 999 }), staff);
    const refusal = await decideBatch(db(), b2.id, staff, { approve: true, acknowledgeDuplicates: false }, 10).catch((e: unknown) => e);
    expect(asProblem(refusal)).toMatchObject({ status: 403, code: "maker_checker" });
    // The only owner may approve their own batch (the default rule, sole_owner)…
    await decideBatch(db(), b1.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
    // …but not once there is a second owner.
    await addMembers(db(), [owner2]);
    const b3 = await createBatch(db(), "Three", rows(1, { amountMinor: 5_000 }), owner);
    expect(
      asProblem(await decideBatch(db(), b3.id, owner, { approve: true, acknowledgeDuplicates: false }, 10).catch((e: unknown) => e)),
    ).toMatchObject({
      status: 403,
      code: "maker_checker",
    });
    await expect(decideBatch(db(), b3.id, owner2, { approve: true, acknowledgeDuplicates: false }, 10)).resolves.toMatchObject({
      status: "running",
      decidedBy: owner2.id,
    });
    // "never": not even the sole owner.
    await db().execute(sql`insert into security_settings (id, batch_self_approval) values (1, 'never')
      on conflict (id) do update set batch_self_approval = 'never'`);
    await db().delete(user).where(eq(user.id, owner2.id));
    const b4 = await createBatch(db(), "Four", rows(1, { amountMinor: 7_000 }), owner);
    expect(
      asProblem(await decideBatch(db(), b4.id, owner, { approve: true, acknowledgeDuplicates: false }, 10).catch((e: unknown) => e)),
    ).toMatchObject({
      status: 403,
      code: "maker_checker",
    });
  });

  test("two owners deciding at once: one decision stands, the other is told the batch's state", async () => {
    await addMembers(db(), [owner, owner2, staff]);
    const batch = await createBatch(db(), "Race", rows(3), staff);
    const results = await Promise.allSettled([
      decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10),
      decideBatch(db(), batch.id, owner2, { approve: false, acknowledgeDuplicates: false }, 10),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(lost?.reason).toBeInstanceOf(AppError);
    expect(asProblem(lost?.reason)).toMatchObject({ status: 409, code: "batch_state" });
    const decided = await db().select().from(auditEvents).where(sql`action in ('batch_approved', 'batch_rejected')`);
    expect(decided).toHaveLength(1);
  });

  test("possible duplicates, in the batch and in the ledger, must be confirmed before approval", async () => {
    await addMembers(db(), [owner, staff]);
    const recent = rows(1)[0];
    await plantCharge(db(), {
      idempotencyKey: "recent-charge-0001",
      amountMinor: recent.amountMinor,
      phoneNumber: recent.phoneNumber,
      createdBy: staff.id,
      status: "success",
    });
    const batch = await createBatch(db(), "Dupes", [...rows(2), rows(1)[0]], staff);
    const found = await batchDuplicates(db(), batch.id, 10);
    expect(found.map((d) => [d.kind, d.rowNumber])).toEqual([
      ["recent", 1],
      ["in_batch", 3],
      ["recent", 3],
    ]);
    const refused = await decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10).catch((e: unknown) => e);
    expect(asProblem(refused)).toMatchObject({
      status: 409,
      code: "possible_duplicates",
      fields: { acknowledgeDuplicates: expect.any(String) },
    });
    expect((await getBatch(db(), batch.id))?.status).toBe("awaiting_approval");
    await expect(decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: true }, 10)).resolves.toMatchObject({
      status: "running",
    });
  });

  test("the approver may leave the possible duplicates out: skipped, never sent, recorded with who decided", async () => {
    await addMembers(db(), [owner, staff]);
    const batch = await createBatch(db(), "Skip dupes", [...rows(3), rows(1)[0]], staff);
    expect((await batchDuplicates(db(), batch.id, 10)).map((d) => d.rowNumber)).toEqual([4]);
    await expect(decideBatch(db(), batch.id, owner, { approve: true, skipDuplicates: true }, 10)).resolves.toMatchObject({
      status: "running",
    });
    expect(await batchCounts(db(), batch.id)).toMatchObject({ queued: 3, skipped: 1 });
    const before = posts();
    expect(await sendBatchRow(deps(), batch.id, 4)).toBe("skipped");
    expect(await Promise.all([1, 2, 3].map((n) => sendBatchRow(deps(), batch.id, n)))).toEqual(["sent", "sent", "sent"]);
    expect(posts() - before).toBe(3);
    expect((await getBatch(db(), batch.id))?.status).toBe("completed");
    expect(await batchCounts(db(), batch.id)).toMatchObject({ sent: 3, skipped: 1, queued: 0, success: 3 });
    const [approved] = await db().select().from(auditEvents).where(eq(auditEvents.action, "batch_approved"));
    expect(approved).toMatchObject({ actorId: owner.id, detail: { duplicatesSkipped: 1, skippedLines: [4] } });
  });

  test("a batch's charge is audited as its maker's, naming the batch (not its label) and who approved it", async () => {
    const batch = await started(1, staff);
    expect(await sendBatchRow(deps(), batch.id, 1)).toBe("sent");
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "charge_created"));
    expect(entry).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      detail: { batchId: batch.id, approvedBy: owner.email },
    });
    expect(JSON.stringify(entry.detail)).not.toContain("Term fees");
  });

  test("every row sent twice over, in parallel: each reaches the upstream once and the batch completes", async () => {
    const batch = await started(12);
    const before = posts();
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => sendBatchRow(deps(), batch.id, (i % 12) + 1)));
    expect(posts() - before).toBe(12);
    expect(results.filter((r) => r === "sent")).toHaveLength(12);
    expect(await batchCounts(db(), batch.id)).toMatchObject({ queued: 0, sending: 0, sent: 12, success: 12 });
    expect((await getBatch(db(), batch.id))?.status).toBe("completed");
    const made = await db().select().from(charges).where(eq(charges.batchId, batch.id));
    expect(made.map((c) => c.batchRow).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(made.map((c) => c.createdBy))).toEqual(new Set([owner.id]));
  });

  test("a row a dead process left claimed: with a ledger row it is linked, never resent; without one it is sent once", async () => {
    const batch = await started(2);
    await db().update(batchRows).set({ state: "sending" }).where(eq(batchRows.batchId, batch.id));
    // Row 1's ledger row was written (its request may have left) before the process died.
    const [r1] = await db().select().from(batchRows).where(sql`batch_id = ${batch.id} and row_number = 1`);
    const { charge: left } = await plantCharge(db(), {
      idempotencyKey: batchRowKey(batch.id, 1),
      requestHash: (await import("@/lib/charges/request-hash")).requestHash({
        phoneNumber: r1.phoneNumber,
        amountMinor: r1.amountMinor,
        currency: "GHS",
        provider: "mtn",
        vouchers: "",
        description: r1.description,
      }),
      amountMinor: r1.amountMinor,
      phoneNumber: r1.phoneNumber,
      description: r1.description,
      createdBy: owner.id,
      batchId: batch.id,
      batchRow: 1,
    });
    const before = posts();
    expect(await sendBatchRow(deps(), batch.id, 1)).toBe("replayed");
    expect(await sendBatchRow(deps(), batch.id, 2)).toBe("sent");
    expect(posts() - before).toBe(1);
    const [row1] = await db().select().from(batchRows).where(sql`batch_id = ${batch.id} and row_number = 1`);
    expect(row1).toMatchObject({ state: "sent", chargeId: left.id });
    expect((await getBatch(db(), batch.id))?.status).toBe("completed");
  });

  test("pause holds every unsent row, resume sends them; cancel stops them for good and is audited", async () => {
    await addMembers(db(), [owner, staff]);
    const batch = await createBatch(db(), "Controls", rows(4), staff);
    await decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
    await controlBatch(db(), batch.id, staff, "pause");
    const before = posts();
    expect(await sendBatchRow(deps(), batch.id, 1)).toBe("skipped");
    expect(posts()).toBe(before);
    await controlBatch(db(), batch.id, owner, "resume");
    expect(await sendBatchRow(deps(), batch.id, 1)).toBe("sent");
    await controlBatch(db(), batch.id, staff, "cancel");
    expect(await Promise.all([2, 3, 4].map((n) => sendBatchRow(deps(), batch.id, n)))).toEqual(["skipped", "skipped", "skipped"]);
    expect(posts() - before).toBe(1);
    expect(await batchCounts(db(), batch.id)).toMatchObject({ sent: 1, cancelled: 3, queued: 0 });
    expect(asProblem(await controlBatch(db(), batch.id, owner, "resume").catch((e: unknown) => e))).toMatchObject({ status: 409 });
    const actions = (await db().select().from(auditEvents).where(sql`action like 'batch_%'`)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["batch_created", "batch_approved", "batch_paused", "batch_resumed", "batch_cancelled"]),
    );
  });

  test("another staff member may not pause or cancel a batch they did not prepare", async () => {
    const batch = await started(1, staff);
    const other: Member = { ...staff, id: "staff-2", email: "staff2@example.test" };
    expect(asProblem(await controlBatch(db(), batch.id, other, "cancel").catch((e: unknown) => e))).toMatchObject({ status: 403 });
    expect((await getBatch(db(), batch.id))?.status).toBe("running");
  });

  test("a batch's rows use at most their share of the budget: people charging by hand keep the rest", async () => {
    const budget = createBudget(db(), `sk_test_share_${backend.name}`, { limit: 10, maxWaitMs: 0, batchShare: 0.8 });
    const batchPlaces = await Promise.all(Array.from({ length: 10 }, () => budget.tryTake("batch")));
    expect(batchPlaces.filter((t) => t.granted)).toHaveLength(8);
    expect((await budget.tryTake("charge")).granted).toBe(true);
    expect((await budget.tryTake("charge")).granted).toBe(true);
    expect((await budget.tryTake("charge")).granted).toBe(false);
  });

  test("the job queue sends a whole batch, each row once, even with every row queued twice", async () => {
    const batch = await started(30);
    const before = posts();
    try {
      await startBatchQueue(
        opened(),
        () => deps(),
        () => {},
      );
      expect(await queueBatch(opened(), batch.id)).toBe(30);
      expect(await queueBatch(opened(), batch.id)).toBe(30);
      for (let i = 0; i < 300 && (await getBatch(db(), batch.id))?.status !== "completed"; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect((await getBatch(db(), batch.id))?.status).toBe("completed");
      expect(posts() - before).toBe(30);
    } finally {
      await stopBatchQueue();
    }
  }, 60_000);

  test("the job queue sends a batch's rows in file order", async () => {
    const batch = await started(40);
    try {
      await startBatchQueue(
        opened(),
        () => deps(),
        () => {},
      );
      expect(await queueBatch(opened(), batch.id)).toBe(40);
      for (let i = 0; i < 300 && (await getBatch(db(), batch.id))?.status !== "completed"; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect((await getBatch(db(), batch.id))?.status).toBe("completed");
    } finally {
      await stopBatchQueue();
    }
    // Each row's ledger row is written as it is sent: their order is the order the rows went out.
    const made = await db().select({ row: charges.batchRow }).from(charges).where(eq(charges.batchId, batch.id)).orderBy(charges.createdAt);
    expect(made.map((c) => c.row)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  }, 60_000);
});
