// The API's reference, read from its OpenAPI document (the one /api/v1/openapi.json serves): each
// operation with its scope, parameters, body and answers. Server-rendered: nothing to hydrate.
import { Card } from "@/components/ui/card";

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  format?: string;
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  "x-scope"?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string }>;
};
export type ApiDocument = {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** A schema's type in a few words: `string`, `integer`, `one of a | b`, `PayLink`. */
function typeOf(s: Schema | undefined): string {
  if (!s) return "";
  if (s.$ref) return s.$ref.split("/").at(-1) ?? "";
  if (s.enum) return `one of ${s.enum.map(String).join(" | ")}`;
  if (s.anyOf) return s.anyOf.map(typeOf).filter(Boolean).join(" or ");
  const t = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "");
  return t === "array" ? `array of ${typeOf(s.items)}` : s.format ? `${t} (${s.format})` : t;
}

function Fields({ rows }: { rows: { name: string; type: string; required: boolean; description?: string }[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {rows.map((r) => (
        <li key={r.name}>
          <code className="font-mono">{r.name}</code> <span className="text-ink-muted">{r.type}</span>
          {r.required ? <span className="text-ink-muted"> · required</span> : null}
          {r.description ? <span> — {r.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function bodyRows(s: Schema | undefined, doc: ApiDocument) {
  const schema = s?.$ref ? doc.components?.schemas?.[s.$ref.split("/").at(-1) ?? ""] : s;
  return Object.entries(schema?.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeOf(p),
    required: schema?.required?.includes(name) ?? false,
    description: p.description,
  }));
}

function OperationCard({ method, path, op, doc }: { method: string; path: string; op: Operation; doc: ApiDocument }) {
  const params = (op.parameters ?? []).map((p) => ({
    name: `${p.name} (${p.in})`,
    type: typeOf(p.schema),
    required: !!p.required,
    description: p.description ?? p.schema?.description,
  }));
  const body = op.requestBody?.content["application/json"]?.schema;
  return (
    <Card as="article" className="space-y-3" data-testid="api-operation">
      <h3 className="font-mono text-sm font-semibold break-all" id={op.operationId}>
        {method.toUpperCase()} /api/v1{path}
      </h3>
      <p>
        {op.summary}
        {op["x-scope"] ? (
          <span className="text-ink-muted">
            {" "}
            · scope <code className="font-mono">{op["x-scope"]}</code>
          </span>
        ) : null}
      </p>
      {op.description ? <p className="text-sm text-ink-muted">{op.description}</p> : null}
      {params.length ? (
        <div>
          <h4 className="text-sm font-semibold">Parameters</h4>
          <Fields rows={params} />
        </div>
      ) : null}
      {body ? (
        <div>
          <h4 className="text-sm font-semibold">Body (JSON)</h4>
          <Fields rows={bodyRows(body, doc)} />
        </div>
      ) : null}
      <div>
        <h4 className="text-sm font-semibold">Answers</h4>
        <ul className="text-sm">
          {Object.entries(op.responses).map(([status, r]) => (
            <li key={status}>
              <code className="font-mono">{status}</code> {r.description}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

export function ApiReference({ doc }: { doc: ApiDocument }) {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <div className="space-y-4">
      {operations.map(({ path, method, op }) => (
        <OperationCard key={op.operationId} path={path} method={method} op={op} doc={doc} />
      ))}
    </div>
  );
}
