// The customers directory on a real database: one customer per number (and per reference) even
// when two members add the same person at once; search by name, reference start or whole number
// (never a number's start); keyset pages; a customer's charges and totals.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { canSeeWholePhone } from "@/lib/access/phone-visibility";
import { queryHistory } from "@/lib/history/queries";
import { createCustomer, customerTotals, listCustomers, type NumberPrefixScope, updateCustomer } from "@/lib/customers/queries";
import { numberStart } from "@/lib/market/networks";
import { customerSchema } from "@/lib/customers/schema";
import { customers } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
import { chargeInput, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { useChargeUpstream } from "../support/ledger";

const input = (over: Record<string, string> = {}) =>
  customerSchema.parse({ name: "Ama Mensah", phoneNumber: "024 123 4567", provider: "mtn", ...over });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? { status: statusOf(e.code), code: e.code, fields: e.fields } : Promise.reject(e)),
  );

describe("who sees a number whole", () => {
  const staff = { id: "s1", role: "staff" as const };
  test("staff: their own charge whole, unless made through a customer they see masked; owner and support always", () => {
    expect(canSeeWholePhone(staff, { createdBy: "s1" })).toBe(true);
    expect(canSeeWholePhone(staff, { createdBy: "s1", phoneHidden: true })).toBe(false);
    expect(canSeeWholePhone(staff, { createdBy: "o1" })).toBe(false);
    expect(canSeeWholePhone({ id: "o1", role: "owner" }, { createdBy: "s1", phoneHidden: true })).toBe(true);
    expect(canSeeWholePhone({ id: "x", role: "support" }, { createdBy: null })).toBe(true);
  });
});

describe("customerSchema", () => {
  test("the number is normalised as the charge form does; each field names its problem", () => {
    expect(input({ phoneNumber: "+233 24 123 4567" }).phoneNumber).toBe("0241234567");
    expect(input().reference).toBe("");
    const bad = customerSchema.safeParse({ name: " ", phoneNumber: "12", provider: "x", reference: "r".repeat(41), note: "a\u0000b" });
    expect(bad.success).toBe(false);
    const paths = new Set(bad.error?.issues.map((i) => i.path.join(".")));
    expect([...paths].sort()).toEqual(["name", "note", "phoneNumber", "provider", "reference"]);
  });
});

describe.each(backends)("customers on $name", (backend) => {
  const db = useLedger(backend);
  const { deps } = useChargeUpstream(db);

  test("ten members adding one number at once make one customer; the others get 409 naming the field", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refusal(createCustomer(db(), input({ name: `Ama ${i}` }), `m${i}`))),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const [kept] = await db().select().from(customers);
    for (const r of results.filter((x) => x !== null)) {
      expect(r).toEqual({
        status: 409,
        code: "customer_exists",
        fields: { phoneNumber: "This number is already in the directory", customerId: kept.id },
      });
    }
    expect(await db().select().from(customers)).toHaveLength(1);
  });

  test("a reference belongs to one customer, on create and on update", async () => {
    const a = await createCustomer(db(), input({ reference: "STU-001" }), "m1");
    const b = await createCustomer(db(), input({ phoneNumber: "0241234568", name: "Kofi" }), "m1");
    expect(await refusal(createCustomer(db(), input({ phoneNumber: "0241234569", reference: "STU-001" }), "m1"))).toMatchObject({
      status: 409,
      fields: { reference: "Another customer has this reference" },
    });
    expect(
      await refusal(updateCustomer(db(), b.id, input({ phoneNumber: "0241234568", name: "Kofi", reference: "STU-001" }))),
    ).toMatchObject({
      status: 409,
      fields: { reference: "Another customer has this reference" },
    });
    expect(await refusal(updateCustomer(db(), b.id, input({ name: "Kofi" })))).toMatchObject({
      status: 409,
      fields: { phoneNumber: "This number is already in the directory", customerId: a.id },
    });
    expect((await updateCustomer(db(), a.id, input({ name: "Ama M.", reference: "STU-001" })))?.name).toBe("Ama M.");
  });

  test("search: a name inside, a reference's start, a whole number in any form — never a number's start", async () => {
    await createCustomer(db(), input({ reference: "STU-001" }), "m1");
    await createCustomer(db(), input({ name: "Kofi Boateng", phoneNumber: "0201112223", provider: "vodafone" }), "m1");
    const names = async (q: string) => (await listCustomers(db(), { q })).customers.map((c) => c.name);
    expect(await names("mens")).toEqual(["Ama Mensah"]);
    expect(await names("STU-0")).toEqual(["Ama Mensah"]);
    expect(await names("+233 20 111 2223")).toEqual(["Kofi Boateng"]);
    expect(await names("020111")).toEqual([]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  test("a number's start finds only numbers the member sees whole: every one for owner and support, their own for staff", async () => {
    await createCustomer(db(), input({ name: "Added by m1", phoneNumber: "0201112223", provider: "vodafone" }), "m1");
    await createCustomer(db(), input({ name: "Added by m2", phoneNumber: "0201119999", provider: "vodafone" }), "m2");
    const names = async (q: string, prefixScope?: NumberPrefixScope) =>
      (await listCustomers(db(), { q, prefixScope })).customers.map((c) => c.name);
    const all = { all: true } as const;
    expect(await names("020 111", all)).toEqual(["Added by m1", "Added by m2"]);
    expect(await names("+233 20111", all)).toEqual(["Added by m1", "Added by m2"]);
    expect(await names("0201119", all)).toEqual(["Added by m2"]);
    // Staff m1 reads out only their own customer's number; m2's stays unfindable by its start…
    expect(await names("020111", { addedBy: "m1" })).toEqual(["Added by m1"]);
    expect(await names("0201119", { addedBy: "m1" })).toEqual([]);
    // …digit by digit included; the whole number (which they typed) still finds it.
    for (let d = 0; d <= 9; d++) expect(await names(`02011199${d}`, { addedBy: "m1" })).toEqual([]);
    expect(await names("020 111 9999", { addedBy: "m1" })).toEqual(["Added by m2"]);
    // Two digits are no start; the search's own characters are plain text.
    expect(await names("02", all)).toEqual([]);
    expect(await names("020%", all)).toEqual([]);
  });

  test("numberStart reads a number's start in the forms people type it", () => {
    expect(numberStart("024 12")).toBe("02412");
    expect(numberStart("+233 24 1")).toBe("0241");
    expect(numberStart("0023324")).toBe("024");
    expect(numberStart("(024) 123-4567")).toBe("0241234567");
    for (const q of ["02", "24123", "Ama", "024a", "02412345678", "+233"]) expect(numberStart(q)).toBeNull();
  });

  test("keyset pages by name cover every customer once, same names included", async () => {
    for (let i = 0; i < 30; i++)
      await createCustomer(
        db(),
        input({ name: i % 3 ? `Name ${i % 7}` : "Same", phoneNumber: `02400${String(i).padStart(5, "0")}` }),
        "m1",
      );
    const seen: string[] = [];
    let after: { name: string; id: string } | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await listCustomers(db(), { after }, 7);
      seen.push(...r.customers.map((c) => c.id));
      if (!r.next) break;
      after = r.next;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  test("a customer's charges, newest first in keyset pages, and totals by status", async () => {
    for (let i = 0; i < 3; i++) await createCharge(deps(), chargeInput(), newKey(), "m1");
    await createCharge(deps(), chargeInput({ phoneNumber: "0240000004" }), newKey(), "m1");
    // A declined charge on the customer's number (the sandbox declines only its own test number).
    await db().execute(sql`update charges set phone_number = '0240000001' where phone_number = '0240000004'`);
    await createCharge(deps(), chargeInput({ phoneNumber: "0240000003" }), newKey(), "m1");
    const first = await queryHistory(db(), { q: "0240000001" }, { limit: 3 });
    const second = await queryHistory(db(), { q: "0240000001" }, { after: first.older ?? undefined, limit: 3 });
    const all = [...first.rows, ...second.rows];
    expect(all).toHaveLength(4);
    expect(new Set(all.map((c) => c.id)).size).toBe(4);
    expect(second.older).toBeNull();
    expect(await customerTotals(db(), "0240000001")).toEqual([
      { status: "failed", currency: "GHS", count: 1, minor: 2550 },
      { status: "success", currency: "GHS", count: 3, minor: 7650 },
    ]);
  });
});
