// The merchant's API as a shop's code calls it: a client generated from the OpenAPI document
// (openapi-typescript's types in tests/support/api-v1.d.ts, openapi-fetch), no hand-written fetch.
// It reaches the route handlers through the harness (./route-harness.ts), and every answer it gets
// is checked against the document: a status the operation does not list, or a body its schema does
// not allow, fails the test that got it — a route and its document cannot disagree unseen.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import createClient, { type Middleware } from "openapi-fetch";
import { openApiDocument } from "@/lib/api-v1/document";
import type { paths } from "../../support/api-v1";
import { dispatch, type RouteHarness } from "./route-harness";

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

const doc = openApiDocument() as unknown as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
// The document's components, so each `$ref: #/components/schemas/X` resolves.
ajv.addSchema({ $id: "doc", components: doc.components });

const refs = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));

/** Checks each answer against the document's operation for its path and method. */
const checked: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const op = doc.paths[schemaPath]?.[request.method.toLowerCase()];
    if (!op) throw new Error(`${request.method} ${schemaPath}: not in the document`);
    const documented = op.responses[String(response.status)];
    if (!documented) throw new Error(`${request.method} ${schemaPath} answered ${response.status}, which the document does not list`);
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) return;
    const body = await response.clone().json();
    const validate = ajv.compile(refs(schema));
    if (!validate(body)) {
      throw new Error(
        `${request.method} ${schemaPath} ${response.status}: the body is not the document's: ${ajv.errorsText(validate.errors)}`,
      );
    }
  },
};

/** The API's client for a key (none: no Authorization header), with `headers` on every request. */
export function apiClient(app: RouteHarness, key: string | null, headers: Record<string, string> = {}) {
  const client = createClient<paths>({
    baseUrl: `${app.origin()}/api/v1`,
    fetch: (req) => dispatch(req),
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
  });
  client.use(checked);
  return client;
}

export type ApiClient = ReturnType<typeof apiClient>;
