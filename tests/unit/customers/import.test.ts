// Customers imported from a file, on a real database: the preview's reading of the file (headings
// in any spelling, problems named by column), and the import itself — one bad row refuses all of
// it, a number or reference already there (or repeated in the file) is left out and said, never
// overwritten; two imports of one file at once add each customer once; audited with counts only.
import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCustomer } from "@/lib/customers/queries";
import { importCustomers } from "@/lib/customers/import";
import { IMPORT_MAX_ROWS, importSchema, parseImportFile } from "@/lib/customers/import-rows";
import { customerSchema } from "@/lib/customers/schema";
import type { Member } from "@/lib/access/types";
import { auditEvents, customers } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
import { backends, useLedger } from "../support/db";
import { askerOf } from "../support/asker";

const member: Member = { id: "m-import", email: "importer@example.test", name: "Importer", role: "staff" };
const row = (line: number, over: Partial<Record<"name" | "phone" | "network" | "reference" | "note", string>> = {}) => ({
  line,
  name: `Customer ${line}`,
  phone: `024${String(1_000_000 + line).slice(-7)}`,
  network: "",
  reference: "",
  note: "",
  ...over,
});

describe("reading the file in the browser", () => {
  test("headings in any order and spelling; the network from its name or the number; problems named by column", () => {
    const parsed = parseImportFile(
      "\uFEFFMobile Number;Full Name;Operator;Student ID;Notes;Extra\n" +
        "024 123 4567;Ama Mensah;;STU-1;pays each term;x\n" +
        "0201112223;Kofi;Vodafone;;;\n" +
        "12;;Glo;;;\n",
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.ignored).toEqual(["Extra"]);
    const [ama, kofi, bad] = parsed.rows;
    expect(ama.check).toEqual({
      ok: true,
      customer: { name: "Ama Mensah", phoneNumber: "0241234567", provider: "mtn", reference: "STU-1", email: "", note: "pays each term" },
    });
    expect(kofi.check.ok && kofi.check.customer.provider).toBe("vodafone");
    expect(bad.line).toBe(4);
    expect(bad.check.ok).toBe(false);
    if (!bad.check.ok) expect(Object.keys(bad.check.problems).sort()).toEqual(["name", "network", "phone"]);
  });

  test("an optional email column: trimmed, lowercased, checked, capped; a bad one named by its column", () => {
    const parsed = parseImportFile(
      "name,phone,E-mail\n" +
        "Ama,0241234567, Ama.Mensah@Example.COM \n" +
        "Kofi,0201112223,\n" +
        "Esi,0271112223,not an address\n" +
        `Yaw,0261112223,${"y".repeat(250)}@example.com\n`,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const [ama, kofi, esi, yaw] = parsed.rows;
    expect(ama.check.ok && ama.check.customer.email).toBe("ama.mensah@example.com");
    expect(kofi.check.ok && kofi.check.customer.email).toBe("");
    for (const r of [esi, yaw]) expect(r.check.ok ? null : Object.keys(r.check.problems)).toEqual(["email"]);
  });

  test("a file without a name or phone column, without rows, or over 10,000 rows is refused whole, saying why", () => {
    expect(parseImportFile("")).toEqual({ ok: false, message: expect.stringContaining("empty") });
    expect(parseImportFile("phone,reference\n0241234567,A")).toEqual({ ok: false, message: expect.stringContaining("“name”") });
    expect(parseImportFile("name,phone\n")).toEqual({ ok: false, message: expect.stringContaining("no rows") });
    const big = `name,phone\n${"Ama,0241234567\n".repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(parseImportFile(big)).toEqual({ ok: false, message: expect.stringContaining("10,001 rows") });
  });

  test("the body: rows of text with their lines, 1 to 10,000, each cell bounded", () => {
    expect(importSchema.safeParse({ rows: [] }).success).toBe(false);
    expect(importSchema.safeParse({ rows: [row(2, { note: "n".repeat(601) })] }).success).toBe(false);
    expect(importSchema.safeParse({ rows: [{ ...row(2), line: 1.5 }] }).success).toBe(false);
    expect(importSchema.safeParse({ rows: [{ ...row(2), name: 7 }] }).success).toBe(false);
    expect(importSchema.safeParse({ rows: [row(2)] }).success).toBe(true);
  });
});

describe.each(backends)("importing customers on $name", (backend) => {
  const db = useLedger(backend);
  const all = () => db().select().from(customers).orderBy(asc(customers.phoneNumber));
  const imports = () => db().select().from(auditEvents).where(eq(auditEvents.action, "customers_imported"));

  test("new customers are added; one already there (by number or reference) or repeated in the file is left out, never changed", async () => {
    await createCustomer(db(), customerSchema.parse({ name: "Kept as is", phoneNumber: "0240000003", provider: "mtn", note: "old" }), "m0");
    await createCustomer(
      db(),
      customerSchema.parse({ name: "Has STU-9", phoneNumber: "0209999999", provider: "vodafone", reference: "STU-9" }),
      "m0",
    );
    const result = await importCustomers(askerOf(db(), member), {
      rows: [
        row(2, { phone: "0240000002", reference: "STU-2" }),
        row(3, { phone: "+233 24 000 0003", name: "Would overwrite", note: "new" }),
        row(4, { phone: "0240000004", reference: "STU-9" }),
        row(5, { phone: "024 000 0002", name: "Same number as line 2" }),
        row(6, { phone: "0240000006", reference: "STU-2" }),
        row(7, { phone: "0270000007", network: "AT" }),
      ],
    });
    expect(result).toEqual({
      added: 2,
      skipped: [
        { line: 3, reason: "in_directory" },
        { line: 4, reason: "in_directory" },
        { line: 5, reason: "repeated_in_file" },
        { line: 6, reason: "repeated_in_file" },
      ],
    });
    const rows = await all();
    expect(rows.map((c) => [c.phoneNumber, c.name, c.reference, c.provider])).toEqual([
      ["0209999999", "Has STU-9", "STU-9", "vodafone"],
      ["0240000002", "Customer 2", "STU-2", "mtn"],
      ["0240000003", "Kept as is", null, "mtn"],
      ["0270000007", "Customer 7", null, "airteltigo"],
    ]);
    expect(rows.find((c) => c.phoneNumber === "0240000003")?.note).toBe("old");
    expect(rows.find((c) => c.phoneNumber === "0240000002")?.createdBy).toBe(member.id);
    const [entry] = await imports();
    expect(entry.actorEmail).toBe(member.email);
    expect(entry.detail).toEqual({ rows: 6, added: 2, skipped: 4 });
  });

  test("one bad row refuses the whole import with 422 naming rows.N.column; nothing is added or audited", async () => {
    const error = await importCustomers(askerOf(db(), member), {
      rows: [row(2), row(3, { phone: "12345" }), row(4, { name: " ", network: "Glo" })],
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(statusOf((error as AppError).code)).toBe(422);
    expect((error as AppError).fields).toEqual({
      "rows.1.phone": expect.any(String),
      "rows.2.name": expect.any(String),
      "rows.2.network": expect.any(String),
    });
    expect(await all()).toHaveLength(0);
    expect(await imports()).toHaveLength(0);
  });

  test("2,500 rows (three statements) in one go; the same file twice at once adds each customer once", async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => row(i + 2));
    const results = await Promise.all([importCustomers(askerOf(db(), member), { rows }), importCustomers(askerOf(db(), member), { rows })]);
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(2_500);
    expect(results.reduce((n, r) => n + r.skipped.length, 0)).toBe(2_500);
    for (const r of results) expect(r.skipped.every((s) => s.reason === "in_directory")).toBe(true);
    expect(await all()).toHaveLength(2_500);
    expect((await imports()).map((e) => (e.detail as { added: number }).added).sort((a, b) => a - b)).toEqual(
      results.map((r) => r.added).sort((a, b) => a - b),
    );
  });

  test("the audit entry carries counts only: no name, number, reference or note of the file", async () => {
    await importCustomers(askerOf(db(), member), {
      rows: [row(2, { name: "Akosua Secret", reference: "REF-SECRET", note: "owes for March" })],
    });
    const [entry] = await imports();
    const text = JSON.stringify(entry);
    for (const secret of ["Akosua", "REF-SECRET", "March", "0241000002", "241000002"]) expect(text).not.toContain(secret);
  });
});
