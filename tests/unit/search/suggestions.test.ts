// GET /api/search (lib/search/suggestions.ts), the list under the search box as one types,
// through the route harness on each database: the same matches as the results page, as words,
// never a whole number a member's role hides; an unreadable `q` is a 422 naming it and runs
// nothing; a description holding markup comes back as text; asks by number share the results
// page's hourly limit, in parallel too; nobody signed out is answered.
import { describe, expect, test } from "vitest";
import { batches } from "@/lib/db/schema";
import { staffPage } from "@/lib/layout/staff-page";
import { searchEverything } from "@/lib/search/results";
import { SUGGESTED } from "@/lib/search/suggestions";
import type { Suggestions } from "@/lib/search/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";
import { addPaymentRequest } from "../support/rows";

const PASSWORD = "suggest-password-0123";
const json = { "content-type": "application/json" };
let keys = 0;

describe.each(backends)("the list under the search box on $name", (backend) => {
  const app = useRouteHarness(backend);
  const clients = new Map<string, { client: Client; id: string }>();
  const as = async (role: "owner" | "staff" | "support", who: string = role) => {
    if (!clients.has(who)) {
      const id = await app.addMember(`${who}@suggest.test`, role, PASSWORD);
      clients.set(who, { id, client: (await app.signIn(`${who}@suggest.test`, PASSWORD)).client });
    }
    return clients.get(who)!;
  };
  const ask = (who: string, query: string) => clients.get(who)!.client.fetch(`/api/search?${query}`);
  const suggest = async (who: string, q: string): Promise<Suggestions> => {
    const answer = await ask(who, new URLSearchParams({ q }).toString());
    expect(answer.status, q).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    return answer.json();
  };
  /** The results page for the same search, as lib/pages.ts serves it. */
  const resultsPage = (who: string, q: string) =>
    staffPage(app.pageRequest(clients.get(who)!.client, "/search", { q }), "charge:read", "/search", (ctx) => searchEverything(ctx, q));
  const charge = async (who: string, phoneNumber: string, description: string, amount = "1.50") => {
    const made = await clients.get(who)!.client.fetch("/api/charges", {
      method: "POST",
      body: { amount, currency: "GHS", phoneNumber, provider: "mtn", description },
      headers: { ...json, "idempotency-key": `suggest_${Date.now()}_${keys++}` },
    });
    expect(made.status).toBe(201);
    return (await made.json()).charge as { id: string };
  };

  test("each kind as two lines of words, a few of each, masked as the role requires, with the results page last", async () => {
    const staff = await as("staff");
    await as("support");
    // Another member's customer, and their charge to that number: staff see the number masked.
    const owner = await as("owner");
    const added = await owner.client.fetch("/api/customers", {
      method: "POST",
      body: { name: "Kofi Boateng", phoneNumber: "0241234567", provider: "mtn", reference: "CUST-9", email: "", note: "" },
      headers: json,
    });
    expect(added.status).toBe(201);
    const paid = await charge("owner", "0241234567", "Boateng shop restock", "12.50");
    await addPaymentRequest(app.db(), { createdBy: staff.id, reference: "INV-BOA-1", description: "Boateng wedding deposit" });
    await app
      .db()
      .insert(batches)
      .values({ label: "Boateng family dues", rowCount: 3, totals: { GHS: 300 }, createdBy: staff.id });

    const found = await suggest("staff", "boateng");
    expect(found.groups.map((g) => g.title)).toEqual(["Charges", "Customers", "Pay links", "Bulk batches"]);
    const [charges, customers, links, batchGroup] = found.groups;
    expect(charges.items).toEqual([
      {
        href: `/transactions/${paid.id}`,
        label: expect.stringMatching(/^GH₵12\.50 · \w+ · Boateng shop restock$/),
        detail: expect.stringMatching(/^Kofi Boateng · 024 ••• ••67 · MTN Mobile Money · /),
      },
    ]);
    expect(customers.items).toEqual([
      { href: expect.stringMatching(/^\/customers\//), label: "Kofi Boateng", detail: "024 ••• ••67 · MTN Mobile Money · CUST-9" },
    ]);
    expect(links.items[0]).toMatchObject({ label: "Boateng wedding deposit", detail: expect.stringMatching(/^INV-BOA-1 · GH₵/) });
    expect(batchGroup.items[0]).toMatchObject({
      label: "Boateng family dues",
      detail: expect.stringMatching(/^Awaiting approval · 3 rows · /),
    });
    expect(found).toMatchObject({
      problem: null,
      note: null,
      message: null,
      count: "4 matches. Use the down arrow to choose.",
      all: "/search?q=boateng",
    });
    expect(JSON.stringify(found)).not.toContain("1234567");
    // Support may see the number whole, as on the results page.
    expect((await suggest("support", "boateng")).groups[0].items[0].detail).toContain("024 123 4567");

    // The same matches as the results page, fewer of each.
    for (let i = 0; i < SUGGESTED + 2; i++) await charge("staff", "0240000009", "Boateng repeat order", `3.0${i}`);
    const many = await suggest("staff", "repeat order");
    expect(many.groups[0].items).toHaveLength(SUGGESTED);
    const page = await resultsPage("staff", "repeat order");
    if (page.kind !== "page" || !page.view) throw new Error("expected the results page");
    expect(many.groups[0].items.map((i) => i.href)).toEqual(page.view.charges.rows.slice(0, SUGGESTED).map((c) => `/transactions/${c.id}`));

    // Nothing found is an empty list, not an error; a description search too short says so.
    expect(await suggest("staff", "zzzz-nothing")).toMatchObject({
      groups: [],
      problem: null,
      message: "Nothing matches “zzzz-nothing”.",
      count: null,
    });
    expect(await suggest("staff", "zq")).toMatchObject({
      note: "Type at least 3 characters to search descriptions",
      message: "Nothing matches “zq”. Charges: Type at least 3 characters to search descriptions.",
    });
  });

  test("markup in a description comes back as text to insert as text", async () => {
    await as("staff", "staff-markup");
    await charge("staff-markup", "0240000011", `Cakes <img src=x onerror="alert(1)"> & "sons"`);
    const found = await suggest("staff-markup", "cakes");
    // The words as they were typed, a JSON string: the list inserts them as text (the e2e shows no element made).
    expect(found.groups[0].items[0].label).toMatch(/^GH₵1\.50 · \w+ · Cakes <img src=x onerror="alert\(1\)"> & "sons"$/);
  });

  test("a missing, empty, oversized or unreadable q is a 422 naming it, and nothing is searched", async () => {
    await as("staff", "staff-bad");
    for (const query of ["", "q=", "q=%20%20", `q=${"x".repeat(101)}`, "q=a%00b", "q=a%1Fb", "other=1"]) {
      const answer = await ask("staff-bad", query);
      expect(answer.status, query).toBe(422);
      const body = await answer.json();
      expect(body.error.code, query).toBe("invalid_request");
      expect(Object.keys(body.error.fields), query).toEqual(["q"]);
    }
    // A malformed percent-escape is refused before any handler runs, or read as the text it is.
    const odd = await ask("staff-bad", "q=%E0%A4%A");
    expect([400, 422, 200]).toContain(odd.status);
    // Signed out: refused, nothing searched.
    const anon = await app.client().fetch("/api/search?q=boateng");
    expect(anon.status).toBe(401);
  });

  test("asks by number share the results page's hourly limit, in parallel too; words still search", async () => {
    await as("staff", "staff-limit");
    await as("support", "support-limit");
    const numbers = Array.from({ length: 70 }, (_, i) => `02401${String(i).padStart(5, "0")}`);
    // Seventy asks at once: sixty searched, ten told the limit, none an error.
    const answers = await Promise.all(numbers.map((n) => suggest("staff-limit", n)));
    const refused = answers.filter((a) => a.problem);
    expect(refused).toHaveLength(10);
    for (const a of refused) {
      expect(a.problem).toMatch(/^At most 60 different phone numbers an hour/);
      expect(a).toMatchObject({ message: a.problem, count: null, groups: [] });
    }
    // The results page counts the same asks.
    const page = await resultsPage("staff-limit", "0241234567");
    expect(page.kind === "page" && page.view?.problem).toMatch(/^At most 60 different phone numbers/);
    expect((await suggest("staff-limit", "boateng")).problem).toBeNull();
    expect((await suggest("support-limit", "0241234567")).problem).toBeNull();
  });
});
