// Saving a view (lib/saved-views/, through the pages' forms as lib/pages.ts serves them), on each
// database: only the page's own filters are kept, as its filter schema reads them (cursors and
// unknown parameters dropped, days as ISO days); a filter that does not parse, a name empty,
// oversized, with control characters or written twice (another case, another Unicode form) is
// sent back naming it, and nothing is kept; at most 50 a member a page, also when sent at once.
import { describe, expect, test } from "vitest";
import { savedViews } from "@/lib/db/schema";
import { viewNameSchema } from "@/lib/saved-views/schema";
import { MAX_VIEWS_PER_PAGE } from "@/lib/saved-views/types";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";
import { barOf, formOf, pagesOf, shown } from "./support";

describe.each(backends)("saving a view on $name", (backend) => {
  const app = useRouteHarness(backend);
  const { as, open, send, rows } = pagesOf(app);
  const save = (name: string, query: string, extra: Record<string, string> = {}) => formOf({ intent: "save", name, query, ...extra });

  test("only the page's filters are kept, as the page writes them; the view's link applies them", async () => {
    const before = (await rows()).length;
    const sent = "q=%20%20Ama%20&status=failed&from=23%20Nov%202026&to=2026-11-30&size=25&after=abc&before=def&evil=%3Cscript%3E";
    const answer = await send("staff", "transactions", save("  Failed   this\u00a0week ", sent));
    const kept = "q=Ama&status=failed&from=2026-11-23&to=2026-11-30&size=25";
    expect(answer).toEqual({ kind: "redirect", to: `/transactions?${kept}` });
    const [row] = (await rows()).slice(before);
    const { id: staffId } = await as("staff");
    expect(row).toMatchObject({ memberId: staffId, page: "transactions", name: "Failed this week", query: kept, shared: false });

    // The page with the view's filters marks it; the page without any does not.
    const applied = barOf(await open("staff", "transactions", Object.fromEntries(new URLSearchParams(kept))));
    expect(applied.mine).toContainEqual({
      id: row.id,
      name: "Failed this week",
      href: `/transactions?${kept}`,
      current: true,
      canDelete: true,
      by: null,
    });
    expect(applied).toMatchObject({ team: [], canShare: false, full: false, limit: MAX_VIEWS_PER_PAGE, path: "/transactions" });
    expect(barOf(await open("staff", "transactions")).mine.find((v) => v.id === row.id)?.current).toBe(false);

    // The reconciliation queue and the audit log keep theirs the same way.
    expect(
      await send("support", "reconcile", save("Old unknowns", "status=unknown&network=mtn&age=2H&order=newest&after=x&q=Ama")),
    ).toEqual({
      kind: "redirect",
      to: "/reconcile?status=unknown&network=mtn&age=2h&order=newest",
    });
    expect(await send("owner", "audit", save("Sign-ins", "action=sign_in&from=1%20Nov%202026&before=99&size=100"))).toEqual({
      kind: "redirect",
      to: "/audit?action=sign_in&from=2026-11-01",
    });
    // No filter at all is a view too: the whole list.
    expect(await send("owner", "audit", save("Everything", "before=12"))).toEqual({ kind: "redirect", to: "/audit" });
    // Props Next.js accepts: JSON as it is.
    const page = shown(await open("owner", "audit"));
    expect(JSON.parse(JSON.stringify(page.views))).toEqual(page.views);
    expect(page.views.mine.map((v) => v.name)).toEqual(["Everything", "Sign-ins"]);
  });

  test("a filter that does not parse, or a name that cannot be one, is sent back named; nothing is kept", async () => {
    const before = (await rows()).length;
    const refused: [string, string, RegExp][] = [
      ["Maybe", "status=maybe", /^Not saved: Status: Unknown status\./],
      ["Leap", "from=2026-02-30", /^Not saved: From: Not a real date\./],
      ["Tiny", "min=abc", /^Not saved: Min amount: /],
      ["Backwards", "from=2026-11-30&to=2026-11-01", /^Not saved: To: The end date is before the start date\./],
      ["", "status=failed", /^Give the view a name$/],
      [" \u00a0 ", "status=failed", /^Give the view a name$/],
      ["x".repeat(61), "status=failed", /^Keep the name to 60 characters$/],
      ["Bell\u0007", "status=failed", /^Remove control characters from the name$/],
      ["Two\nlines", "status=failed", /^Remove control characters from the name$/],
      ["NUL\u0000", "status=failed", /^Remove control characters from the name$/],
    ];
    for (const [name, query, message] of refused) {
      const answer = await send("staff", "transactions", save(name, query));
      expect(answer, name).toMatchObject({ kind: "page", status: 400 });
      const bar = barOf(answer);
      expect(bar.save.error, name).toMatch(message);
      // What was typed stays in the field; the list is shown with the filters it was sent from.
      expect(bar.save.name).toBe(name);
      expect(bar.query).toBe(query);
    }
    expect(shown(await send("staff", "transactions", save("Maybe", "status=maybe"))).form.values.status).toBe("maybe");
    // On the queue, its own words.
    expect(barOf(await send("support", "reconcile", save("Ages", "age=forever"))).save.error).toMatch(/^Not saved: Older than: /);
    // A body too long to read: nothing read, nothing kept.
    expect(barOf(await send("staff", "transactions", null)).save.error).toMatch(/too long to read/);
    expect((await rows()).length).toBe(before);
    // A lone surrogate cannot travel in a form (it arrives as U+FFFD); the schema refuses it all the same.
    expect(viewNameSchema.safeParse("Half \ud83d").error?.issues[0].message).toBe("Remove control characters from the name");

    // 60 characters as a person counts them: an emoji is one, an accent typed apart joins its letter.
    expect((await send("staff", "transactions", save("🧾".repeat(60), "status=failed"))).kind).toBe("redirect");
    expect((await send("staff", "transactions", save("e\u0301".repeat(60), "status=failed"))).kind).toBe("redirect");
    const names = (await rows()).slice(before).map((r) => r.name);
    expect(names).toEqual(["🧾".repeat(60), "\u00e9".repeat(60)]);
  });

  test("a name is one per member and page, whatever its case or Unicode form; another member, or page, may use it", async () => {
    expect((await send("staff", "transactions", save("Café float", "status=pending"))).kind).toBe("redirect");
    // "CAFÉ": PostgreSQL's lower() leaves É as it is under LC_CTYPE "C"; the app folds it on every database.
    for (const again of ["café FLOAT", "CAFÉ FLOAT", "CAFE\u0301 FLOAT", "Cafe\u0301 float", "  Café   float "]) {
      const answer = await send("staff", "transactions", save(again, "status=failed"));
      expect(answer, again).toMatchObject({ kind: "page", status: 409 });
      expect(barOf(answer).save.error).toMatch(/^You already have a view named “.+” on this page\. Choose another name\.$/);
    }
    // Sent again from a page with every kind of filter and a page size: the page comes back, saying why.
    const full = "status=failed&network=mtn&from=2026-11-01&size=25";
    expect((await send("staff", "transactions", save("Full", full))).kind).toBe("redirect");
    const again = await send("staff", "transactions", save("Full", full));
    expect(again).toMatchObject({ kind: "page", status: 409 });
    expect(barOf(again).save.error).toMatch(/^You already have a view named “Full”/);
    expect((await send("staff2", "transactions", save("Café float", "status=failed"))).kind).toBe("redirect");
    expect((await send("support", "transactions", save("Café float", "status=failed"))).kind).toBe("redirect");
    expect((await send("support", "reconcile", save("Café float", "status=pending"))).kind).toBe("redirect");
    // Case beyond one letter to one: "STRASSE" is "Straße".
    expect((await send("staff", "transactions", save("Straße", "status=failed"))).kind).toBe("redirect");
    expect(await send("staff", "transactions", save("STRASSE", "status=failed"))).toMatchObject({ kind: "page", status: 409 });
    // A view the release before 0027 kept (no name_key): its lower(name) still holds the name.
    const { id: staffId } = await as("staff");
    await app.db().insert(savedViews).values({ memberId: staffId, page: "transactions", name: "Legacy view", query: "" });
    expect(await send("staff", "transactions", save("LEGACY VIEW", "status=failed"))).toMatchObject({ kind: "page", status: 409 });
    // The same name sent twice at once: one is kept.
    const both = await Promise.all([1, 2].map(() => send("staff2", "transactions", save("Twice", "status=failed"))));
    expect(both.map((a) => (a.kind === "redirect" ? "kept" : a.status)).sort()).toEqual([409, "kept"]);
    expect((await rows()).filter((r) => r.name === "Twice")).toHaveLength(1);
  });

  test(`at most ${MAX_VIEWS_PER_PAGE} views a member a page, also when the last places are asked for at once`, async () => {
    const { id } = await as("staff2");
    const mine = async () => (await rows()).filter((r) => r.memberId === id && r.page === "transactions").length;
    const have = await mine();
    const fill = MAX_VIEWS_PER_PAGE - 2 - have;
    await app
      .db()
      .insert(savedViews)
      .values(Array.from({ length: fill }, (_, i) => ({ memberId: id, page: "transactions" as const, name: `Filler ${i}`, query: "" })));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send("staff2", "transactions", save(`Last ${i}`, "status=success"))),
    );
    const refusals = answers.filter((a) => a.kind === "page");
    expect(answers.filter((a) => a.kind === "redirect")).toHaveLength(2);
    expect(refusals.map((a) => a.kind === "page" && a.status)).toEqual([409, 409, 409]);
    expect(barOf(refusals[0]).save.error).toBe(
      `You keep ${MAX_VIEWS_PER_PAGE} views on this page, the most there may be. Delete one to save another.`,
    );
    expect(await mine()).toBe(MAX_VIEWS_PER_PAGE);
    expect(barOf(await open("staff2", "transactions")).full).toBe(true);
    // Another member, and another page, are counted apart.
    expect((await send("staff", "transactions", save("Still room", "status=success"))).kind).toBe("redirect");
  });

  test("the date range: ISO days from the calendar, days as the app writes them too, shown back as ISO days", async () => {
    const page = shown(await open("staff", "transactions", { from: "23 Nov 2026", to: "2026-11-30" }));
    expect(page.form.values).toMatchObject({ from: "2026-11-23", to: "2026-11-30" });
    const audit = shown(await open("owner", "audit", { from: "2026-11-01", to: "1 Dec 2026" }));
    expect(audit.form.values).toMatchObject({ from: "2026-11-01", to: "2026-12-01" });
    // A day that is none stays as typed, named among the problems (the calendar's field shows none).
    const bad = shown(await open("owner", "audit", { from: "2026-02-30" }));
    expect(bad.form.values.from).toBe("2026-02-30");
  });
});
