// The CSV export: formula-injection escaping, and on a real database, exactly the filtered
// rows across several internal pages, in history order, read back with a CSV parser.
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { neutralizeCell, toCsv } from "@/lib/csv";
import { EXPORT_COLUMNS, exportCsv, exportFilename, exportHeaders, toExportRecord } from "@/lib/history/export";
import { minorToDecimal } from "@/lib/money";
import type { HistoryFilters } from "@/lib/history/filters";
import type { Db } from "@/lib/db/open";
import { inArray } from "drizzle-orm";
import { charges, user, type Charge, type NewCharge } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";
import { addPaymentRequest, chargeRow } from "../support/rows";

describe("neutralizeCell", () => {
  test.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1+1", "'\r=1+1"],
  ])("%j is prefixed with a quote", (cell, expected) => {
    expect(neutralizeCell(cell)).toBe(expected);
  });

  test.each(["Order 10234", "a=b", "1+1", "", "'=already", "12.50", "2026-11-22T10:00:00.000Z"])("%j is left alone", (cell) => {
    expect(neutralizeCell(cell)).toBe(cell);
  });
});

test("amounts are exact decimals in major units", () => {
  expect(minorToDecimal(1250, "GHS")).toBe("12.50");
  expect(minorToDecimal(5, "GHS")).toBe("0.05");
  expect(minorToDecimal(100_000_000, "GHS")).toBe("1000000.00");
  expect(minorToDecimal(2500, "UGX")).toBe("2500");
});

test("file name and headers: the file is dated by the business's day, not the server's", () => {
  const at = new Date("2026-11-22T23:59:59Z");
  expect(exportFilename("Africa/Accra", at)).toBe("charges-2026-11-22.csv");
  expect(exportFilename("Pacific/Auckland", at)).toBe("charges-2026-11-23.csv");
  expect(exportFilename("America/Los_Angeles", new Date("2026-11-23T05:00:00Z"))).toBe("charges-2026-11-22.csv");
  expect(exportHeaders("Africa/Accra", at)).toEqual({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": 'attachment; filename="charges-2026-11-22.csv"',
    "Cache-Control": "no-store",
  });
});

test("every cell of the file is neutralized, including ones from the upstream", () => {
  const r = toExportRecord(
    { ...row(1, "mtn", "+233 hello"), id: "c1", reference: "=cmd", message: "@x" } as Charge,
    "-ama@example.com",
    SUPPORT,
    "Africa/Accra",
  );
  const [parsed] = parseCsv(toCsv([r], EXPORT_COLUMNS));
  expect(parsed).toMatchObject({
    description: "'+233 hello",
    reference: "'=cmd",
    message: "'@x",
    made_by: "'-ama@example.com",
    amount: "12.51",
  });
});

const BASE = Date.parse("2026-03-01T12:00:00Z");
const SUPPORT = { id: "member-kofi", role: "support" } as const;

test("the file carries a number whole only for a viewer who may see it whole", () => {
  const c = { ...row(1, "mtn", "x"), id: "c1", createdAt: new Date(BASE), settledAt: null } as Charge;
  const phone = (viewer: Parameters<typeof toExportRecord>[2]) => toExportRecord(c, null, viewer, "Africa/Accra").phone;
  expect(phone(SUPPORT)).toBe("024 123 4567");
  expect(phone({ id: "someone", role: "owner" })).toBe("024 123 4567");
  // Staff cannot export today (charge:export); should a role without whole numbers ever export, the rule holds.
  expect(phone({ id: "someone", role: "staff" })).toBe("024 ••• ••67");
  expect(phone({ id: "member-ama", role: "staff" })).toBe("024 123 4567");
});
const DANGEROUS = ['=HYPERLINK("http://evil.example","x")', "+1", "-2", "@SUM(A1)"];

function row(i: number, provider: string, description: string): NewCharge {
  // Every third pair of rows shares a timestamp, so order within a tie (by id) is tested too.
  const at = new Date(BASE - Math.floor(i / 2) * 60_000 - (i % 3 === 0 ? 0 : (i % 2) * 1000));
  return chargeRow({
    idempotencyKey: `export-${i}`,
    status: i % 4 === 0 ? "failed" : "success",
    amountMinor: 1250 + i,
    phoneNumber: provider === "mtn" ? "0241234567" : "0201234567",
    provider,
    description,
    reference: `TXN-MOMO-${1000 + i}`,
    message: 'done, with a comma and "quotes"',
    createdBy: i % 2 ? "member-ama" : null,
    createdAt: at,
    settledAt: i % 4 === 0 ? null : new Date(at.getTime() + 2000),
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { chunks: chunks.length, text: Buffer.concat(chunks).toString("utf8") };
}

const parseCsv = (text: string) => parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe.each(backends)("exportCsv on $name", (backend) => {
  const db = useLedger(backend);

  async function fill(d: Db) {
    await d.insert(user).values({ id: "member-ama", name: "Ama Mensah", email: "ama@example.com", role: "staff" });
    const rows = Array.from({ length: 23 }, (_, i) =>
      row(i, i % 3 === 2 ? "vodafone" : "mtn", i % 5 === 1 ? DANGEROUS[i % 4] : `Order ${10_000 + i}`),
    );
    await d.insert(charges).values(rows);
    return d.select().from(charges);
  }

  // The order the history shows: newest first, ties broken by id, descending.
  const historyOrder = (a: Charge, b: Charge) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  test("the CSV holds exactly the filtered rows, across several internal pages, in history order", async () => {
    const all = await fill(db());
    const filters: HistoryFilters = { network: "mtn", minMinor: 1252 };
    const expected = all.filter((c) => c.provider === "mtn" && c.amountMinor >= 1252).sort(historyOrder);
    expect(expected.length).toBeGreaterThan(8);

    const { chunks, text } = await readAll(await exportCsv(db(), filters, SUPPORT, "Africa/Nairobi", 4));
    expect(chunks).toBe(Math.ceil(expected.length / 4));
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.split("\r\n")[0]).toBe(`\uFEFF${EXPORT_COLUMNS.map((c) => `"${c}"`).join(",")}`);
    const parsed = parseCsv(text);
    expect(parsed.map((r) => r.charge_id)).toEqual(expected.map((c) => c.id));

    const first = parsed[0];
    const c = expected[0];
    // Nairobi is UTC+3 all year: the local time is three hours on, the UTC one as stored, to the second.
    const local = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    expect(first).toEqual({
      time: local(c.createdAt),
      time_utc: `${c.createdAt.toISOString().slice(0, 19)}Z`,
      status: c.status === "success" ? "Success" : "Failed",
      status_code: c.status,
      amount: minorToDecimal(c.amountMinor, "GHS"),
      currency: "GHS",
      phone: "024 123 4567",
      network: "MTN Mobile Money",
      network_code: "mtn",
      reference: c.reference,
      description: c.description.match(/^[=+\-@]/) ? `'${c.description}` : c.description,
      made_by: c.createdBy ? "ama@example.com" : "",
      message: 'done, with a comma and "quotes"',
      settled_time: c.settledAt ? local(c.settledAt) : "",
      settled_time_utc: c.settledAt ? `${c.settledAt.toISOString().slice(0, 19)}Z` : "",
      reversed_amount: "0.00",
      charge_id: c.id,
      pay_link_id: "",
      pay_link_reference: "",
    });
  });

  test("one pay link's attempts, filtered by the link, carry its id and the merchant's reference", async () => {
    const all = await fill(db());
    const link = await addPaymentRequest(db(), { amountMinor: 1250, reference: "INV-0042", createdBy: "member-ama" });
    const paid = all.slice(0, 3).map((c) => c.id);
    await db().update(charges).set({ paymentRequestId: link.id }).where(inArray(charges.id, paid));
    const parsed = parseCsv((await readAll(await exportCsv(db(), { request: link.id }, SUPPORT, "Africa/Accra", 2))).text);
    expect(parsed.map((r) => r.charge_id).sort()).toEqual([...paid].sort());
    for (const r of parsed) expect([r.pay_link_id, r.pay_link_reference]).toEqual([link.id, "INV-0042"]);
    const everything = parseCsv((await readAll(await exportCsv(db(), {}, SUPPORT, "Africa/Accra"))).text);
    expect(everything.filter((r) => r.pay_link_reference === "INV-0042")).toHaveLength(3);
  });

  test("formula-like descriptions come back quoted-prefixed, never as formulas", async () => {
    const all = await fill(db());
    const parsed = parseCsv((await readAll(await exportCsv(db(), {}, SUPPORT, "Africa/Accra", 5))).text);
    expect(parsed).toHaveLength(23);
    const byId = new Map(all.map((c) => [c.id, c.description]));
    const risky = parsed.filter((r) => DANGEROUS.includes(byId.get(r.charge_id)!));
    expect(risky).toHaveLength(5);
    for (const r of risky) expect(r.description).toBe(`'${byId.get(r.charge_id)}`);
    for (const r of parsed) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  test("no matching rows gives the header alone", async () => {
    await fill(db());
    const { text } = await readAll(await exportCsv(db(), { q: "no such description" }, SUPPORT, "Africa/Accra"));
    expect(text).toBe(`\uFEFF${EXPORT_COLUMNS.map((c) => `"${c}"`).join(",")}\r\n`);
    expect(parseCsv(text)).toEqual([]);
  });
});
