// The bundled sandbox for tests, called directly or reachable over real HTTP: a node:http handler
// that turns each request into a fetch Request for lib/sandbox/handlers.ts, as app/sandbox/v1/… does.
import type http from "node:http";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { sandboxCharge, sandboxChargeStatus, sandboxUser } from "@/lib/sandbox/handlers";
import { SANDBOX_API_KEY } from "@/lib/sandbox/keys";
import { sandboxStore } from "@/lib/sandbox/store";
import { serverPerDescribe, type Handler, type Received, type TestServer } from "./http-server";

const SANDBOX = Symbol.for("momo-dashboard.sandbox");

/** Forgets every sandbox charge and rate-limit counter of this process. */
export function resetSandbox(): void {
  delete (globalThis as Record<symbol, unknown>)[SANDBOX];
}

/** A fresh sandbox for each test, and real timers again after it. */
export function freshSandboxPerTest(): void {
  beforeEach(resetSandbox);
  afterEach(() => {
    vi.useRealTimers();
    resetSandbox();
  });
}

export function toRequest(received: Received): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(received.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = received.method !== "GET" && received.method !== "HEAD";
  return new Request(`http://sandbox.test${received.url}`, { method: received.method, headers, body: hasBody ? received.body : undefined });
}

/** Routes like app/sandbox/v1/…: the charge, the status lookup and the user record. */
export async function routeToSandbox(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const lookup = /^\/v1\/payments\/momo\/charge\/([^/]+)$/.exec(pathname);
  if (pathname === "/v1/payments/momo/charge" && request.method === "POST") return sandboxCharge(request);
  if (lookup && request.method === "GET") return sandboxChargeStatus(request, decodeURIComponent(lookup[1]));
  if (pathname === "/v1/user" && request.method === "GET") return sandboxUser(request);
  return Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
}

async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const body = await response.text();
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(body);
}

/** The faithful upstream: every request answered by the sandbox. */
export const forwardToSandbox: Handler = async (_req, res, received) => {
  await writeResponse(res, await routeToSandbox(toRequest(received)));
};

/**
 * One upstream over real HTTP for the enclosing describe, answering as the sandbox: before each
 * test the sandbox is fresh, the log of received requests empty and the sandbox handler back.
 */
export function useSandboxUpstream(): TestServer {
  const upstream = serverPerDescribe(forwardToSandbox);
  beforeEach(() => {
    resetSandbox();
    upstream.received.length = 0;
    upstream.handle(forwardToSandbox);
  });
  return upstream;
}

/** A request as a client of the sandbox would send it; `key: null` leaves out Authorization. */
export function sandboxRequest(
  path: string,
  init: { method?: string; key?: string | null; body?: unknown; contentType?: string | null } = {},
): Request {
  const headers = new Headers();
  const key = init.key === undefined ? SANDBOX_API_KEY : init.key;
  if (key !== null) headers.set("Authorization", `Bearer ${key}`);
  const contentType = init.contentType === undefined ? "application/json" : init.contentType;
  if (contentType !== null) headers.set("Content-Type", contentType);
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return new Request(`http://sandbox.test${path}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

export const CHARGE_PATH = "/v1/payments/momo/charge";

/** A charge body the sandbox accepts; the phone number picks the scenario. */
export function chargeBody(phone = "0240000001", overrides: Record<string, unknown> = {}) {
  return { amount: 25.5, currency: "GHS", phone_number: phone, provider: "mtn", vouchers: "", description: "Sandbox test", ...overrides };
}

/** Checks that the sandbox answered this error as JSON, and returns it. */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

/**
 * Makes a sandbox charge `ms` older, as if that much time had passed for it alone. Used where
 * a faked Date.now would also move PGlite's clock (its now() reads Date.now).
 */
export function ageSandboxCharge(reference: string, ms: number): void {
  const charge = sandboxStore().charges.get(reference);
  if (!charge) throw new Error(`no sandbox charge ${reference}`);
  charge.createdAt -= ms;
}
