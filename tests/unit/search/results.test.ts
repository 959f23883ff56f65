// One search box (lib/search/results.ts) as the results page asks it, through the route harness on
// each database: each kind found by each spelling, a few of each with the way to the whole list;
// never a whole number a member's role hides from them; a pattern character is only itself; a
// search too long or with control characters is named and runs nothing; staff's searches by
// number count against the history's hourly limit.
import { describe, expect, test } from "vitest";
import { batches } from "@/lib/db/schema";
import { staffPage } from "@/lib/layout/staff-page";
import type { StaffAnswer } from "@/lib/layout/types";
import { searchEverything } from "@/lib/search/results";
import type { SearchView } from "@/lib/search/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";
import { addPaymentRequest } from "../support/rows";

const PASSWORD = "search-password-0123";
const json = { "content-type": "application/json" };
let keys = 0;

describe.each(backends)("the search on $name", (backend) => {
  const app = useRouteHarness(backend);
  const members = new Map<string, { client: Client; id: string }>();
  const as = async (role: "owner" | "staff" | "support", who: string = role) => {
    if (!members.has(who)) {
      const id = await app.addMember(`${who}@search.test`, role, PASSWORD);
      members.set(who, { id, client: (await app.signIn(`${who}@search.test`, PASSWORD)).client });
    }
    return members.get(who)!;
  };
  const search = async (who: string, q: string) => {
    const request = app.pageRequest(members.get(who)!.client, "/search", { q });
    return shown(await staffPage(request, "charge:read", "/search", (ctx) => searchEverything(ctx, q)));
  };
  const shown = (answer: StaffAnswer<SearchView>): SearchView => {
    if (answer.kind !== "page" || !answer.view) throw new Error(`expected the page, got ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.view;
  };
  const charge = async (who: string, phoneNumber: string, description: string, amount = "1.50") => {
    const made = await members.get(who)!.client.fetch("/api/charges", {
      method: "POST",
      body: { amount, currency: "GHS", phoneNumber, provider: "mtn", description },
      headers: { ...json, "idempotency-key": `search_${Date.now()}_${keys++}` },
    });
    expect(made.status).toBe(201);
    return (await made.json()).charge as { id: string; reference: string | null };
  };

  test("each kind by each spelling, masked as the role requires, a few of each", async () => {
    const staff = await as("staff");
    const other = await as("staff", "staff2");
    await as("support");
    const added = await other.client.fetch("/api/customers", {
      method: "POST",
      body: { name: "Abena Mensah", phoneNumber: "0241112223", provider: "mtn", reference: "CUST-77", email: "", note: "" },
      headers: json,
    });
    expect(added.status).toBe(201);
    const paid = await charge("staff2", "0241112223", "December school fees");
    await charge("staff2", "0240000001", "Kenkey order");
    await addPaymentRequest(app.db(), { createdBy: other.id, reference: "INV-2041", description: "Invoice for the wedding cakes" });
    await app
      .db()
      .insert(batches)
      .values({ label: "December dues 100%", rowCount: 1, totals: { GHS: 100 }, createdBy: staff.id });

    // A customer's name finds them and the charges to their number; staff see neither number whole.
    const byName = await search("staff", "abena");
    expect(byName.customers.rows.map((c) => c.name)).toEqual(["Abena Mensah"]);
    expect(byName.customers.rows[0]).toMatchObject({ phoneMasked: true });
    expect(byName.charges.rows.map((c) => c.id)).toEqual([paid.id]);
    expect(byName.charges.rows[0]).toMatchObject({ phoneMasked: true });
    expect(JSON.stringify(byName)).not.toContain("0241112223");
    expect(byName.charges.all).toBeNull();
    // A customer's reference, or its start, in any case.
    for (const q of ["CUST-77", "cust-7"])
      expect(
        (await search("staff", q)).customers.rows.map((c) => c.name),
        q,
      ).toEqual(["Abena Mensah"]);
    // Support may see every number whole.
    expect((await search("support", "abena")).charges.rows[0]).toMatchObject({ phoneMasked: false, phoneNumber: "0241112223" });

    // A number in any spelling: the same charge.
    for (const spelling of ["0241112223", "024 111 2223", "+233 24 111 2223", "233241112223"]) {
      const found = await search("staff", spelling);
      expect(
        found.charges.rows.map((c) => c.id),
        spelling,
      ).toEqual([paid.id]);
      // What was typed is shown back; what was found never spells the number out.
      expect(JSON.stringify([found.charges, found.customers]), spelling).not.toContain("1112223");
    }
    // Our id of the charge, and the network's reference or its start.
    expect((await search("staff", paid.id.toUpperCase())).charges.rows.map((c) => c.id)).toEqual([paid.id]);
    if (paid.reference) {
      expect((await search("staff", paid.reference.toLowerCase())).charges.rows.map((c) => c.id)).toEqual([paid.id]);
      expect((await search("staff", paid.reference.slice(0, -1))).charges.rows.map((c) => c.id)).toContain(paid.id);
    }
    // A pay link by its own reference or its start, in any case, or its description's words.
    for (const q of ["INV-2041", "inv-20", "wedding"])
      expect(
        (await search("staff", q)).payLinks.map((p) => p.reference),
        q,
      ).toEqual(["INV-2041"]);
    // A batch by its label's words; "%" and "_" are only themselves.
    expect((await search("staff", "december DUES")).batches.map((b) => b.label)).toEqual(["December dues 100%"]);
    expect((await search("staff", "100%")).batches.map((b) => b.label)).toEqual(["December dues 100%"]);
    // "%" finds the label that holds one, and nothing else; "_" and "\\" hold nowhere.
    const percent = await search("staff", "%");
    expect([percent.batches.length, percent.payLinks.length, percent.customers.rows.length, percent.charges.rows.length]).toEqual([
      1, 0, 0, 0,
    ]);
    expect(percent.charges.note).toBe("Type at least 3 characters to search descriptions");
    for (const q of ["_", "\\"]) {
      const found = await search("staff", q);
      expect([found.batches.length, found.payLinks.length, found.customers.rows.length, found.charges.rows.length], q).toEqual([
        0, 0, 0, 0,
      ]);
    }
    // More than the few shown: the way to the whole list, with the same search.
    for (let i = 0; i < 6; i++) await charge("staff2", "0240000001", "Six of these", `2.1${i}`);
    const six = await search("staff", "six of these");
    expect(six.charges.rows).toHaveLength(5);
    expect(six.charges.all).toBe("/transactions?q=six+of+these");
  });

  test("nothing typed searches nothing; too long or with control characters is named and runs nothing", async () => {
    await as("staff");
    expect(await search("staff", "")).toMatchObject({ q: "", problem: null, charges: { rows: [] } });
    expect(await search("staff", "   ")).toMatchObject({ problem: null, charges: { rows: [] } });
    expect((await search("staff", "x".repeat(101))).problem).toBe("Search for at most 100 characters");
    expect((await search("staff", "a\u0000b")).problem).toBe("Remove control characters from the search");
    expect((await search("staff", "x".repeat(5_000))).q.length).toBeLessThanOrEqual(200);
  });

  test("staff's searches by number count against the history's hourly limit; support's do not", async () => {
    await as("staff", "staff3");
    await as("support");
    for (let i = 0; i < 60; i++) expect((await search("staff3", `02400${String(i).padStart(5, "0")}`)).problem).toBeNull();
    const refused = await search("staff3", "0241112223");
    expect(refused.problem).toMatch(/^At most 60 different phone numbers an hour/);
    expect(refused.charges.rows).toEqual([]);
    // Words still search.
    expect((await search("staff3", "kenkey")).problem).toBeNull();
    expect((await search("support", "0241112223")).problem).toBeNull();
  });
});
