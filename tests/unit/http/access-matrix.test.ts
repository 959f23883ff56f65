// Every route handler × {anonymous, staff, support, owner}: the expected status, as a table, on
// each database. The real route modules in-process (../support/route-harness.ts), with sessions
// signed in through POST /api/session (owner and support enrol in two-factor, as the default policy
// leads them). Pages × roles need Next's rendering: tests/e2e/api/access-matrix.spec.ts.
import { beforeAll, describe, expect, test } from "vitest";
import { WHO, type Who } from "../../e2e/support/matrix";
import { backends } from "../support/db";
import { type Client, type Send, useRouteHarness } from "../support/route-harness";
import { apiRows, charge } from "./access-rows";

const PASSWORD = "matrix-password-0123";
const json = { "content-type": "application/json" };
let chargeId = "";
let keys = 0;
const uniqueKey = (what: string) => `${what}_${Date.now()}_${keys++}`;
const API = apiRows(() => chargeId);
// A number of its own for each new charge: the duplicate guard (DUPLICATE_WINDOW_MINUTES, 10 by
// default; the end-to-end servers run with 0) refuses a second charge to one number and amount.
const NUMBERS: Record<Who, string> = { anonymous: "0241000100", owner: "0241000101", staff: "0241000102", support: "0241000103" };

describe.each(backends)("who may call each route handler, on $name", (backend) => {
  const app = useRouteHarness(backend);
  const clients = new Map<Who, Client>();

  beforeAll(async () => {
    clients.set("anonymous", app.client());
    for (const who of WHO.filter((w) => w !== "anonymous")) {
      await app.addMember(`${who}@matrix.test`, who as "owner" | "staff" | "support", PASSWORD);
      clients.set(who, (await app.signIn(`${who}@matrix.test`, PASSWORD)).client);
    }
    const created = await clients
      .get("staff")!
      .fetch("/api/charges", { method: "POST", body: charge, headers: { ...json, "idempotency-key": uniqueKey("matrix_seed") } });
    expect(created.status).toBe(201);
    chargeId = (await created.json()).charge.id;
  }, 60_000);

  test.each(API.map((row) => ({ row, name: `${row.method} ${row.path().replace(/\/\/|\/$/, "/{id}/")}` })))("$name", async ({ row }) => {
    const charging = row.method === "POST" && row.path() === "/api/charges";
    for (const who of WHO) {
      const headers = { ...row.headers, ...(charging ? { "idempotency-key": uniqueKey(`matrix_${who}`) } : {}) };
      const body = charging ? { ...charge, phoneNumber: NUMBERS[who] } : row.body;
      const res = await clients.get(who)!.fetch(row.path(), { method: row.method, body, headers });
      expect(res.status, `${row.method} ${row.path()} as ${who}`).toBe(row.expect[who]);
      if (res.status >= 400)
        expect((await res.json()).error, `error shape as ${who}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  // Removing the logo is the owner's: the others are refused before anything is looked at.
  test("DELETE /api/business/logo", async () => {
    for (const [who, status] of [
      ["anonymous", 401],
      ["staff", 403],
      ["support", 403],
    ] as const) {
      const res = await clients.get(who)!.fetch("/api/business/logo", { method: "DELETE" });
      expect(res.status, who).toBe(status);
      expect((await res.json()).error.code, who).toBe(status === 401 ? "unauthenticated" : "forbidden");
    }
  });

  test("a cross-site POST is refused and changes nothing", async () => {
    const staff = clients.get("staff")!;
    const description = `cross-site ${Date.now()}`;
    const post = (body: unknown, headers: Record<string, string>, what: string): Promise<Response> =>
      staff.fetch("/api/charges", {
        method: "POST",
        body,
        headers: { ...json, ...headers, "idempotency-key": uniqueKey(what) },
      } satisfies Send);
    for (const headers of [{ origin: "http://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await post({ ...charge, description }, headers, "xsite");
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("cross_origin");
    }
    const same = await post(
      { ...charge, phoneNumber: "0241000104", description: `${description} same` },
      { origin: app.origin() },
      "same_origin",
    );
    expect(same.status).toBe(201);
    const { charges } = await (await staff.fetch("/api/charges")).json();
    expect(charges.filter((c: { description: string }) => c.description === description)).toHaveLength(0);
  });

  test("session cookies are HttpOnly and SameSite=Lax", async () => {
    // Support has two-factor on: the session comes with the code step's answer.
    const { answer: res } = await app.signIn("support@matrix.test", PASSWORD);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=43200/);
  });
});
