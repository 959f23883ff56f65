// The request's id (lib/http/request-id.ts): on every answer of the pipeline, in its error body and
// on the log lines written while it ran; kept from a trusted proxy only, and only when well-formed.
// Then the server's own hook (lib/http/peer.ts), which decides it once for a real HTTP request.
import { afterEach, describe, expect, test, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { currentRequestId, trackPeerAddresses } from "@/lib/http/peer";
import { pipeline } from "@/lib/http/route";
import { log } from "@/lib/log";
import { backends, useOpenedLedger } from "../support/db";
import { startServer } from "../support/http-server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const params = { params: Promise.resolve({}) };
const get = (headers: Record<string, string> = {}) =>
  new Request("http://dash.test/api/thing", { headers: { host: "dash.test", ...headers } });

/** The lines the app logs while `fn` runs (lib/log.ts writes each with console.log or console.error). */
async function logged<T>(fn: () => Promise<T>): Promise<{ out: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const keep = (line: unknown) => void lines.push(JSON.parse(String(line)));
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  try {
    return { out: await fn(), lines };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.unstubAllEnvs());

describe("the pipeline's request id", () => {
  // The pipeline opens the database for every handler; these write nothing in it.
  const opened = useOpenedLedger(backends[0], { empty: "once" });
  const route = pipeline<null, object>(
    async () => ({}),
    async () => opened().db,
  );
  const ok = route(null, {}, async () => {
    log("info", "thing_read", { n: 1 });
    return { ok: true };
  });
  const refused = route(null, {}, async () => {
    throw new AppError("not_found", "No thing.");
  });
  const failing = route(null, {}, async () => {
    throw new Error("the disk is on fire");
  });

  test("every answer carries one, 200, 4xx and 5xx alike; an error body names the same", async () => {
    const answers = await logged(() => Promise.all([ok, refused, failing].map((h) => h(get(), params))));
    const [a200, a404, a500] = answers.out;
    expect([a200.status, a404.status, a500.status]).toEqual([200, 404, 500]);
    const ids = answers.out.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
    expect((await a404.json()).error).toEqual({ code: "not_found", message: "No thing.", requestId: ids[1] });
    expect((await a500.json()).error.requestId).toBe(ids[2]);
  });

  test("the log line of a failing request carries its id, as does each line the handler writes", async () => {
    const { out, lines } = await logged(async () => [await failing(get(), params), await ok(get(), params)]);
    const [failed, fine] = out.map((r) => r.headers.get("x-request-id"));
    expect(lines.find((l) => l.event === "unhandled_api_error")?.requestId).toBe(failed);
    expect(lines.find((l) => l.event === "thing_read")?.requestId).toBe(fine);
    // Outside a request, a line has no id.
    const outside = await logged(async () => log("info", "idle"));
    expect(outside.lines[0]).not.toHaveProperty("requestId");
  });

  test("with no proxy declared, an id the caller sent is replaced, however well-formed", async () => {
    const res = await ok(get({ "x-request-id": "support-ticket-1234" }), params);
    expect(res.headers.get("x-request-id")).toMatch(UUID);
  });

  test("behind a trusted proxy its id is kept; a malformed or oversized one is replaced", async () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    for (const id of ["3f2c9a7e-1b4d-4c8a-9e21-7d5b0c6a8f13", "lb.7f3a:42_x", "a".repeat(64)]) {
      expect((await ok(get({ "x-request-id": id }), params)).headers.get("x-request-id")).toBe(id);
    }
    const hostile = ['abc","level":"info', "a b", "a".repeat(65), "x".repeat(10_000), "id;drop", "é-1", "a,b"];
    for (const id of hostile) {
      const { out, lines } = await logged(() => failing(get({ "x-request-id": id }), params));
      expect(out.headers.get("x-request-id"), id).toMatch(UUID);
      expect(lines[0].requestId).toBe(out.headers.get("x-request-id"));
    }
  });

  test("an answer whose headers cannot change (a redirect) carries it too", async () => {
    const moved = route(null, {}, async () => Response.redirect("http://dash.test/elsewhere", 303));
    const res = await moved(get(), params);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://dash.test/elsewhere");
    expect(res.headers.get("x-request-id")).toMatch(UUID);
  });
});

test("the server decides the id once as a request comes in: the answer, the request's headers and the log agree", async () => {
  trackPeerAddresses();
  const server = await startServer((req, res) => {
    log("info", "served", {});
    res.end(JSON.stringify({ inContext: currentRequestId(), inHeaders: req.headers["x-request-id"] }));
  });
  try {
    const { out, lines } = await logged(async () => {
      const res = await fetch(server.url, { headers: { "x-request-id": "forged-by-caller" } });
      return { header: res.headers.get("x-request-id"), body: await res.json() };
    });
    expect(out.header).toMatch(UUID);
    expect(out.body).toEqual({ inContext: out.header, inHeaders: out.header });
    expect(lines.find((l) => l.event === "served")?.requestId).toBe(out.header);
  } finally {
    await server.close();
  }
});

test("a page that threw is one log line with its request id and route pattern, never its path", async () => {
  vi.stubEnv("NEXT_RUNTIME", "nodejs");
  const { onRequestError } = await import("@/instrumentation");
  const error = Object.assign(new Error("the ledger did not answer"), { digest: "3141592653" });
  const request = { path: "/pay/tok_secret_123?x=1", method: "GET", headers: { "x-request-id": "7d5b0c6a-8f13-4c8a-9e21-3f2c9a7e1b4d" } };
  const context = { routerKind: "App Router", routePath: "/pay/[token]", routeType: "render", revalidateReason: undefined } as const;
  const { lines } = await logged(async () => onRequestError(error, request, context));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: "error",
    event: "request_failed",
    requestId: "7d5b0c6a-8f13-4c8a-9e21-3f2c9a7e1b4d",
    route: "/pay/[token]",
    kind: "render",
    digest: "3141592653",
    error: { name: "Error", message: "the ledger did not answer" },
  });
  expect(JSON.stringify(lines[0])).not.toContain("tok_secret_123");
});
