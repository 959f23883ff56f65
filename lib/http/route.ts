// The one way through a request. Every route handler is `route(permission, spec, (ctx) => …)`
// (lib/session/route.ts puts the session's gate into this pipeline):
//   1. same-origin check (./origin.ts)          403 cross_origin
//   2. the gate: who asks, may they              401 / 403, or its own answer (a stale proof)
//   3. spec.params, spec.query, spec.body parsed 404 for an id that cannot exist, 400/413/415/422
//   4. the handler, with ctx: the parsed input, the database and the gate's own (the member, their
//      session, the upstream)
//   5. its value as JSON (spec.status, 200 by default; null → 204), or the Response it made
// Any error on the way becomes { error: { code, message, fields?, requestId } } with the status of
// its code (./problems.ts). Every answer carries X-Request-Id, and every log line of the request the
// same id (./request-id.ts). The kernel's pipeline knows no feature: the gate is handed in.
import "server-only";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { handleApiError } from "./errors";
import { assertSameOrigin, clientIp } from "./origin";
import { currentRequestId, withRequestId } from "./peer";
import { chooseRequestId, REQUEST_ID_HEADER, withRequestIdHeader } from "./request-id";
import { isUuid, readJson } from "./request";

/** Anything with zod's `parse`: the chained API's schemas and zod/mini's alike. */
export type Schema<T> = { parse(input: unknown): T };

export type RouteSpec<B, Q, P> = {
  /** The JSON body's schema; without one the body is not read. */
  body?: Schema<B>;
  /** The largest body accepted, in bytes (16 kB unless the route takes a file's rows). */
  maxBody?: number;
  /** The query string's schema, given its parameters as an object (the first value of each). */
  query?: Schema<Q>;
  /** The path's parameters' schema (idParams: an id that cannot exist is 404, not 422). */
  params?: Schema<P>;
  /** The status of a value the handler returns (201 for a creation); 200 by default. */
  status?: number;
  /** A recent proof of who the member is (REAUTH_MINUTES), for sensitive actions. */
  fresh?: boolean;
  /** Lets through a member who must still set up two-factor (enrolment, sign-out). */
  enrolment?: boolean;
};

/** Who sent a request, as the sign-in and audit code record them: its headers (cookies) and address. */
export type Caller = { headers: Headers; ip: string | null };

/** What every handler is given, besides what its gate adds. */
export type BaseCtx = {
  req: Request;
  url: URL;
  caller: Caller;
  db: Db;
};

export type Ctx<Who, B, Q, P> = BaseCtx & Who & { body: B; query: Q; params: P };

/** Who asks and whether they may: what it adds to ctx, or a Response to answer with instead. */
export type Gate<Perm, Who> = (base: BaseCtx, permission: Perm, spec: { fresh?: boolean; enrolment?: boolean }) => Promise<Who | Response>;

type Handler<Who, B, Q, P> = (ctx: Ctx<Who, B, Q, P>) => Promise<Response | object | null>;

/**
 * A route(permission, spec, handler) that runs every request through `gate`. `open`: the
 * database (the process's handle; a test's own).
 */
export function pipeline<Perm, Who extends object>(gate: Gate<Perm, Who>, open: () => Promise<Db> = getDb) {
  return function route<B = undefined, Q = undefined, P = Record<string, string>>(
    permission: Perm,
    spec: RouteSpec<B, Q, P>,
    handler: Handler<Who, B, Q, P>,
  ) {
    const answer: RouteHandler = async (req, next) => {
      try {
        assertSameOrigin(req);
        const db = await open();
        const url = new URL(req.url);
        const base: BaseCtx = {
          req,
          url,
          caller: { headers: req.headers, ip: clientIp(req.headers) },
          db,
        };
        const who = await gate(base, permission, spec);
        if (who instanceof Response) return who;
        const raw = await next.params;
        const params = (spec.params ? spec.params.parse(raw) : raw) as P;
        const query = (spec.query ? spec.query.parse(firstValues(url.searchParams)) : undefined) as Q;
        const body = (spec.body ? spec.body.parse(await readJson(req, spec.maxBody)) : undefined) as B;
        const out = await handler({ ...base, ...who, body, query, params });
        if (out instanceof Response) return out;
        if (out === null) return new Response(null, { status: 204 });
        return Response.json(out, { status: spec.status ?? 200 });
      } catch (error) {
        return handleApiError(error);
      }
    };
    return identified(answer);
  };
}

type RouteHandler = (req: Request, next: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The handler run as part of its request's id, which its answer carries (./request-id.ts). */
function identified(answer: RouteHandler): RouteHandler {
  return async (req, next) => {
    // The server decided the id as the request came in (./peer.ts); a caller without it (a test) decides here.
    const id = currentRequestId() ?? chooseRequestId(req.headers.get(REQUEST_ID_HEADER));
    return withRequestIdHeader(await withRequestId(id, () => answer(req, next)), id);
  };
}

/**
 * For a GET that needs neither the database nor anyone (the health probes: lib/health): the
 * request id and the error shape, nothing more. Not even the handle is awaited, so it answers
 * while the database does not.
 */
export function bareRoute(handler: (req: Request) => Promise<Response>): RouteHandler {
  return identified(async (req) => {
    try {
      return await handler(req);
    } catch (error) {
      return handleApiError(error);
    }
  });
}

/** The query string as an object, the first value of each name (a repeated name is not a list). */
function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of params) out[name] ??= value;
  return out;
}

/**
 * The body as JSON, parsed no further: for a use case that checks it itself (a charge fills in a
 * directory customer's number first; a file's rows are named one by one; a pay link's attempt is
 * checked against the link).
 */
export const anyJson: Schema<unknown> = { parse: (input) => input };

/** The path's `id` as a UUID; any other text is "no such thing" (404 with `message`), never a query. */
export function idParams(message: string, test: (id: string) => boolean = isUuid): Schema<{ id: string }> {
  return {
    parse(input) {
      const id = (input as { id?: unknown } | null)?.id;
      if (typeof id !== "string" || !test(id)) throw new AppError("not_found", message);
      return { id };
    },
  };
}
