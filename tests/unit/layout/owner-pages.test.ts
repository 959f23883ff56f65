// The team, business and profile pages' views (lib/team/page-view.ts, lib/business/page-view.ts,
// lib/session/profile-view.ts), as lib/startup.ts serves them through lib/layout/staff-page.ts, on
// each database: each page's gate (owners only for the team and the business; every member for
// their own profile), and what each view gives its island — the profile's sessions with this
// request's marked as current, and no other member's. And sign-in's (visitorPage): set-up before
// the team exists, the page for who is not signed in, a member's start page for a member.
import { describe, expect, test } from "vitest";
import type { SettingsView } from "@/lib/business/types";
import { settingsView } from "@/lib/business/page-view";
import { staffPage, visitorPage } from "@/lib/layout/staff-page";
import type { StaffAnswer } from "@/lib/layout/types";
import { profileView } from "@/lib/session/profile-view";
import type { ProfileView } from "@/lib/session/types";
import { teamView } from "@/lib/team/page-view";
import type { TeamView } from "@/lib/team/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "owner-pages-password-0123";

describe.each(backends)("the team, business and profile pages on $name", (backend) => {
  const app = useRouteHarness(backend);
  const members = new Map<string, Client>();
  const as = async (role: "owner" | "staff" | "support") => {
    if (!members.has(role)) {
      await app.addMember(`${role}@owner-pages.test`, role, PASSWORD);
      members.set(role, (await app.signIn(`${role}@owner-pages.test`, PASSWORD)).client);
    }
    return members.get(role)!;
  };
  const request = (who: Client | null, path: string) => app.pageRequest(who, path);
  const team = (who: Client | null) => staffPage(request(who, "/team"), "team:manage", "/team", teamView);
  const settings = (who: Client | null) => staffPage(request(who, "/settings"), "business:manage", "/settings", settingsView);
  const profile = (who: Client | null) => staffPage(request(who, "/profile"), "profile:own", "/profile", profileView);
  const view = <V>(answer: StaffAnswer<V>): V => {
    if (answer.kind !== "page" || answer.status !== 200) throw new Error(`expected the page, got ${JSON.stringify(answer)}`);
    return answer.view;
  };
  const status = (answer: StaffAnswer<unknown>) => (answer.kind === "page" ? answer.status : answer.to);

  test("sign-in: set-up before the team exists, the page for who is not signed in, a member's start page for a member", async () => {
    const signIn = (who: Client | null, next?: string) =>
      visitorPage(request(who, "/sign-in"), "/sign-in", async () => ({ next: next ?? null }));
    expect(status(await signIn(null))).toBe("/setup");
    const staff = await as("staff");
    const page = await signIn(null, "/customers");
    expect(page).toMatchObject({ kind: "page", status: 200, view: { next: "/customers" } });
    if (page.kind !== "page") throw new Error("expected the page");
    expect(page.frame.header.member).toBeNull();
    expect(page.frame.header.path).toBe("/sign-in");
    expect(status(await signIn(staff))).toBe("/");
  });

  test("the team and the business are the owner's; anyone else is refused, anonymous sent to sign in", async () => {
    const owner = await as("owner");
    for (const role of ["staff", "support"] as const) {
      const who = await as(role);
      expect(status(await team(who))).toBe(403);
      expect(status(await settings(who))).toBe(403);
    }
    expect(status(await team(null))).toBe("/sign-in?next=%2Fteam");
    expect(status(await settings(null))).toBe("/sign-in?next=%2Fsettings");

    const t: TeamView = view(await team(owner));
    const me = t.members.find((m) => m.email === "owner@owner-pages.test");
    expect(me).toMatchObject({ role: "owner", active: true });
    expect(t.me).toBe(me?.id);
    expect(t.twoFactor.map((m) => m.email)).toEqual(expect.arrayContaining(["owner@owner-pages.test", "staff@owner-pages.test"]));
    expect(t.inviteHours).toBe(48);
    // Never a secret: a member's two-factor is only whether it is on.
    expect(Object.keys(t.twoFactor[0]).sort()).toEqual(["email", "enabled", "id", "name", "role"]);

    const s: SettingsView = view(await settings(owner));
    expect(s.zones).toContain("UTC");
    expect(s.zones).toContain(s.business.timeZone);
    expect(s.zones).toEqual([...s.zones].sort((a, b) => a.localeCompare(b)));
    expect(s.backups.embedded).toBe(backend.name === "pglite");
  });

  test("a profile is its member's own: their sessions, this one marked current, nobody else's", async () => {
    const support = await as("support");
    await as("staff");
    // A second browser of the same member.
    const other = (await app.signIn("support@owner-pages.test", PASSWORD)).client;
    const p: ProfileView = view(await profile(support));
    expect(p.me).toEqual({ name: "support", email: "support@owner-pages.test", role: "support" });
    expect(p.sessions.length).toBeGreaterThanOrEqual(2);
    expect(p.sessions.filter((s) => s.current)).toHaveLength(1);
    const fromOther: ProfileView = view(await profile(other));
    const current = (v: ProfileView) => v.sessions.find((s) => s.current)?.id;
    expect(current(fromOther)).not.toBe(current(p));
    expect(fromOther.sessions.map((s) => s.id).sort()).toEqual(p.sessions.map((s) => s.id).sort());
    expect(p.theme).toBe("system");
    expect(p.idle).toMatch(/^\d+ (minutes?|seconds)$/);
    expect(p.email.choices.length).toBeGreaterThan(0);
    expect(status(await profile(null))).toBe("/sign-in?next=%2Fprofile");
  });
});
