// The app's route handlers (app/**/route.ts) called in-process, as Next calls them: a real Request,
// the path's dynamic segments as params, the caller's socket address (lib/http/peer.ts), and the
// process's database and Better Auth (lib/db/client.ts, lib/session/auth.ts keep them on
// globalThis) pointed at the describe's own database. Members sign in through POST /api/session
// and keep their cookies as a browser would. The bundled sandbox, which the app calls over HTTP at
// its own address (lib/momo/config.ts), is this harness's HTTP server dispatching to the same
// route modules. What it does not run: proxy.ts (only a path's percent-escapes, checked there,
// and pages' headers) and pages (server components need Next's rendering: those stay over HTTP
// in tests/e2e/api/).
import { readdirSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, vi } from "vitest";
import type { Db, OpenedDb } from "@/lib/db/open";
import { withPeerAddress } from "@/lib/http/peer";
import { plugInBundledUpstream } from "@/lib/momo/config";
import { bundledSandbox } from "@/lib/sandbox/bundled";
import { getAuth } from "@/lib/session/auth";
import { createMember } from "@/lib/team/members";
import type { Role } from "@/lib/access/roles";
import type { PageRequest } from "@/lib/layout/types";
import { expectNoCustomerData } from "./customer-data";
import { type Backend, useOpenedLedger } from "./db";
import { startServer, type TestServer } from "./http-server";
import { resetSandbox } from "./sandbox";

const APP = path.resolve(import.meta.dirname, "../../../app");
const DB_KEY = Symbol.for("momo-dashboard.db");
const AUTH_KEY = Symbol.for("momo-dashboard.auth");

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteFile = { segments: string[]; file: string };

/** Every route.ts under app/, static segments before dynamic ones (Next's precedence). */
const ROUTES: RouteFile[] = (readdirSync(APP, { recursive: true }) as string[])
  .filter((f) => path.basename(f) === "route.ts")
  .map((f) => ({
    file: path.join(APP, f),
    segments: path
      .dirname(f)
      .split(path.sep)
      .filter((s) => !/^\(.*\)$/.test(s)),
  }))
  .sort((a, b) => rank(a.segments).localeCompare(rank(b.segments)));

function rank(segments: string[]): string {
  return segments.map((s) => (s.startsWith("[") ? "1" : "0")).join("");
}

/** The route file for a path and its params, or null (Next's 404). */
function match(pathname: string): { file: string; params: Record<string, string> } | null {
  const parts = pathname.split("/").filter(Boolean);
  for (const route of ROUTES) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((s, i) => {
      if (!s.startsWith("[")) return s === parts[i];
      params[s.slice(1, -1)] = decodeURIComponent(parts[i]);
      return true;
    });
    if (fits) return { file: route.file, params };
  }
  return null;
}

/** Serves one Request as Next would: the route module's handler for its method, or 404/405. */
export async function dispatch(req: Request, peer: string | null = "127.0.0.1"): Promise<Response> {
  const found = match(new URL(req.url).pathname);
  if (!found) return new Response(null, { status: 404 });
  const mod = (await import(found.file)) as Record<string, Handler | undefined>;
  const handler = mod[req.method];
  if (!handler) return new Response(null, { status: 405 });
  return withPeerAddress(peer, () => handler(req, { params: Promise.resolve(found.params) }));
}

export type Send = { method?: string; body?: unknown; headers?: Record<string, string> };

/** A caller with a cookie jar (a browser, or Playwright's request context): Set-Cookie kept, sent back. */
export type Client = { fetch(path: string, init?: Send): Promise<Response>; cookies: Map<string, string> };

export type RouteHarness = {
  /** The app's own address (where its sandbox is), and what Requests are made for. */
  origin: () => string;
  db: () => Db;
  /** A caller with no cookies yet. */
  client(peer?: string): Client;
  /** A member made as `npm run users:add` makes one, through the app's Better Auth. */
  addMember(email: string, role: Role, password: string): Promise<string>;
  /**
   * Signs in through POST /api/session as the sign-in page does: the code step when asked (the
   * member's authenticator, kept from their enrolment here), enrolment when led to it. `answer`:
   * the response that carried the session.
   */
  signIn(email: string, password: string): Promise<{ client: Client; answer: Response }>;
  /**
   * A page's request as lib/layout/request.ts makes it for a Pages Router page: the address the
   * proxy names (`x-requested-path`), and `who`'s session cookies (none: nobody signed in).
   */
  pageRequest(who: Client | null, path: string, query?: PageRequest["query"], headers?: Record<string, string>): PageRequest;
};

/**
 * For the enclosing describe: the app's routes on this backend's database, emptied once before
 * its tests (members and sessions made in beforeAll last through them), and the process's
 * handles put back afterwards.
 */
export function useRouteHarness(backend: Backend): RouteHarness {
  const opened = useOpenedLedger(backend, { empty: "once" });
  let server: TestServer;
  // The app's log lines (lib/log.ts writes each with console.log or console.error), printed as
  // ever and kept for the scan at the end (./customer-data.ts).
  const logged: string[] = [];
  const print = { log: console.log, error: console.error };
  beforeAll(async () => {
    for (const level of ["log", "error"] as const) {
      console[level] = (...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
        print[level](...args);
      };
    }
    const g = globalThis as Record<symbol, unknown>;
    g[DB_KEY] = Promise.resolve<OpenedDb>(opened());
    delete g[AUTH_KEY];
    resetSandbox();
    server = await startServer(async (_req, res, received) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(received.headers)) {
        for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
      }
      const hasBody = received.method !== "GET" && received.method !== "HEAD";
      const req = new Request(`${server.url}${received.url}`, {
        method: received.method,
        headers,
        body: hasBody ? received.body : undefined,
      });
      const answer = await dispatch(req, _req.socket.remoteAddress ?? null);
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    });
    // lib/momo/config.ts: the sandbox at this process's own address, plugged in as start-up does.
    vi.stubEnv("PORT", new URL(server.url).port);
    plugInBundledUpstream(bundledSandbox);
  }, 180_000);
  afterAll(async () => {
    console.log = print.log;
    console.error = print.error;
    await expectNoCustomerData(opened().db, logged);
    const g = globalThis as Record<symbol, unknown>;
    delete g[DB_KEY];
    delete g[AUTH_KEY];
    resetSandbox();
    await server?.close();
  });

  const origin = () => server.url;
  /** Each enrolled member's authenticator secret, by email. */
  const apps = new Map<string, string>();
  const client = (peer = "127.0.0.1"): Client => {
    const cookies = new Map<string, string>();
    return {
      cookies,
      async fetch(p, { method = "GET", body, headers = {} } = {}) {
        const h = new Headers({ host: new URL(origin()).host, ...headers });
        if (cookies.size) h.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
        // As Playwright's `data`: text and bytes as they are, anything else as JSON.
        const sent =
          body === undefined || typeof body === "string"
            ? body
            : body instanceof Uint8Array
              ? new Blob([body as Uint8Array<ArrayBuffer>])
              : JSON.stringify(body);
        const res = await dispatch(new Request(`${origin()}${p}`, { method, headers: h, body: sent }), peer);
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(";");
          const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
          if (value === "" || /max-age=0\b/i.test(c)) cookies.delete(name);
          else cookies.set(name, value);
        }
        return res;
      },
    };
  };
  return {
    origin,
    db: () => opened().db,
    client,
    pageRequest(who, path, query = {}, headers = {}) {
      const h = new Headers({ host: new URL(origin()).host, "x-requested-path": path, ...headers });
      if (who?.cookies.size) h.set("cookie", [...who.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      return { headers: h, query };
    },
    addMember: async (email, role, password) => createMember(await getAuth(), { name: email.split("@")[0], email, password, role }),
    async signIn(email, password) {
      const c = client();
      const post = (p: string, body: unknown) => c.fetch(p, { method: "POST", body, headers: { "content-type": "application/json" } });
      let answer = await post("/api/session", { email, password });
      const body = await answer.clone().json();
      if (answer.status !== 200) throw new Error(`signing in ${email}: ${answer.status} ${JSON.stringify(body)}`);
      if (body.twoFactor) {
        // Each code is taken once: after now's, the next period's (the server accepts one either side).
        for (const offset of [0, 1]) {
          answer = await post("/api/session/two-factor", { code: totpCode(apps.get(email)!, offset) });
          if (answer.status !== 422) break;
        }
        if (answer.status !== 200) throw new Error(`code step for ${email}: ${answer.status} ${await answer.text()}`);
      } else if (body.home === "/two-factor") {
        const started = await post("/api/profile/two-factor", { password });
        const { secret } = (await started.json()) as { secret: string };
        answer = await post("/api/profile/two-factor/confirm", { code: totpCode(secret) });
        if (answer.status !== 200) throw new Error(`enrolling ${email}: ${answer.status} ${await answer.text()}`);
        apps.set(email, secret);
      }
      return { client: c, answer };
    },
  };
}

/** The code an authenticator shows for this secret, `offset` periods from now. */
function totpCode(secret: string, offset = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}
