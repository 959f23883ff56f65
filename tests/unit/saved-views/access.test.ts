// Who sees, deletes and shares a saved view (docs/decisions/saved-views.md), through the pages' forms
// as lib/pages.ts serves them, on each database: a member's own views and the team's shared ones,
// never another member's private view — their id sent in a form changes nothing; sharing is an
// owner's (a staff or support form that says shared=1 is refused and keeps nothing); a shared view
// is deleted only by an owner; both are in the audit log. Forms from another site, a role without
// the page, a form the page does not have: refused, nothing changed.
import { describe, expect, test } from "vitest";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";
import { barOf, formOf, pagesOf } from "./support";

describe.each(backends)("who may see, delete and share a view on $name", (backend) => {
  const app = useRouteHarness(backend);
  const { as, open, send, rows, audited } = pagesOf(app);
  const save = (name: string, query: string, extra: Record<string, string> = {}) => formOf({ intent: "save", name, query, ...extra });
  const remove = (id: string, query = "") => formOf({ intent: "delete", id, query });
  const idOf = async (name: string) => (await rows()).find((r) => r.name === name)!.id;

  test("a member's private view is theirs alone: not listed for others, and another member's id in a form changes nothing", async () => {
    expect((await send("staff", "transactions", save("Mine", "status=failed"))).kind).toBe("redirect");
    const id = await idOf("Mine");
    for (const who of ["staff2", "support", "owner"] as const) {
      const bar = barOf(await open(who, "transactions"));
      expect(
        [...bar.mine, ...bar.team].map((v) => v.id),
        who,
      ).not.toContain(id);
    }
    for (const who of ["staff2", "support", "owner"] as const) {
      const answer = await send(who, "transactions", remove(id, "status=failed"));
      expect(answer, who).toMatchObject({ kind: "page", status: 409 });
      // The same words as for a view that never was: nothing says it exists.
      expect(barOf(answer).notice).toBe("That view is not there any more: nothing was deleted.");
    }
    // Through another page's form: not a view of that page.
    expect(await send("support", "reconcile", remove(id))).toMatchObject({ kind: "page", status: 409 });
    for (const forged of ["not-a-uuid", "' or 1=1 --", "", "00000000-0000-4000-8000-000000000000"]) {
      expect(await send("staff2", "transactions", remove(forged)), forged).toMatchObject({ kind: "page", status: 409 });
    }
    expect((await rows()).map((r) => r.id)).toContain(id);

    // Its member deletes it: back to the page with only its filters; sent twice at once, once.
    const [first, second] = await Promise.all(
      [1, 2].map(() => send("staff", "transactions", remove(id, "status=failed&after=abc&evil=1"))),
    );
    expect([first, second].map((a) => (a.kind === "redirect" ? a.to : a.status)).sort()).toEqual(
      [409, "/transactions?status=failed"].sort(),
    );
    expect((await rows()).map((r) => r.id)).not.toContain(id);
    expect(await audited("saved_view_deleted")).toEqual([]);
  });

  test("sharing is an owner's: a staff or support form that says shared=1 is refused and keeps nothing", async () => {
    const before = (await rows()).length;
    for (const who of ["staff", "support"] as const) {
      for (const shared of ["1", "on", "0", ""]) {
        const answer = await send(who, "transactions", save(`Shared by ${who} ${shared}`, "status=failed", { shared }));
        expect(answer, `${who} shared=${shared}`).toMatchObject({ kind: "page", status: 403, view: null });
      }
      // The bar offers them no such box.
      expect(barOf(await open(who, "transactions")).canShare).toBe(false);
    }
    expect((await rows()).length).toBe(before);
    expect(await audited("saved_view_shared")).toEqual([]);
  });

  test("an owner's shared view: seen by every member who may open the page, deleted only by an owner, both audited", async () => {
    const { id: ownerId } = await as("owner");
    expect(barOf(await open("owner", "transactions")).canShare).toBe(true);
    expect(await send("owner", "transactions", save("Failed today", "status=failed&size=100", { shared: "1" }))).toEqual({
      kind: "redirect",
      to: "/transactions?status=failed&size=100",
    });
    const id = await idOf("Failed today");
    const [entry] = await audited("saved_view_shared");
    expect(entry).toMatchObject({ actorId: ownerId, targetId: id, detail: { page: "transactions", name: "Failed today" } });
    // The query (which may hold a search) is not in the log.
    expect(JSON.stringify(entry.detail)).not.toContain("status");

    for (const who of ["staff", "staff2", "support"] as const) {
      const bar = barOf(await open(who, "transactions"));
      expect(bar.team, who).toEqual([
        expect.objectContaining({ id, name: "Failed today", href: "/transactions?status=failed&size=100", canDelete: false, by: "owner" }),
      ]);
      expect(bar.mine.map((v) => v.id)).not.toContain(id);
    }
    expect(barOf(await open("owner", "transactions")).team).toEqual([expect.objectContaining({ id, by: "you", canDelete: true })]);
    // Not on another page's bar.
    expect(barOf(await open("support", "reconcile")).team).toEqual([]);

    // A staff or support member may not delete it: refused, still there.
    for (const who of ["staff", "support"] as const) {
      expect(await send(who, "transactions", remove(id)), who).toMatchObject({ kind: "page", status: 403, view: null });
    }
    expect((await rows()).map((r) => r.id)).toContain(id);
    expect(await send("owner", "transactions", remove(id, "status=failed"))).toEqual({
      kind: "redirect",
      to: "/transactions?status=failed",
    });
    expect((await rows()).map((r) => r.id)).not.toContain(id);
    expect(await audited("saved_view_deleted")).toEqual([
      expect.objectContaining({ actorId: ownerId, targetId: id, detail: { page: "transactions", name: "Failed today" } }),
    ]);
  });

  test("a team view never searches for a phone number (staff see numbers masked); a private one may", async () => {
    const answer = await send("owner", "transactions", save("One customer", "q=024%20412%203456", { shared: "1" }));
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    expect(barOf(answer).save).toMatchObject({ shared: true, error: expect.stringMatching(/cannot search for a phone number/) });
    expect((await rows()).find((r) => r.name === "One customer")).toBeUndefined();
    expect((await send("owner", "transactions", save("One customer", "q=0244123456"))).kind).toBe("redirect");
    expect(barOf(await open("staff", "transactions")).team.map((v) => v.name)).not.toContain("One customer");
  });

  test("a role without the page, a form from another site, a form the page does not have: refused, nothing changed", async () => {
    const before = await rows();
    // Staff may not open the queue; only owners the audit log.
    expect(await send("staff", "reconcile", save("Queue", "status=unknown"))).toMatchObject({ kind: "page", status: 403, view: null });
    expect(await send("support", "audit", save("Log", "action=sign_in"))).toMatchObject({ kind: "page", status: 403, view: null });
    for (const cross of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }] as Record<
      string,
      string
    >[]) {
      expect(await send("owner", "transactions", save("Cross", "status=failed"), cross)).toMatchObject({ kind: "page", status: 403 });
    }
    for (const intent of ["share", "rename", ""]) {
      expect(await send("owner", "transactions", formOf({ intent, name: "Other", query: "" }))).toMatchObject({
        kind: "page",
        status: 403,
      });
    }
    expect(await rows()).toEqual(before);
  });
});
