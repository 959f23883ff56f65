// A charge's page (lib/charge-page/page-view.ts, as lib/startup.ts serves it through
// lib/layout/staff-page.ts), on each database, with the route harness's sandbox as the upstream:
// an unknown id is a 404 in the frame; each role sees only its tools; and its forms as a hostile
// or careless sender would send them — from another site, by a role without them, with fields
// missing, malformed or oversized, twice — are refused with the field named and nothing written,
// or written once.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { chargePageAction, chargePageView, whereOf } from "@/lib/charge-page/page-view";
import type { ChargePageView } from "@/lib/charge-page/types";
import { chargeEvents, chargeReversals, charges } from "@/lib/db/schema";
import { staffAction, staffPage } from "@/lib/layout/staff-page";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "charge-page-password-0123";
const json = { "content-type": "application/json" };
let keys = 0;

describe.each(backends)("a charge's page on $name", (backend) => {
  const app = useRouteHarness(backend);
  const members = new Map<string, Client>();
  const as = async (role: "owner" | "staff" | "support") => {
    if (!members.has(role)) {
      await app.addMember(`${role}@charge-page.test`, role, PASSWORD);
      members.set(role, (await app.signIn(`${role}@charge-page.test`, PASSWORD)).client);
    }
    return members.get(role)!;
  };
  const charge = async (phoneNumber: string, amount: string) => {
    const staff = await as("staff");
    const body = { amount, currency: "GHS", phoneNumber, provider: "mtn", description: "charge page" };
    const made = await staff.fetch("/api/charges", {
      method: "POST",
      body,
      headers: { ...json, "idempotency-key": `page_${Date.now()}_${keys++}` },
    });
    expect(made.status).toBe(201);
    return (await made.json()).charge as { id: string; status: string };
  };
  const request = (who: Client, headers: Record<string, string> = {}, query: PageRequest["query"] = {}) =>
    app.pageRequest(who, "/transactions", query, headers);
  const page = (who: Client, id: string, from: "history" | "queue" = "history", query: PageRequest["query"] = {}) => {
    const where = whereOf(id, from, query);
    const permission = from === "history" ? "charge:read" : "charge:reconcile";
    return staffPage(request(who, {}, query), permission, where.path, (ctx) => chargePageView(ctx, id, where, query));
  };
  const same = { origin: "", "sec-fetch-site": "same-origin" };
  const send = (who: Client, id: string, form: string | null, headers: Record<string, string> = same) => {
    const where = whereOf(id, "history", {});
    const h = headers === same ? { ...same, origin: app.origin() } : headers;
    return staffAction(request(who, h), "charge:read", where.path, (ctx) =>
      chargePageAction(ctx, id, where, form === null ? null : new URLSearchParams(form), `${app.origin()}${where.path}`),
    );
  };
  const shown = (answer: StaffAnswer<ChargePageView>): ChargePageView => {
    if (answer.kind !== "page" || !answer.view) throw new Error(`expected the page, got ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.view;
  };
  const eventsOf = async (id: string, type: string) =>
    (await app.db().select().from(chargeEvents).where(eq(chargeEvents.chargeId, id))).filter((e) => e.type === type).length;

  test("an id that names no charge is a 404 in the frame; each role sees its own tools; the queue's page keeps its filters", async () => {
    const staff = await as("staff");
    const support = await as("support");
    for (const id of ["3f1d2c4b-0000-4000-8000-000000000000", "not-an-id", "' or 1=1 --"]) {
      expect(await page(staff, id)).toMatchObject({ kind: "page", status: 404, view: null });
    }
    const unknown = await charge("0240000006", "3.10");
    expect(unknown.status).toBe("unknown");
    expect(shown(await page(staff, unknown.id)).can).toMatchObject({ reconcile: false, reverse: false, raw: false });
    const theirs = shown(await page(support, unknown.id));
    expect(theirs.can).toMatchObject({ reconcile: true, reverse: false, raw: true });
    expect(theirs).toMatchObject({ inQueue: true, watch: null, checked: false, toast: null });
    // Props as JSON: nothing undefined, nothing a page's props refuse.
    expect(JSON.parse(JSON.stringify(theirs))).toEqual(theirs);

    // From the queue: only those who reconcile, with the way back to the queue's page as it was.
    expect(await page(staff, unknown.id, "queue")).toMatchObject({ kind: "page", status: 403, view: null });
    const queued = shown(await page(support, unknown.id, "queue", { status: "unknown", order: "newest", evil: "<x>" }));
    expect(queued.where.path).toMatch(new RegExp(`^/reconcile/${unknown.id}\\?`));
    expect(queued.where.back?.href).toContain("status=unknown");
    expect(queued.where.back?.href).not.toContain("evil");

    // A pending one is watched by the page's script, for a bounded time.
    const pending = await charge("0240000007", "3.20");
    expect(shown(await page(staff, pending.id)).watch).toMatchObject({
      url: `/api/charges/${pending.id}`,
      status: "pending",
      forMs: 180_000,
    });
  });

  test("a hand resolution: refused from another site and for staff; what to fix named, words kept; asked first; written once", async () => {
    const staff = await as("staff");
    const support = await as("support");
    const c = await charge("0240000006", "4.10");
    const resolved = () => eventsOf(c.id, "reconciled");
    const note = "Wallet statement shows the debit at 14:02.";
    const form = `intent=resolve&outcome=success&note=${encodeURIComponent(note)}`;

    for (const cross of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      expect(await send(support, c.id, form, cross)).toMatchObject({ kind: "page", status: 403, view: null });
    }
    expect(await send(staff, c.id, form)).toMatchObject({ kind: "page", status: 403, view: null });
    expect(await resolved()).toBe(0);

    // Nothing chosen, a note too short, a choice that is none of the two: each field named, the words kept.
    const bad = await send(support, c.id, "intent=review&outcome=maybe&note=ok");
    expect(bad).toMatchObject({ kind: "page", status: 400 });
    expect(shown(bad).resolve).toEqual({
      values: { outcome: "maybe", note: "ok" },
      errors: { outcome: "Choose whether the customer was charged", note: "Write a note of at least 5 characters: what did you check?" },
      confirm: false,
    });
    // Control characters, an oversized note, an oversized body: refused, never shortened.
    expect(
      shown(await send(support, c.id, `intent=review&outcome=failed&note=${encodeURIComponent("Checked\u0000 wallet")}`)).resolve?.errors,
    ).toEqual({
      note: "Remove control characters from the note",
    });
    expect(shown(await send(support, c.id, `intent=resolve&outcome=failed&note=${"x".repeat(501)}`)).resolve?.errors).toEqual({
      note: "Keep the note to 500 characters",
    });
    expect(shown(await send(support, c.id, null)).resolve?.errors.form).toMatch(/too long to read/);
    // Reviewed: the confirmation, nothing written.
    const asked = shown(await send(support, c.id, form.replace("intent=resolve", "intent=review")));
    expect(asked.resolve).toMatchObject({ confirm: true, values: { outcome: "success", note } });
    expect(asked.summary).toEqual({ amount: "GH₵4.10", phone: "024 000 0006" });
    expect(await resolved()).toBe(0);

    // Confirmed: back to the page, written; sent again (a second tap, a reload), refused with why.
    const [first, second] = await Promise.all([send(support, c.id, form), send(support, c.id, form)]);
    const answers = [first, second].map((a) => (a.kind === "redirect" ? a.to : a.status));
    expect(answers.sort()).toEqual([409, `/transactions/${c.id}`].sort());
    expect(await resolved()).toBe(1);
    const [row] = await app.db().select().from(charges).where(eq(charges.id, c.id));
    expect(row.status).toBe("success");
    const after = shown(await page(support, c.id));
    expect(after.can.reconcile).toBe(false);
    expect(after.resolution?.note).toBe(note);
  });

  test("Check status asks the upstream and says so on the page it leads back to", async () => {
    const support = await as("support");
    const c = await charge("0240000007", "4.20");
    expect(await send(support, c.id, "intent=check")).toEqual({ kind: "redirect", to: `/transactions/${c.id}?checked=1#reconcile` });
    expect(await eventsOf(c.id, "status_checked")).toBeGreaterThan(0);
    expect(shown(await page(support, c.id, "history", { checked: "1" })).checked).toBe(true);
    // Not a form it has: refused, nothing done.
    expect(await send(support, c.id, "intent=refund")).toMatchObject({ kind: "page", status: 403 });
  });

  test("a reversal: what to fix named; recorded once however often it is sent; never more than the amount", async () => {
    const staff = await as("staff");
    const support = await as("support");
    const c = await charge("0240000001", "25.50");
    expect(c.status).toBe("success");
    const reversals = async () => (await app.db().select().from(chargeReversals).where(eq(chargeReversals.chargeId, c.id))).length;
    const opened = shown(await page(support, c.id));
    expect(opened.reverse).toEqual({ values: { amount: "25.50", method: "", note: "" }, errors: {}, open: false });
    expect(opened.can.reverse).toBe(true);
    expect(shown(await page(staff, c.id)).can.reverse).toBe(false);
    expect(await send(staff, c.id, "intent=reverse&amount=1&method=cash&note=staff%20try&seen=0")).toMatchObject({ status: 403 });

    const bad = shown(await send(support, c.id, "intent=reverse&amount=5.00&method=&note=&seen=0"));
    expect(bad.reverse).toMatchObject({ open: true, values: { amount: "5.00" } });
    expect(Object.keys(bad.reverse.errors).sort()).toEqual(["method", "note"]);
    expect(
      shown(await send(support, c.id, "intent=reverse&amount=5%2C00.9&method=cash&note=Came%20back&seen=0")).reverse.errors,
    ).toHaveProperty("amount");
    expect(shown(await send(support, c.id, "intent=reverse&amount=30&method=cash&note=Came%20back&seen=0")).reverse.errors).toEqual({
      amount: "At most GH₵25.50 is left to reverse on this charge.",
    });
    expect(await reversals()).toBe(0);

    const form = "intent=reverse&amount=5.00&method=cash&note=Customer%20came%20back%20to%20the%20counter&seen=0";
    expect(await send(support, c.id, form)).toEqual({ kind: "redirect", to: `/transactions/${c.id}?reversed=1#reversals` });
    // The same form again (a second tap, the browser sending it again): nothing more is recorded.
    // A body too long to read: nothing recorded, said on the reversal form.
    expect(shown(await send(support, c.id, null)).reverse).toMatchObject({
      open: true,
      errors: { form: expect.stringMatching(/too long/) },
    });
    const again = await send(support, c.id, form);
    expect(again).toMatchObject({ kind: "page", status: 409 });
    expect(shown(again).reverse.errors.form).toMatch(/Another reversal was recorded/);
    expect(await reversals()).toBe(1);
    const after = shown(await page(support, c.id, "history", { reversed: "1" }));
    expect(after.toast).toBe("Reversal recorded. GH₵20.50 left.");
    expect(after.reverse).toMatchObject({ open: true, values: { amount: "20.50" } });

    // The form sent twice at the same moment (two tabs, a double tap racing its reload): the
    // check is the reversal's own UPDATE, so one is recorded and the other told why.
    const twice = "intent=reverse&amount=1.00&method=cash&note=Both%20at%20once%20from%20two%20tabs&seen=500";
    const both = await Promise.all([send(support, c.id, twice), send(support, c.id, twice)]);
    expect(both.filter((a) => a.kind === "redirect")).toHaveLength(1);
    const refused = both.find((a) => a.kind === "page");
    expect(refused).toMatchObject({ status: 409 });
    expect(shown(refused!).reverse.errors.form).toMatch(/Another reversal was recorded/);
    expect(await reversals()).toBe(2);
    // A form whose figure is missing or not a number records nothing either.
    for (const seen of ["", "abc", "1e400", "600.5"]) {
      const tampered = await send(support, c.id, `intent=reverse&amount=1.00&method=cash&note=Tampered%20form&seen=${seen}`);
      expect(tampered).toMatchObject({ kind: "page", status: 409 });
    }
    expect(await reversals()).toBe(2);
  });
});
