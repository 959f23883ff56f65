// The XLSX export (GET /api/charges/export?format=xlsx) through the real route handler on a real
// database, read back by SheetJS (@e965/xlsx), a reader other than the writer: the same rows as
// the CSV export of the same filters, every cell text (amounts, phone numbers, references), times
// in the business's zone, a formula-looking cell still text, the same audit entry and refusals as
// the CSV, and a file of several keyset pages whole and in order.
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, charges, type NewCharge } from "@/lib/db/schema";
import { exportFile, exportFilename, exportFormat, exportHeaders } from "@/lib/history/export";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";
import { chargeRow } from "../support/rows";

const PASSWORD = "export-xlsx-password-0123";
const ZONE = "Africa/Nairobi"; // UTC+3 all year
const TOTAL = 2_500; // two and a half keyset pages of the export (1,000 rows each)
const DANGEROUS = ['=HYPERLINK("http://evil.example","x")', "+1", "-2", "@SUM(A1)"];
const BASE = Date.parse("2026-03-01T12:00:00Z");

function row(i: number, createdBy: string): NewCharge {
  // Pairs of rows share a moment, so the order within a tie (by id) is held too.
  const at = new Date(BASE - Math.floor(i / 2) * 60_000);
  return chargeRow({
    idempotencyKey: `xlsx-${i}`,
    status: i % 4 === 0 ? "failed" : "success",
    // 1,234,567.89 and 0.10: exact decimals as text, a trailing zero kept.
    amountMinor: i % 7 === 0 ? 123_456_789 : i % 7 === 1 ? 10 : 1_000 + i,
    phoneNumber: `02${String(40_000_000 + i).padStart(8, "0")}`,
    provider: i % 3 === 2 ? "vodafone" : "mtn",
    description: i % 50 === 1 ? DANGEROUS[((i / 50) % 4) | 0] : `Order ${10_000 + i}`,
    // Digits a spreadsheet would turn into 1.23457E+20 were the cell a number.
    reference: i % 5 === 0 ? `0${String(123_456_789_012_345_678_900n + BigInt(i))}` : `TXN-MOMO-${1000 + i}`,
    message: 'done, with a comma and "quotes"',
    createdBy: i % 2 ? createdBy : null,
    createdAt: at,
    settledAt: i % 4 === 0 ? null : new Date(at.getTime() + 2000),
  });
}

/** The first sheet's rows as text records (keyed by the heading row), and its cells. */
function readXlsx(bytes: ArrayBuffer) {
  const book = XLSX.read(new Uint8Array(bytes), { type: "array", cellNF: true, cellFormula: true });
  expect(book.SheetNames).toEqual(["Charges"]);
  const sheet = book.Sheets.Charges;
  const table = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true, defval: "" });
  const [heading, ...body] = table;
  const records = body.map((r) => Object.fromEntries(heading.map((h, c) => [h, r[c]])) as Record<string, string>);
  const cell = (record: number, column: string) =>
    sheet[XLSX.utils.encode_cell({ r: record + 1, c: heading.indexOf(column) })] as XLSX.CellObject | undefined;
  return { heading, records, cell, sheet };
}

const readCsv = (text: string) => parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

test("the format from the address: CSV by default, xlsx by name, anything else refused naming `format`", () => {
  expect(exportFormat(null)).toBe("csv");
  expect(exportFormat("csv")).toBe("csv");
  expect(exportFormat("xlsx")).toBe("xlsx");
  const refusal = (value: string) => {
    try {
      exportFormat(value);
    } catch (error) {
      return error;
    }
    return null;
  };
  for (const bad of ["", "XLSX", "xls", " xlsx", "xlsx\u0000", "csv,xlsx"]) {
    expect(refusal(bad), JSON.stringify(bad)).toMatchObject({ code: "unknown_format", fields: { format: "Choose csv or xlsx" } });
  }
  const at = new Date("2026-11-22T23:59:59Z");
  expect(exportFilename("Pacific/Auckland", at, "xlsx")).toBe("charges-2026-11-23.xlsx");
  expect(exportHeaders("Africa/Accra", at, "xlsx")).toEqual({
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": 'attachment; filename="charges-2026-11-22.xlsx"',
    "Cache-Control": "no-store",
  });
});

describe.each(backends)("the XLSX export on $name", (backend) => {
  const app = useRouteHarness(backend);
  const clients = new Map<string, Client>();
  const ids = new Map<string, string>();
  /** The charges as the history orders them: newest first, ties by id, descending. */
  let ordered: { id: string; description: string; createdAt: Date }[] = [];

  beforeAll(async () => {
    for (const role of ["owner", "staff", "support"] as const) {
      ids.set(role, await app.addMember(`${role}@xlsx.test`, role, PASSWORD));
      clients.set(role, (await app.signIn(`${role}@xlsx.test`, PASSWORD)).client);
    }
    const saved = await clients.get("owner")!.fetch("/api/business", {
      method: "PUT",
      body: { name: "Xlsx Traders", timeZone: ZONE },
      headers: { "content-type": "application/json", origin: app.origin() },
    });
    expect(saved.status, await saved.text()).toBe(204);
    const rows = Array.from({ length: TOTAL }, (_, i) => row(i, ids.get("staff")!));
    for (let i = 0; i < rows.length; i += 500)
      await app
        .db()
        .insert(charges)
        .values(rows.slice(i, i + 500));
    const all = await app.db().select({ id: charges.id, description: charges.description, createdAt: charges.createdAt }).from(charges);
    ordered = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }, 120_000);

  const exports = async () => (await app.db().select().from(auditEvents).where(eq(auditEvents.action, "charges_exported"))).length;

  test("the file holds the same rows as the CSV of the same filters, every cell text, times in the business's zone", async () => {
    const query = "network=mtn&status=success&min=0.05";
    const before = await exports();
    const res = await clients.get("support")!.fetch(`/api/charges/export?${query}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="charges-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const file = readXlsx(await res.arrayBuffer());

    const csv = await clients.get("support")!.fetch(`/api/charges/export?${query}`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const expected = readCsv(await csv.text());
    expect(expected.length).toBeGreaterThan(1_000);
    expect(file.heading).toEqual(Object.keys(expected[0]));
    expect(file.records).toEqual(expected);

    // Amounts, phone numbers and long digit references are text cells, as the CSV wrote them.
    const at = (id: string) => file.records.findIndex((r) => r.charge_id === id);
    const big = file.records.findIndex((r) => r.amount === "1234567.89");
    const small = file.records.findIndex((r) => r.amount === "0.10");
    const digits = file.records.findIndex((r) => /^0\d{21}$/.test(r.reference));
    for (const [i, column] of [
      [big, "amount"],
      [small, "amount"],
      [0, "phone"],
      [digits, "reference"],
      [0, "time"],
    ] as const) {
      expect(i, column).toBeGreaterThanOrEqual(0);
      expect(file.cell(i, column), column).toMatchObject({ t: "s", z: "@" });
    }
    expect(file.records[0].phone).toMatch(/^02\d \d{3} \d{4}$/);
    // Nairobi is three hours on from UTC: the local time beside the UTC one, to the second.
    const first = ordered.find((c) => c.id === file.records[0].charge_id)!;
    const local = new Date(first.createdAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    expect([file.records[0].time, file.records[0].time_utc]).toEqual([local, `${first.createdAt.toISOString().slice(0, 19)}Z`]);
    expect(at(first.id)).toBe(0);
    // Exported once per file, each audited with its selection; the XLSX one says so.
    const entries = await app.db().select().from(auditEvents).where(eq(auditEvents.action, "charges_exported")).orderBy(auditEvents.id);
    expect(entries.length - before).toBe(2);
    expect(entries.map((e) => e.detail).slice(-2)).toEqual([
      { filters: "status=success&network=mtn&min=0.05", format: "xlsx" },
      { filters: "status=success&network=mtn&min=0.05" },
    ]);
  }, 60_000);

  test("a formula-looking description stays text: quoted as in the CSV, and no cell is a formula", async () => {
    const res = await clients.get("owner")!.fetch(`/api/charges/export?format=xlsx&q=${encodeURIComponent("SUM(A1)")}`);
    expect(res.status).toBe(200);
    const file = readXlsx(await res.arrayBuffer());
    expect(file.records.length).toBeGreaterThan(0);
    for (const [i, r] of file.records.entries()) {
      expect(r.description).toBe("'@SUM(A1)");
      expect(file.cell(i, "description")).toMatchObject({ t: "s", v: "'@SUM(A1)" });
    }
  }, 60_000);

  test("an export of several keyset pages arrives whole and in the history's order, no cell of it a formula", async () => {
    const res = await clients.get("owner")!.fetch("/api/charges/export?format=xlsx");
    expect(res.status).toBe(200);
    const file = readXlsx(await res.arrayBuffer());
    expect(file.records).toHaveLength(TOTAL);
    expect(file.records.map((r) => r.charge_id)).toEqual(ordered.map((c) => c.id));
    const risky = file.records.filter((r) => DANGEROUS.some((d) => r.description === `'${d}`));
    expect(risky.length).toBe(ordered.filter((c) => DANGEROUS.includes(c.description)).length);
    expect(risky.length).toBeGreaterThanOrEqual(DANGEROUS.length);
    const cells = Object.entries(file.sheet).filter(([address]) => !address.startsWith("!")) as [string, XLSX.CellObject][];
    expect(cells.length).toBeGreaterThan(TOTAL * 15);
    expect(cells.filter(([, c]) => c.f !== undefined || c.t !== "s" || /^[=+\-@\t\r]/.test(String(c.v)))).toEqual([]);
  }, 60_000);

  test("a role that sees other members' customers masked gets them masked in the file, its own charges' numbers whole", async () => {
    // Staff cannot export today (charge:export); should a role without whole numbers ever export, the rule holds.
    const staff = { id: ids.get("staff")!, role: "staff" } as const;
    const stream = await exportFile(app.db(), { network: "mtn" }, staff, ZONE, "xlsx", 300);
    const file = readXlsx(await new Response(stream).arrayBuffer());
    const made = new Set((await app.db().select({ id: charges.id }).from(charges).where(eq(charges.createdBy, staff.id))).map((c) => c.id));
    expect(file.records.length).toBeGreaterThan(300);
    for (const r of file.records) {
      if (made.has(r.charge_id)) expect(r.phone, r.charge_id).toMatch(/^024 \d{3} \d{4}$/);
      else expect(r.phone, r.charge_id).toMatch(/^024 ••• ••\d\d$/);
    }
    expect(file.records.filter((r) => made.has(r.charge_id)).length).toBeGreaterThan(0);
  }, 60_000);

  test("a format the export does not write is 400 naming `format`, and nothing is exported or audited", async () => {
    const before = await exports();
    for (const format of ["pdf", "XLSX", "", "xlsx%00", "xlsx%20", "csv%2Cxlsx", "x".repeat(5_000)]) {
      const res = await clients.get("owner")!.fetch(`/api/charges/export?status=failed&format=${format}`);
      expect(res.status, format).toBe(400);
      const body = await res.json();
      expect(body.error, format).toMatchObject({ code: "unknown_format", fields: { format: expect.any(String) } });
    }
    // The first `format` counts, as the first value of any query name does.
    const first = await clients.get("owner")!.fetch("/api/charges/export?format=xlsx&format=pdf&q=no+such+charge+here");
    expect(first.headers.get("content-type")).toMatch(/spreadsheetml/);
    expect(readXlsx(await first.arrayBuffer()).records).toEqual([]);
    expect(await exports()).toBe(before + 1);
  }, 60_000);

  test("staff (no charge:export) get 403 and no file, whatever the format; the filters are checked as for the CSV", async () => {
    const before = await exports();
    for (const format of ["xlsx", "csv", "pdf"]) {
      const res = await clients.get("staff")!.fetch(`/api/charges/export?format=${format}`);
      expect(res.status, format).toBe(403);
      expect((await res.json()).error.code, format).toBe("forbidden");
    }
    const anonymous = await app.client().fetch("/api/charges/export?format=xlsx");
    expect(anonymous.status).toBe(401);
    const bad = await clients.get("support")!.fetch("/api/charges/export?format=xlsx&status=sideways");
    expect(bad.status).toBe(422);
    expect((await bad.json()).error).toMatchObject({ code: "invalid_filters", fields: { status: expect.any(String) } });
    expect(await exports()).toBe(before);
  });
});
