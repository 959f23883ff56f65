// The request pipeline (lib/http/route.ts) with the API key's gate in it: the one way every
// /api/v1/ route handler is written.
//   apiRoute(scope, spec, (ctx) => …)   a key with `scope` (null: any key)
// The gate (./authenticate.ts) lets in only `Authorization: Bearer <key>`, a key that is not
// revoked, of the dashboard's mode, with the scope; then takes one of the key's places for the
// minute (./rate-limit.ts), whose state every answer carries in RateLimit-* headers, refusals
// included. ctx adds `api`: the key and its maker, and `once(make)`, which runs a POST's change
// once per Idempotency-Key (./idempotency.ts).
import "server-only";
import { type BaseCtx, pipeline, type RouteSpec } from "@/lib/http/route";
import type { DbOrTx } from "@/lib/db/open";
import { type ApiCaller, authenticate } from "./authenticate";
import { type Answer, idempotencyKeyOf, once, requestDigest } from "./idempotency";
import { type RateState, rateHeaders, takeApiPlace } from "./rate-limit";
import type { ApiScope } from "./shape";

export type ApiCtx = {
  api: ApiCaller;
  /** A POST's change, made once per Idempotency-Key: `make` runs in the transaction that keeps its answer. */
  once: (body: unknown, make: (tx: DbOrTx) => Promise<Answer>) => Promise<Response>;
};

/** Where each request's key stands this minute, for its answer's headers. */
const RATE = new WeakMap<Request, RateState>();

const gated = pipeline<ApiScope | null, ApiCtx>(async (base: BaseCtx, scope) => {
  const api = await authenticate(base.db, base.req, base.url, scope);
  await takeApiPlace(base.db, api.key.id, (s) => RATE.set(base.req, s));
  return {
    api,
    once: (body, make) => {
      const key = idempotencyKeyOf(base.req);
      return once(base.db, api.key.id, key, requestDigest(base.req, body), make);
    },
  };
});

type Handler<B, Q, P> = Parameters<typeof gated<B, Q, P>>[2];

/** A /api/v1/ route handler; its answers carry the key's RateLimit-* headers. */
export function apiRoute<B = undefined, Q = undefined, P = Record<string, string>>(
  scope: ApiScope | null,
  spec: RouteSpec<B, Q, P>,
  handler: Handler<B, Q, P>,
) {
  const answer = gated<B, Q, P>(scope, spec, handler);
  return async (req: Request, next: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const res = await answer(req, next);
    const state = RATE.get(req);
    if (state) for (const [name, value] of Object.entries(rateHeaders(state))) res.headers.set(name, value);
    return res;
  };
}
