// The promises (docs/security.md), attacked (the hostile upstream and the budget: security.spec.ts): bad
// characters in every text field, parallel brute force on one account, and every HTML
// response's headers. On an app server of its own (`next start` on a fresh database, port
// 3217), whose upstream is programmed by each test.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import type { AppServer } from "./support/app-server";
import { clientAddress, inParallel } from "./support/attack";
import { charge, ledgerIdsOf, startHostileApp, stopHostileApp } from "./support/hostile-app";
import { json, ok, type HostileUpstream } from "./support/hostile-upstream";
import { textFieldCases } from "./support/text-field-cases";
import { port } from "./support/ports";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let upstream: HostileUpstream;
let app: AppServer;
let owner: APIRequestContext, staff: APIRequestContext, support: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server of its own: build loaded, database migrated, members added
  ({ upstream, app, owner, staff, support } = await startHostileApp("hostile_input", port(3217), "hostile-input"));
});
test.afterAll(() => stopHostileApp({ upstream, app, owner, staff, support }));

let n = 0; // ids and keys no other request of this file uses
const ledgerIds = () => ledgerIdsOf(owner);

test("bad characters in every text field: 422 naming it (404 for an id), nothing changed, never a 500", async () => {
  upstream.answer.charge = json(500, { error: { message: "down" } });
  const open = await charge(staff); // an unknown charge, for the resolve note
  upstream.answer.charge = ok();
  const ledger = await ledgerIds();
  const team = (await (await owner.get("/api/team")).json()).members.length;
  const anonymous = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { Origin: app.base } });
  // An open invite, whose acceptance form is attacked below: a refused name must not use it up.
  const invited = await owner.post("/api/team/invites", { data: { name: "Hostile Invitee", email: "invitee@e2e.test", role: "staff" } });
  expect(invited.status()).toBe(201);
  const invitePath = `/api${(await invited.json()).path.replace(/^\/invite\//, "/invites/")}`;
  for (const c of ["\u0000", "\u0007", "\u001b", "\ud800", "\udc00", "\u0085"]) {
    const cases = textFieldCases({ staff, owner, support, anonymous, open: open.id, invitePath, next: () => n++ }, c);
    for (const [what, send, status, field] of cases) {
      const res = await send();
      const text = await res.text();
      const label = `${what} with U+${c.charCodeAt(0).toString(16).padStart(4, "0")}: ${text.slice(0, 200)}`;
      // In a URL a lone surrogate can only arrive as bytes that are not UTF-8: in a query string
      // they decode to U+FFFD (plain text); in a path, proxy.ts refuses them (400, malformed_path).
      const surrogate = /[\ud800-\udfff]/.test(c);
      const decodedAway = surrogate && (what.startsWith("export") || what === "customer search");
      if (decodedAway) expect([200, 422], label).toContain(res.status());
      else if (surrogate && what.endsWith(" id")) expect(res.status(), label).toBe(400);
      else if (what === "charge page id") expect(res.status(), label).toBeLessThan(500);
      else expect(res.status(), label).toBe(status);
      if (field && !decodedAway) expect(JSON.parse(text).error.fields, label).toHaveProperty([field]);
    }
  }
  // A broken %-escape in any path: 400 in our error shape, not the router's bare 500.
  for (const path of ["/api/charges/%", "/api/team/%E0%A4%A", "/transactions/%ED%A0%80", "/sandbox/v1/user/%", "/no-such/%"]) {
    const res = await owner.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toMatchObject({ error: { code: "malformed_path", message: expect.any(String) } });
  }
  await anonymous.dispose();
  expect(await ledgerIds()).toEqual(ledger);
  expect((await (await owner.get("/api/team")).json()).members.length).toBe(team);
  // The one invite is still open (no refused acceptance used it up) and no other was made.
  const invites = (await (await owner.get("/api/team/invites")).json()).invites as { email: string }[];
  expect(invites.map((i) => i.email)).toEqual(["invitee@e2e.test"]);
  const { events } = (await (await owner.get("/api/audit")).json()) as { events: { action: string }[] };
  expect(events.filter((e) => e.action === "business_profile_changed")).toEqual([]);
  expect((await (await owner.get(`/api/charges/${open.id}`)).json()).charge.status).toBe("unknown");
});

test("30 parallel sign-ins for one account: at most 5 passwords are checked", async () => {
  const res = await owner.post("/api/team", {
    data: { name: "Brute Target", email: "target@e2e.test", role: "staff", password: "the-right-password-1" },
  });
  expect(res.status()).toBe(201);
  const anonymous = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { Origin: app.base } });
  const right = 17;
  const statuses = await inParallel(30, 30, (i) =>
    anonymous
      .post("/api/session", {
        data: { email: "target@e2e.test", password: i === right ? "the-right-password-1" : `wrong-guess-${i}` },
        headers: { "X-Forwarded-For": clientAddress() },
      })
      .then((r) => r.status()),
  );
  const checked = statuses.filter((s) => s !== 429);
  expect(checked.length, JSON.stringify(statuses)).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
  // Locked now, for the right password too, from any address.
  const after = await anonymous.post("/api/session", {
    data: { email: "target@e2e.test", password: "the-right-password-1" },
    headers: { "X-Forwarded-For": clientAddress() },
  });
  expect(after.status()).toBe(429);
  expect(after.headers()["retry-after"]).toMatch(/^\d+$/);
  await anonymous.dispose();
});

test("every HTML response carries the security headers, and the app has an icon", async () => {
  const anonymous = await request.newContext({ baseURL: app.base });
  const paths = [
    "/",
    "/sign-in",
    "/setup",
    "/no-such-page",
    "/favicon.ico",
    "/robots.txt",
    "/icon.svg",
    "/api/no-such-route",
    "/_next/static/no-such.js",
    "/_next/nothing",
    "/sandbox/v1/user",
  ];
  for (const [who, api] of [
    ["anonymous", anonymous],
    ["owner", owner],
  ] as const) {
    for (const path of [...paths, "/transactions/not-a-uuid", "/transactions"]) {
      const res = await api.get(path, { maxRedirects: 0 });
      const h = res.headers();
      const where = `${who} ${path} → ${res.status()} ${h["content-type"]}`;
      expect(res.status(), where).toBeLessThan(500);
      expect(h["x-content-type-options"], where).toBe("nosniff");
      expect(h["x-frame-options"], where).toBe("DENY");
      expect(h["referrer-policy"], where).toBe("same-origin");
      if ((h["content-type"] ?? "").includes("text/html")) expect(h["content-security-policy"], where).toContain("frame-ancestors 'none'");
    }
  }
  const icon = await anonymous.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/icon/);
  expect(await (await anonymous.get("/sign-in")).text()).toMatch(/<link rel="icon"/);
  await anonymous.dispose();
});
