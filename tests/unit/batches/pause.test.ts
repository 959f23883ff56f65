// Pausing a running batch (issue: "Pause does not stop a bulk batch"), with the job queue and an
// upstream that holds every charge until the test lets it answer: only the rows already on their
// way when the pause commits reach the upstream, none after; and the batch's counts add up to its
// rows at every moment (a row on its way is counted there, not also as a pending charge).
import { describe, expect, test } from "vitest";
import { controlBatch, decideBatch } from "@/lib/batches/decide";
import { batchCounts, createBatch, getBatch } from "@/lib/batches/queries";
import { queueBatch, startBatchQueue, stopBatchQueue } from "@/lib/batches/queue";
import type { BatchRowInput } from "@/lib/batches/schema";
import type { RunnerDeps } from "@/lib/batches/runner";
import type { Db } from "@/lib/db/open";
import { user } from "@/lib/db/schema";
import { createBudget } from "@/lib/momo/budget";
import type { Member } from "@/lib/access/types";
import { clientFor } from "../support/charge";
import { backends, useOpenedLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { startServer } from "../support/http-server";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
const ROWS = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function addOwner(db: Db) {
  await db
    .insert(user)
    .values(memberRow(owner, { emailVerified: true }))
    .onConflictDoNothing();
}

function rows(n: number): BatchRowInput[] {
  return Array.from({ length: n }, (_, i) => ({
    phoneNumber: `02420${String(i).padStart(5, "0")}`,
    amountMinor: 100 + i,
    currency: "GHS",
    provider: "mtn",
    description: `Row ${i + 1}`,
    customerReference: "",
  }));
}

describe.each(backends)("pausing a batch on $name", (backend) => {
  const opened = useOpenedLedger(backend, { fresh: true });
  const db = () => opened().db;

  test("only rows on their way when the pause commits reach the upstream; the counts add up all along", async () => {
    const held: (() => void)[] = [];
    const upstream = await startServer((_req, res) => {
      held.push(() => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "success" })));
    });
    const charges = () => upstream.received.filter((r) => r.method === "POST").length;
    const deps = (): RunnerDeps => ({
      db: db(),
      upstream: clientFor(upstream.url, { timeoutMs: 10_000 }),
      budget: createBudget(db(), `sk_test_pause_${backend.name}`, { limit: 1_000, maxWaitMs: 0, batchShare: 0.8 }),
      pollMs: 20,
    });
    const sums: number[] = [];
    const sample = async () => {
      const c = await batchCounts(db(), batch.id);
      sums.push(c.queued + c.sending + c.sent + c.cancelled);
      expect(c.success + c.pending + c.submitting + c.failed + c.unknown, "outcomes are of rows sent").toBe(c.sent);
      return c;
    };
    await addOwner(db());
    const batch = await createBatch(db(), "Slow upstream", rows(ROWS), owner);
    try {
      await startBatchQueue(opened(), deps, () => {});
      await decideBatch(db(), batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
      await queueBatch(opened(), batch.id);
      for (let i = 0; i < 200 && charges() < 3; i++) await sleep(25);
      expect(charges()).toBeGreaterThanOrEqual(3);

      await controlBatch(db(), batch.id, owner, "pause");
      const atPause = await sample();
      // A row claimed just before the pause may still be connecting: it is on its way, and counted so.
      for (let i = 0; i < 40 && charges() < atPause.sending; i++) await sleep(25);
      expect(charges()).toBe(atPause.sending);
      expect(atPause.queued).toBe(ROWS - atPause.sending);

      for (const answer of held.splice(0)) answer();
      for (let i = 0; i < 200 && (await sample()).sending > 0; i++) await sleep(25);
      // Several polls of the queue later, still nothing more has left.
      await sleep(1_500);
      const after = await sample();
      expect(charges()).toBe(atPause.sending);
      expect(after).toMatchObject({ sent: atPause.sending, sending: 0, queued: ROWS - atPause.sending, success: atPause.sending });
      expect((await getBatch(db(), batch.id))?.status).toBe("paused");
      expect(new Set(sums)).toEqual(new Set([ROWS]));

      // Resumed, the rest go, each once.
      await controlBatch(db(), batch.id, owner, "resume");
      await queueBatch(opened(), batch.id);
      upstream.handle((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end('{"status":"success"}'));
      for (const answer of held.splice(0)) answer();
      for (let i = 0; i < 300 && (await getBatch(db(), batch.id))?.status !== "completed"; i++) {
        for (const answer of held.splice(0)) answer();
        await sleep(25);
      }
      expect(charges()).toBe(ROWS);
      expect(await sample()).toMatchObject({ sent: ROWS, success: ROWS, queued: 0, sending: 0 });
    } finally {
      for (const answer of held.splice(0)) answer();
      await stopBatchQueue();
      await upstream.close();
    }
  }, 60_000);
});
