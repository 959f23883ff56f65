// The home page as lib/pages.ts serves it (lib/layout/staff-page.ts around lib/home/page-view.ts),
// through the route harness on each database: every role has it, each sees only its own kind of
// figures and the numbers as its role may, a visitor is sent to sign in; and the counts move with
// their causes, made and settled through the app's own routes.
import { describe, expect, test } from "vitest";
import { homeView } from "@/lib/home/page-view";
import type { HomeView } from "@/lib/home/types";
import { staffPage } from "@/lib/layout/staff-page";
import type { StaffAnswer } from "@/lib/layout/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "home-page-password-0123";
const json = { "content-type": "application/json" };
let keys = 0;

describe.each(backends)("the home page on $name", (backend) => {
  const app = useRouteHarness(backend);
  const members = new Map<string, Client>();
  const as = async (role: "owner" | "staff" | "support", who: string = role) => {
    if (!members.has(who)) {
      await app.addMember(`${who}@home.test`, role, PASSWORD);
      members.set(who, (await app.signIn(`${who}@home.test`, PASSWORD)).client);
    }
    return members.get(who)!;
  };
  const home = (who: Client | null) => staffPage(app.pageRequest(who, "/"), "charge:read", "/", (ctx) => homeView(ctx));
  const shown = (answer: StaffAnswer<HomeView>): HomeView => {
    if (answer.kind !== "page" || !answer.view) throw new Error(`expected the page, got ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.view;
  };
  const charge = async (who: Client, phoneNumber: string, amount: string, description = "home page") => {
    const made = await who.fetch("/api/charges", {
      method: "POST",
      body: { amount, currency: "GHS", phoneNumber, provider: "mtn", description },
      headers: { ...json, "idempotency-key": `home_${Date.now()}_${keys++}` },
    });
    expect(made.status).toBe(201);
    return (await made.json()).charge as { id: string; status: string };
  };

  test("a visitor is sent to sign in; every role has the page; staff see their own figures, others the team's", async () => {
    const staff = await as("staff");
    expect(await home(null)).toEqual({ kind: "redirect", to: "/sign-in?next=%2F" });
    const other = await as("staff", "staff2");
    const support = await as("support");
    const owner = await as("owner");
    await charge(staff, "0240000001", "2.00"); // the sandbox's success
    await charge(other, "0240000001", "3.00");
    await charge(other, "0240000004", "4.00"); // the sandbox's failure

    const mine = shown(await home(staff));
    expect(mine).toMatchObject({ scope: "own", canCharge: true, waiting: [] });
    expect(mine.figures.today).toMatchObject({ count: 1, success: 1, collected: [{ currency: "GHS", minor: 200 }] });
    const team = shown(await home(support));
    expect(team).toMatchObject({ scope: "team", canCharge: false });
    expect(team.figures.today).toMatchObject({ count: 3, success: 2, finished: 3, collected: [{ currency: "GHS", minor: 500 }] });
    expect(shown(await home(owner)).scope).toBe("team");
    // Props as JSON: nothing undefined, nothing a page's props refuse.
    expect(JSON.parse(JSON.stringify(team))).toEqual(team);

    // Recent: the team's latest for everyone, each number as the role may see it.
    expect(mine.recent.charges).toHaveLength(3);
    const byOther = mine.recent.charges.filter((c) => c.createdBy?.email === "staff2@home.test");
    expect(byOther.length).toBe(2);
    for (const c of byOther) expect(c).toMatchObject({ phoneMasked: true, phoneNumber: expect.not.stringContaining("0240000001") });
    expect(mine.recent.charges.find((c) => c.createdBy?.email === "staff@home.test")).toMatchObject({ phoneMasked: false });
    for (const c of team.recent.charges) expect(c.phoneMasked).toBe(false);
    expect(mine.recent.payments).toEqual([]);
  });

  test("a charge whose outcome is unknown waits for support and the owner until it is settled, never for staff", async () => {
    const staff = await as("staff");
    const support = await as("support");
    const owner = await as("owner");
    const unknown = await charge(staff, "0240000006", "6.00"); // the sandbox's unknown outcome
    expect(unknown.status).toBe("unknown");
    const queue = (v: HomeView) => v.waiting.find((w) => w.key === "queue");
    expect(queue(shown(await home(support)))).toMatchObject({ count: 1, label: "1 charge to reconcile", href: "/reconcile" });
    expect(queue(shown(await home(owner)))).toMatchObject({ count: 1 });
    expect(shown(await home(staff)).waiting).toEqual([]);

    const settled = await support.fetch(`/api/charges/${unknown.id}/resolve`, {
      method: "POST",
      body: { outcome: "failed", note: "No debit on the statement" },
      headers: json,
    });
    expect(settled.status).toBe(200);
    expect(queue(shown(await home(support)))).toBeUndefined();
  });
});
