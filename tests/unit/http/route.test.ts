// The request pipeline (lib/http/route.ts) as a route handler runs it, with a real Request, a real
// database and a gate of the test's own: each step in its order, and what a hostile client sends
// at each one. The session's gate is attacked over HTTP by e2e api/access-matrix, fuzz and security.
import { sql } from "drizzle-orm";
import * as z from "zod";
import { describe, expect, test, vi } from "vitest";
import { rowsOf } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/origin";
import { withPeerAddress } from "@/lib/http/peer";
import { idParams, pipeline } from "@/lib/http/route";
import { backends, useLedger } from "../support/db";

const ORIGIN = "http://dash.test";
const ID = "00000000-0000-4000-8000-000000000001";

type Sent = { method?: string; body?: string; headers?: Record<string, string>; path?: string };
const request = ({ method = "POST", body, headers = {}, path = "/api/thing" }: Sent = {}) =>
  new Request(`${ORIGIN}${path}`, { method, body, headers: { host: "dash.test", ...headers } });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", ...headers },
});
const params = (p: Record<string, string> = {}) => ({ params: Promise.resolve(p) });

describe.each(backends)("the request pipeline on $name", (backend) => {
  const db = useLedger(backend);
  const gateCalls: string[] = [];
  const route = pipeline<"let-in" | "keep-out", { member: string }>(
    async (_base, permission) => {
      gateCalls.push(permission);
      if (permission === "keep-out") throw new AppError("forbidden", "Not you.");
      return { member: "kofi" };
    },
    async () => db(),
  );
  const bodySchema = z.strictObject({ amount: z.number({ error: "A number" }).positive("More than 0") });

  test("a cross-site write is refused before the gate, the params or the body are looked at", async () => {
    gateCalls.length = 0;
    const handler = route("let-in", { params: idParams("No thing."), body: bodySchema }, async () => ({ ok: true }));
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }] as Record<
      string,
      string
    >[]) {
      const res = await handler(
        request({ ...json({ amount: "x" }), headers: { ...json({}).headers, ...headers } }),
        params({ id: "nope" }),
      );
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("cross_origin");
    }
    expect(gateCalls).toEqual([]);
  });

  test("the gate's refusal comes before any parsing: an outsider learns nothing of the route's fields", async () => {
    const handler = route("keep-out", { params: idParams("No thing."), body: bodySchema }, async () => ({ ok: true }));
    const res = await handler(request({ body: "{not json", headers: { "content-type": "text/plain" } }), params({ id: "nope" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Not you.", requestId: res.headers.get("x-request-id") } });
  });

  test("an id that cannot exist is 404 before the body is read, whatever the body", async () => {
    const handler = route("let-in", { params: idParams("No thing has this id."), body: bodySchema }, async () => ({ ok: true }));
    for (const id of ["nope", `${ID}x`, "'; drop table charges; --", "", "%00"]) {
      const res = await handler(request({ body: "x".repeat(100_000) }), params({ id }));
      expect(res.status, id).toBe(404);
      expect((await res.json()).error).toEqual({ code: "not_found", message: "No thing has this id.", requestId: expect.any(String) });
    }
  });

  test("the body: JSON only, 16 kB unless the route says more, then its schema naming each field", async () => {
    const handler = route("let-in", { body: bodySchema }, async ({ body }) => ({ got: body.amount }));
    const answers = await Promise.all(
      [
        request({ body: '{"amount":5}', headers: { "content-type": "text/plain" } }),
        request({ body: "{", headers: { "content-type": "application/json" } }),
        request(json({ amount: 1, pad: "x".repeat(17_000) })),
        request(json({ amount: "5" })),
        request(json({ amount: -1 })),
        request(json({ amount: 5, extra: true })),
        request(json([1, 2])),
        request(json(null)),
      ].map((r) => handler(r, params())),
    );
    expect(answers.map((r) => r.status)).toEqual([415, 400, 413, 422, 422, 422, 422, 422]);
    expect((await answers[3].json()).error.fields).toEqual({ amount: "A number" });
    expect((await answers[4].json()).error.fields).toEqual({ amount: "More than 0" });
    const ok = await handler(request(json({ amount: 5 })), params());
    expect([ok.status, await ok.json()]).toEqual([200, { got: 5 }]);
    const larger = route("let-in", { body: z.object({ pad: z.string() }), maxBody: 64 * 1024 }, async ({ body }) => ({
      n: body.pad.length,
    }));
    expect((await larger(request(json({ pad: "x".repeat(40_000) })), params())).status).toBe(200);
  });

  test("a body announced as small but streamed large is cut off at the limit, not buffered", async () => {
    const handler = route("let-in", { body: bodySchema }, async () => ({ ok: true }));
    const huge = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 64; i++) c.enqueue(new Uint8Array(1024).fill(32));
        c.close();
      },
    });
    const req = new Request(`${ORIGIN}/api/thing`, {
      method: "POST",
      body: huge,
      headers: { host: "dash.test", "content-type": "application/json", "content-length": "10" },
      duplex: "half",
    } as RequestInit);
    expect((await handler(req, params())).status).toBe(413);
  });

  test("the query: its schema gets the parameters as an object; a bad value is 422 naming it", async () => {
    const handler = route("let-in", { query: z.object({ limit: z.coerce.number().int().max(25) }) }, async ({ query }) => query);
    const good = await handler(request({ method: "GET", path: "/api/thing?limit=8" }), params());
    expect(await good.json()).toEqual({ limit: 8 });
    const bad = await handler(request({ method: "GET", path: "/api/thing?limit=26" }), params());
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["limit"]);
    // A repeated name is read once, its first value: a second cannot slip past the check.
    const twice = await handler(request({ method: "GET", path: "/api/thing?limit=26&limit=8" }), params());
    expect(twice.status).toBe(422);
    const encoded = await handler(request({ method: "GET", path: "/api/thing?%6Cimit=7&limit=9" }), params());
    expect(await encoded.json()).toEqual({ limit: 7 });
  });

  test("what the handler returns: JSON with the route's status, null as 204, a Response as it is", async () => {
    const made = await route("let-in", { status: 201 }, async () => ({ id: ID }))(request(), params());
    expect([made.status, await made.json()]).toEqual([201, { id: ID }]);
    const none = await route("let-in", {}, async () => null)(request(), params());
    expect([none.status, await none.text()]).toEqual([204, ""]);
    const own = await route(
      "let-in",
      {},
      async () => new Response("a,b\r\n", { headers: { "content-type": "text/csv" } }),
    )(request(), params());
    expect([own.status, own.headers.get("content-type"), await own.text()]).toEqual([200, "text/csv", "a,b\r\n"]);
  });

  test("ctx: the gate's member, the database, and the caller's address: the socket's, whatever X-Forwarded-For says", async () => {
    const handler = route("let-in", {}, async (ctx) => ({
      member: ctx.member,
      ip: ctx.caller.ip,
      one: rowsOf<{ one: number }>(await ctx.db.execute(sql`select 1 as one`))[0].one,
    }));
    const res = await withPeerAddress("192.0.2.44", () =>
      handler(request({ headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1" } }), params()),
    );
    expect(await res.json()).toEqual({ member: "kofi", ip: "192.0.2.44", one: 1 });
  });

  test("the caller's address: with no proxy declared, the socket's; with TRUSTED_PROXY_HOPS, the proxies' entries counted from the right", () => {
    const ip = (xff: string | null) =>
      withPeerAddress("192.0.2.44", () => clientIp(new Headers(xff === null ? {} : { "x-forwarded-for": xff })));
    for (const written of ["198.51.100.7", "1.2.3.4, 5.6.7.8", "", "127.0.0.1", "evil"]) expect(ip(written)).toBe("192.0.2.44");
    expect(withPeerAddress(null, () => clientIp(new Headers({ "x-forwarded-for": "198.51.100.7", "x-real-ip": "192.0.2.1" })))).toBe(null);
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    try {
      expect(ip("198.51.100.7")).toBe("198.51.100.7");
      expect(ip("1.2.3.4, 5.6.7.8, 198.51.100.7")).toBe("198.51.100.7");
      expect(ip(" , 198.51.100.7 ,")).toBe("198.51.100.7");
      expect(ip(null)).toBe("192.0.2.44"); // around the proxy: the socket
      vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
      expect(ip("1.2.3.4, 203.0.113.9, 10.0.0.1")).toBe("203.0.113.9");
      expect(ip("10.0.0.1")).toBe("10.0.0.1");
      // A chain shorter than declared: the caller's own text in the believed place is passed over.
      expect(ip(`${"x".repeat(5_000)}, 10.0.0.1`)).toBe("10.0.0.1");
      expect(ip("not-an-address")).toBe("192.0.2.44");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test("an unexpected error is a 500 that names nothing of it; an AppError keeps its code and wait", async () => {
    const broken = await route("let-in", {}, async () => {
      throw new Error("password authentication failed for user app at db.internal:5432");
    })(request(), params());
    expect(broken.status).toBe(500);
    expect(await broken.text()).not.toMatch(/password|db\.internal|5432/);
    const refused = await route("let-in", {}, async () => {
      throw new AppError("too_many_attempts", "Too many.", { retryAfterSeconds: 30 });
    })(request(), params());
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "30"]);
  });
});
