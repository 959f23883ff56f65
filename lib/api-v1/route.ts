// A /api/v1/ route handler made from its operation (./operations.ts): the key's gate for the
// operation's scope (lib/api-keys/route.ts) and the operation's own schemas for the path, the
// query and the body — the ones the document shows. An id that cannot exist is 404, as elsewhere.
import "server-only";
import type * as z from "zod";
import { type ApiCtx, apiRoute } from "@/lib/api-keys";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Ctx, Schema } from "@/lib/http/route";
import { OPERATIONS, type OperationId } from "./operations";

type Op<Id extends OperationId> = (typeof OPERATIONS)[Id];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<Id extends OperationId> = Op<Id> extends { body: infer S } ? Out<S> : undefined;
type QueryOf<Id extends OperationId> = Op<Id> extends { query: infer S } ? Out<S> : undefined;
type ParamsOf<Id extends OperationId> = Op<Id> extends { params: infer S } ? Out<S> : Record<string, string>;

export type V1Ctx<Id extends OperationId> = Ctx<ApiCtx, BodyOf<Id>, QueryOf<Id>, ParamsOf<Id>> & {
  /** Where the dashboard is reached (APP_URL, else this request's origin): pay links' addresses start with it. */
  origin: string;
};

/** The path's schema, parsed so that an id that cannot exist is "no such thing" (404), never a 422. */
function pathSchema(schema: z.ZodType, message: string): Schema<unknown> {
  return {
    parse(input) {
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new AppError("not_found", message);
      return parsed.data;
    },
  };
}

/** The largest body an operation takes: 32 kB, room for twenty metadata pairs at their longest. */
const MAX_BODY = 32 * 1024;

export type V1Handler = ReturnType<typeof apiRoute> & { operationId: OperationId };

export function v1Route<Id extends OperationId>(id: Id, handler: (ctx: V1Ctx<Id>) => Promise<Response | object | null>): V1Handler {
  const op = OPERATIONS[id] as Op<Id> & { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
  const answer = apiRoute<BodyOf<Id>, QueryOf<Id>, ParamsOf<Id>>(
    op.scope,
    {
      body: op.body as Schema<BodyOf<Id>> | undefined,
      maxBody: MAX_BODY,
      query: op.query as Schema<QueryOf<Id>> | undefined,
      params: op.params
        ? (pathSchema(op.params, `${(op.errors as { 404?: string })[404] ?? "Nothing has this id"}.`) as Schema<ParamsOf<Id>>)
        : undefined,
      status: op.status,
    },
    (ctx) => handler({ ...ctx, origin: env().APP_URL?.replace(/\/$/, "") ?? ctx.url.origin }),
  );
  return Object.assign(answer, { operationId: id });
}
