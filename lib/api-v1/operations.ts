// Every operation of /api/v1/ in one table: its method and path, the scope its key needs, the
// schemas its route handler parses with, and what it answers. The route handlers are made from
// it (./route.ts) and the OpenAPI document is generated from it (./document.ts), so the two cannot
// say different things; tests/unit/api-v1/document.test.ts checks that every route file is one
// of these, at its path, and every one of these a route.
import type * as z from "zod";
import type { ApiScope } from "@/lib/api-keys/shape";
import { chargeList, chargeObject, eventList, payLinkList, payLinkObject } from "./objects";
import { chargeListQuery, eventListQuery, idPath, payLinkCreateSchema, payLinkListQuery } from "./schemas";

export type Operation = {
  method: "get" | "post";
  /** Under /api/v1, as OpenAPI writes it (`{id}`). */
  path: string;
  scope: ApiScope;
  summary: string;
  description?: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The success status and what it carries. */
  status: 200 | 201;
  response: z.ZodType;
  /** Refusals besides every operation's (401, 403, 429), with what they mean here. */
  errors: Partial<Record<400 | 404 | 409 | 422, string>>;
};

export const OPERATIONS = {
  createPayLink: {
    method: "post",
    path: "/pay_links",
    scope: "pay_links:write",
    summary: "Make a pay link",
    description:
      "A link the customer pays from their own phone. Send an Idempotency-Key: the same key and body answer the first answer again (for 24 hours), another body is 422.",
    body: payLinkCreateSchema,
    status: 201,
    response: payLinkObject,
    errors: {
      400: "No Idempotency-Key header",
      422: "A field is not right (named in fields), or the Idempotency-Key was used for another body",
    },
  },
  listPayLinks: {
    method: "get",
    path: "/pay_links",
    scope: "pay_links:read",
    summary: "List pay links, newest first",
    query: payLinkListQuery,
    status: 200,
    response: payLinkList,
    errors: { 422: "A filter is not right (named in fields)" },
  },
  getPayLink: {
    method: "get",
    path: "/pay_links/{id}",
    scope: "pay_links:read",
    summary: "Read a pay link",
    params: idPath,
    status: 200,
    response: payLinkObject,
    errors: { 404: "No pay link has this id" },
  },
  cancelPayLink: {
    method: "post",
    path: "/pay_links/{id}/cancel",
    scope: "pay_links:write",
    summary: "Cancel a pay link",
    description: "It takes no more payments. Send an Idempotency-Key.",
    params: idPath,
    status: 200,
    response: payLinkObject,
    errors: {
      400: "No Idempotency-Key header",
      404: "No pay link has this id",
      409: "The link is over already (paid, expired or cancelled)",
    },
  },
  listCharges: {
    method: "get",
    path: "/charges",
    scope: "charges:read",
    summary: "List charges, newest first",
    query: chargeListQuery,
    status: 200,
    response: chargeList,
    errors: { 422: "A filter is not right (named in fields)" },
  },
  getCharge: {
    method: "get",
    path: "/charges/{id}",
    scope: "charges:read",
    summary: "Read a charge",
    params: idPath,
    status: 200,
    response: chargeObject,
    errors: { 404: "No charge has this id" },
  },
  listEvents: {
    method: "get",
    path: "/events",
    scope: "events:read",
    summary: "List events, newest first: what the webhooks deliver, with the same ids",
    query: eventListQuery,
    status: 200,
    response: eventList,
    errors: { 422: "A filter is not right (named in fields)" },
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
