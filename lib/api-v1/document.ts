// The OpenAPI 3.1 document of /api/v1/, generated (zod-openapi) from the operations' own schemas:
// what GET /api/v1/openapi.json serves, the dashboard's reference page shows, and the tests'
// client is generated from (tests/support/api-v1.d.ts, by openapi-typescript).
import * as z from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { API_SCOPE_LABELS } from "@/lib/api-keys/shape";
import { errorObject } from "./objects";
import { OPERATIONS, type Operation } from "./operations";

const json = (schema: Operation["response"]) => ({ content: { "application/json": { schema } } });

const RATE_HEADERS = {
  "RateLimit-Limit": { description: "Requests this key may make per minute.", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Left this minute.", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the minute's window ends.", schema: { type: "integer" as const } },
};

/** Every POST's (lib/api-keys/idempotency.ts). */
const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .meta({ description: "A new one for each request; the same one when you retry it (24 hours)." }),
});

function operationObject(id: string, op: Operation): ZodOpenApiOperationObject {
  const requestParams = {
    ...(op.query ? { query: op.query } : {}),
    ...(op.params ? { path: op.params } : {}),
    ...(op.method === "post" ? { header: idempotencyHeader } : {}),
  };
  const refusals = {
    401: "No API key, or one that is revoked, unknown, for the other mode, or sent outside the Authorization header",
    403: `The key lacks the ${op.scope} scope`,
    429: "This key's requests for the minute are used up: wait for Retry-After",
    ...op.errors,
  };
  return {
    operationId: id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: [{ apiKey: [] }],
    "x-scope": op.scope,
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(op.body ? { requestBody: { required: true, ...json(op.body) } } : {}),
    responses: {
      [op.status]: { description: op.summary, headers: RATE_HEADERS, ...json(op.response) },
      ...Object.fromEntries(Object.entries(refusals).map(([status, description]) => [status, { description, ...json(errorObject) }])),
    },
  };
}

export function openApiDocument(serverUrl = "/api/v1") {
  const paths: ZodOpenApiPathsObject = {};
  for (const [id, op] of Object.entries(OPERATIONS) as [string, Operation][]) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(id, op) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Momo Dashboard API",
      version: "1.0.0",
      description:
        "Your own systems ask and act: pay links made and cancelled, charges and events read. Every answer carries X-Request-Id; every refusal is { error: { code, message, fields?, requestId } }.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key (mdk_test_… or mdk_live_…) from Settings → API keys, as Authorization: Bearer <key>. Scopes: ${Object.entries(
            API_SCOPE_LABELS,
          )
            .map(([s, label]) => `${s} (${label.toLowerCase()})`)
            .join(", ")}.`,
        },
      },
    },
    paths,
  });
}
