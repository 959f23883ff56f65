// The audit page's rows on a real database: a bulk batch's charges are one row (at its newest
// charge, counting every one the filters select), across page boundaries too; ?batch= lists them
// one by one; the other filters still apply; the CSV export stays one line per entry.
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { audit } from "@/lib/audit/entries";
import { exportAuditCsv } from "@/lib/audit-log/export";
import { parseAuditFilters } from "@/lib/audit-log/filters";
import { describeBatchGroup, listAuditView } from "@/lib/audit-log/view";
import type { Db } from "@/lib/db/open";
import { batches } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";

const PAYROLL = "6d0c3f7e-2b1a-4c9d-8e5f-1a2b3c4d5e6f";
const FEES = "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b";
const ama = { id: "u_ama", email: "ama@example.com" };
const kofi = { id: "u_kofi", email: "kofi@example.com" };
/** Intl separates the symbol from the number with a no-break space in some locales. */
const plain = (s: string) => s.replace(/\u00a0/g, " ");

/** A charge entry as the batch runner writes it (lib/batches/runner.ts: the maker acts, the approver is named). */
const batchCharge = (db: Db, batchId: string, status: string, amountMinor: number) =>
  audit(db, {
    action: "charge_created",
    actor: ama,
    targetId: crypto.randomUUID(),
    detail: { amountMinor, currency: "GHS", status, reference: null, batchId, approvedBy: kofi.email },
  });

async function dated(db: Db, iso: string) {
  // Dated by hand (triggers off, as the chain's hash covers `at`): days are what is tested.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
    await tx.execute(sql`update audit_events set at = ${iso}::timestamptz where id = (select max(id) from audit_events)`);
  });
}

describe.each(backends)("the audit page's rows on $name", (backend) => {
  const db = useLedger(backend);

  async function seed() {
    await db()
      .insert(batches)
      .values([
        { id: PAYROLL, label: "Payroll November", rowCount: 3, totals: { GHS: 4500 }, createdBy: ama.id },
        { id: FEES, label: "School fees", rowCount: 1, totals: { GHS: 700 }, createdBy: ama.id },
      ]);
    await audit(db(), { action: "batch_approved", actor: kofi, targetId: PAYROLL, detail: { rows: 3, totals: { GHS: 4500 } } });
    await batchCharge(db(), PAYROLL, "success", 1000);
    await dated(db(), "2026-11-20T12:00:00Z");
    await audit(db(), { action: "sign_in", actor: kofi });
    await batchCharge(db(), PAYROLL, "failed", 1500);
    await audit(db(), {
      action: "charge_created",
      actor: kofi,
      targetId: crypto.randomUUID(),
      detail: { amountMinor: 99, currency: "GHS", status: "success" },
    });
    await batchCharge(db(), FEES, "success", 700);
    await batchCharge(db(), PAYROLL, "success", 2000);
    await audit(db(), { action: "sign_out", actor: kofi });
  }
  const view = async (query = "", before?: number, limit?: number) =>
    listAuditView(db(), { filters: parseAuditFilters(new URLSearchParams(query)).filters, timeZone: "UTC", before, limit });
  const shown = (rows: Awaited<ReturnType<typeof view>>) =>
    rows.map((r) => (r.batch ? `${r.batch.name} ×${r.batch.count}` : r.event.action));

  test("a batch's charges are one row at its newest charge; other entries and plain charges keep theirs", async () => {
    await seed();
    const rows = await view();
    expect(shown(rows)).toEqual(["sign_out", "Payroll November ×3", "School fees ×1", "charge_created", "sign_in", "batch_approved"]);
    const payroll = rows[1];
    expect(payroll.event.actorEmail).toBe(ama.email);
    expect(payroll.batch?.firstAt.toISOString()).toBe("2026-11-20T12:00:00.000Z");
    const words = describeBatchGroup(payroll.batch!, payroll.event.detail?.approvedBy);
    expect({ ...words, details: words.details.map(plain) }).toEqual({
      label: "Bulk batch “Payroll November”: 3 charges created",
      details: ["Outcomes: 2 Success, 1 Failed", "GH₵45.00 in all", "approved by kofi@example.com"],
    });
  });

  test("pages: a batch straddling a boundary is one row, on the page of its newest charge, counting all", async () => {
    await seed();
    const first = await view("", undefined, 2);
    expect(shown(first)).toEqual(["sign_out", "Payroll November ×3"]);
    const second = await view("", first[1].event.id, 2);
    expect(shown(second)).toEqual(["School fees ×1", "charge_created"]);
    expect(shown(await view("", second[1].event.id, 2))).toEqual(["sign_in", "batch_approved"]);
    // A page ending just above the batch's newest charge: the next one starts with the whole batch.
    expect(shown(await view("", first[0].event.id, 1))).toEqual(["Payroll November ×3"]);
  });

  test("filters: by event and member the batch stays one row; by day it counts that day's charges; ?batch= lists each", async () => {
    await seed();
    expect(shown(await view("action=charge_created"))).toEqual(["Payroll November ×3", "School fees ×1", "charge_created"]);
    expect(shown(await view(`member=${kofi.id}`))).toEqual(["sign_out", "charge_created", "sign_in", "batch_approved"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(shown(await view(`action=charge_created&from=${today}`))).toEqual(["Payroll November ×2", "School fees ×1", "charge_created"]);
    expect(shown(await view("action=charge_created&to=2026-11-20"))).toEqual(["Payroll November ×1"]);
    const each = await view(`batch=${PAYROLL}`);
    expect(each.map((r) => [r.event.action, r.batch, r.event.detail?.amountMinor])).toEqual([
      ["charge_created", null, 2000],
      ["charge_created", null, 1500],
      ["charge_created", null, 1000],
    ]);
    expect(parseAuditFilters(new URLSearchParams("batch=../../x")).problems).toEqual({ batch: "Unknown bulk batch" });
  });

  test("the CSV export stays one line per entry, every charge of the batch its own", async () => {
    await seed();
    const stream = await exportAuditCsv(db(), { filters: {}, timeZone: "UTC", memberName: () => undefined });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    const lines = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(lines).toHaveLength(8);
    expect(lines.filter((l) => l.event_code === "charge_created" && l.details.includes("From a bulk batch"))).toHaveLength(4);
  });
});
