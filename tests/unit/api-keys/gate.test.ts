// The door of /api/v1/, attacked through the route handlers on each database: only a key in the
// Authorization header gets in — not one in the address or a cookie, not a session, not a revoked
// key, not one of the other mode, not one without the scope — a key never opens a session's
// route, and each key's minute has its limit, said in RateLimit-* headers.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Asker } from "@/lib/access/types";
import { createApiKey } from "@/lib/api-keys/keys";
import type { ApiScope } from "@/lib/api-keys/shape";
import { openApiDocument } from "@/lib/api-v1/document";
import { apiKeys } from "@/lib/db/schema";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "api-gate-password-0123456";

describe.each(backends)("the API's door on $name", (backend) => {
  const app = useRouteHarness(backend);
  let owner: Client;
  let ownerId: string;
  const keys: Record<string, string> = {};
  const asker = (): Asker =>
    ({ db: app.db(), member: { id: ownerId, email: "owner@gate.test", name: "Owner", role: "owner" } }) as unknown as Asker;
  const makeKey = async (scopes: ApiScope[], mode: "test" | "live" = "test") =>
    (await createApiKey(asker(), { name: "k", scopes }, mode)).secret;

  beforeAll(async () => {
    ownerId = await app.addMember("owner@gate.test", "owner", PASSWORD);
    owner = (await app.signIn("owner@gate.test", PASSWORD)).client;
    keys.all = await makeKey(["charges:read", "pay_links:read", "pay_links:write", "events:read"]);
    keys.events = await makeKey(["events:read"]);
    keys.live = await makeKey(["charges:read"], "live");
  });
  const get = (path: string, headers: Record<string, string> = {}, client = app.client()) => client.fetch(path, { headers });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  test("a key in the Authorization header gets in, with the minute's RateLimit-* headers", async () => {
    const res = await get("/api/v1/charges", bearer(keys.all));
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("300");
    expect(Number(res.headers.get("ratelimit-remaining"))).toBeLessThan(300);
    expect(res.headers.get("ratelimit-policy")).toBe("300;w=60");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  test("no key, another scheme, a malformed or unknown key: 401, nothing read", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Basic dXNlcjpwYXNz" },
      { authorization: "Bearer" },
      { authorization: `Bearer ${keys.all} extra` },
      { authorization: "Bearer mdk_test_short" },
      { authorization: `Bearer mdk_test_${"A".repeat(32)}` },
      // One character changed (to another one: a key may end in B).
      { authorization: `Bearer ${keys.all.slice(0, -1)}${keys.all.endsWith("B") ? "C" : "B"}` },
      { authorization: `Bearer ${keys.all}`.toLowerCase() },
    ]) {
      const res = await get("/api/v1/charges", headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(["api_key_required", "api_key_invalid"]).toContain(await code(res));
      expect(res.headers.get("ratelimit-remaining")).toBeNull();
    }
  });

  test("a key in the address or in a cookie is refused even beside a good header; so is a session", async () => {
    for (const path of [`/api/v1/charges?api_key=${keys.all}`, `/api/v1/charges?x=${encodeURIComponent(keys.all)}`]) {
      const res = await get(path, bearer(keys.all));
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.message).toMatch(/never in the address/);
    }
    expect((await get("/api/v1/charges", { cookie: `key=${keys.all}` })).status).toBe(401);
    expect((await get("/api/v1/charges", { ...bearer(keys.all), cookie: `api_key=${keys.all}` })).status).toBe(401);
    // The owner's own session, alone and beside a key.
    expect(await code(await get("/api/v1/charges", {}, owner))).toBe("api_key_required");
    const both = await get("/api/v1/charges", bearer(keys.all), owner);
    expect(both.status).toBe(401);
    expect((await both.json()).error.message).toMatch(/never a dashboard session/);
  });

  test("a key never opens a session's route", async () => {
    for (const path of ["/api/charges", "/api/payment-requests", "/api/api-keys", "/api/team", "/api/audit"]) {
      expect((await get(path, bearer(keys.all))).status, path).toBe(401);
    }
    const posted = await app.client().fetch("/api/payment-requests", {
      method: "POST",
      body: { amount: "5.00", currency: "GHS", description: "x" },
      headers: { ...bearer(keys.all), "content-type": "application/json" },
    });
    expect(posted.status).toBe(401);
  });

  test("a key without the scope is 403 naming it; a key of the other mode is 401", async () => {
    const refused = await get("/api/v1/charges", bearer(keys.events));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "insufficient_scope", message: expect.stringContaining("charges:read") } });
    expect((await get("/api/v1/pay_links", bearer(keys.events))).status).toBe(403);
    expect((await get("/api/v1/events", bearer(keys.events))).status).toBe(200);
    const live = await get("/api/v1/charges", bearer(keys.live));
    expect(live.status).toBe(401);
    expect(await live.json()).toMatchObject({ error: { code: "api_key_mode", message: expect.stringMatching(/LIVE key.*runs TEST/) } });
  });

  test("the OpenAPI document is served to anyone, with no key", async () => {
    const res = await get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  test("its use is written once a minute at most, whatever the requests", async () => {
    const key = await makeKey(["events:read"]);
    await Promise.all(Array.from({ length: 10 }, () => get("/api/v1/events", bearer(key))));
    const [row] = await app
      .db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.prefix, key.slice(0, 13)));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
  });

  test("past its minute's limit a key is 429 with Retry-After; another key is not held back", async () => {
    const key = await makeKey(["events:read"]);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 301; i++) {
      last = await get("/api/v1/events?limit=1", bearer(key));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(await (last as Response).json()).toMatchObject({ error: { code: "rate_limited" } });
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("ratelimit-remaining")).toBe("0");
    expect((await get("/api/v1/events?limit=1", bearer(keys.events))).status).toBe(200);
  }, 60_000);
});
