// The OpenAPI document and the routes cannot disagree: the document validates as OpenAPI 3.1 (a
// validator from the registry); every route file under app/api/v1/ is one of its operations, at its
// path and method, and every operation has its route; the generated client's types
// (tests/support/api-v1.d.ts) are what it makes now. GET /api/v1/openapi.json serves it
// (../api-keys/gate.test.ts), and each answer the tests get is checked against it
// (../support/api-client.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";
import { openApiDocument } from "@/lib/api-v1/document";
import { OPERATIONS } from "@/lib/api-v1/operations";
import { apiTypes, TYPES_FILE } from "../../../scripts/api-types";

const V1 = path.resolve(import.meta.dirname, "../../../app/api/v1");

/** Each route file's path as OpenAPI writes it (`[id]` → `{id}`), and the file. */
const routeFiles = (readdirSync(V1, { recursive: true }) as string[])
  .filter((f) => path.basename(f) === "route.ts")
  .map((f) => ({ file: path.join(V1, f), path: `/${path.dirname(f).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}") }));

describe("the OpenAPI document", () => {
  test("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("every route file is its operations, at their path and method; every operation has its route", async () => {
    const served = new Set<string>();
    for (const { file, path: p } of routeFiles) {
      if (p === "/openapi.json") continue;
      const mod = (await import(file)) as Record<string, { operationId?: string } | undefined>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const handler = mod[method];
        if (!handler) continue;
        const op = OPERATIONS[handler.operationId as keyof typeof OPERATIONS];
        expect(op, `${method} ${p}: made with v1Route from an operation`).toBeDefined();
        expect(`${op.method.toUpperCase()} ${op.path}`, `${method} ${p} is ${handler.operationId}`).toBe(`${method} ${p}`);
        served.add(handler.operationId as string);
      }
    }
    expect([...served].sort()).toEqual(Object.keys(OPERATIONS).sort());
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(
      Object.values(OPERATIONS)
        .map((o) => `${o.method.toUpperCase()} ${o.path}`)
        .sort(),
    );
  });

  test("the generated client's types are what the document makes now (npm run api:types)", async () => {
    expect(readFileSync(TYPES_FILE, "utf8"), "tests/support/api-v1.d.ts is stale: run npm run api:types").toBe(await apiTypes());
  });
});
