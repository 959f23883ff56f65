// The fuzzer's parts (../http/fuzz-routes.test.ts, fuzz-forms.test.ts): what it sends (fast-check
// arbitraries for bodies, headers, query strings, ids) and how it checks each answer (below 500,
// refusals in our error shape), counting the answers by status. Requests go to the app's route
// handlers through ./route-harness.ts.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { expect } from "vitest";
import { chargeFormSchema, idempotencyKeySchema } from "@/lib/charges/schema";
import { SANDBOX_API_KEY } from "@/lib/sandbox/keys";
import type { Backend } from "./db";
import type { Client } from "./route-harness";

/** Runs per property; about 2,500 requests in all. FUZZ_RUNS changes it (higher for a longer search). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
/** The search does not depend on the database: half as long a one on PostgreSQL. */
export const runsOn = (backend: Backend) => (backend.name === "postgres" ? Math.ceil(RUNS / 2) : RUNS);
/** A fuzzing test's time: its requests, a password checked in many of them. */
export const FUZZ_TIMEOUT = 180_000;
export const VALID_CHARGE = {
  amount: "12.50",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "fuzz",
};

/** The answers the fuzzer got, counted by status. */
export const seen = new Map<number, number>();

/** Every charge id in the ledger, through the export (which has no row limit). */
export async function ledgerIds(owner: Client): Promise<string[]> {
  const res = await owner.fetch("/api/charges/export");
  expect(res.status).toBe(200);
  const rows = parse(await res.text(), { columns: true, bom: true }) as { charge_id: string }[];
  const ids = rows.map((r) => r.charge_id);
  // A column renamed would make every id undefined, and two lists of them equal: refuse that.
  expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  return ids.sort();
}

type Sent = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

/** Sends one request and checks the answer: below 500, and a refusal in our error shape. */
export async function expectHandled(client: Client, r: Sent, allowOk = false): Promise<number> {
  const res = await client.fetch(r.path, { method: r.method, headers: r.headers, body: r.body });
  const status = res.status;
  seen.set(status, (seen.get(status) ?? 0) + 1);
  const what = `${r.method} ${r.path} ${JSON.stringify(r.headers ?? {})} ${JSON.stringify(r.body)?.slice(0, 300)} → ${status}`;
  expect(status, what).toBeLessThan(500);
  if (!allowOk) expect(status, what).toBeGreaterThanOrEqual(400);
  if (status >= 400) {
    const body = await res.json().catch(() => null);
    expect(body, what).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(Object.keys(body), what).toEqual(["error"]);
    expect(body.error.message.length, what).toBeGreaterThan(0);
  }
  return status;
}

/** JSON headers from the app's own origin (a same-origin browser request). */
export const jsonFrom =
  (origin: () => string) =>
  (extra: Record<string, string> = {}) => ({ "Content-Type": "application/json", Origin: origin(), ...extra });
export const key = () => `fuzz_${randomUUID()}`;

export const ascii = (maxLength = 60) => fc.string({ unit: "grapheme-ascii", maxLength });

/** Any JSON value, some of them shaped like our forms with a field gone wrong. */
export function bodies<T extends Record<string, unknown>>(valid: T, stillValid: (v: unknown) => boolean): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    ascii(),
    fc.string({ maxLength: 300 }),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
  );
  const mutated = fc
    .record({ field: fc.constantFrom(...Object.keys(valid), "__proto__", "constructor", "extra"), value: wrong, drop: fc.boolean() })
    .map(({ field, value, drop }) => {
      const copy: Record<string, unknown> = { ...valid };
      if (drop) delete copy[field];
      else Object.defineProperty(copy, field, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    });
  // Judged as the server will read it too: JSON drops a key whose value is undefined, so
  // { extra: undefined } (refused by a strict schema as it is) arrives as {} (a valid, empty change;
  // a clean-clone run's fuzzer found one and the PATCH answered 200).
  return fc.oneof(fc.jsonValue(), mutated, fc.object()).filter((b) => !stillValid(b) && !stillValid(asSent(b)));
}

/** A value as the server reads it back from its JSON. */
function asSent(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/** A body as sent on the wire: JSON of the value, or bytes that are not JSON at all. */
export const wire = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: value.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[1,", '{"amount":', "\u0000", "{}}") },
  );

export const isCharge = (b: unknown) => chargeFormSchema.safeParse(b).success;

/** Idempotency keys the charge route must refuse. */
export const badKey = fc
  .oneof(ascii(120), fc.constantFrom("", "short", "x".repeat(101), "has space in it here", "ünïcödé-key-123456"))
  .filter((k) => !idempotencyKeySchema.safeParse(k).success);
/** Content types, JSON among them (the test swaps that one for text/plain). */
export const contentType = fc.oneof(
  ascii(40),
  fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"),
);

/** Origins other than the dashboard's own (`own`): another site, another port, scheme or host name. */
export const foreignOrigin = (own: string) => {
  const port = new URL(own).port;
  return fc.oneof(
    fc.webUrl().map((u) => new URL(u).origin),
    fc.constantFrom(
      "null",
      own.replace(`:${port}`, `:${Number(port) + 1}`),
      own.replace("http:", "https:"),
      own.replace("127.0.0.1", "localhost"),
    ),
  );
};

const paramName = fc.oneof(
  fc.constantFrom(
    "status",
    "network",
    "member",
    "from",
    "to",
    "min",
    "max",
    "q",
    "after",
    "before",
    "limit",
    "currency",
    "action",
    "actor",
  ),
  ascii(10),
);
const param = fc.tuple(
  paramName,
  fc.oneof(
    ascii(40),
    fc.string({ maxLength: 40 }),
    fc.integer().map(String),
    fc.constantFrom("2026-02-30", "-1", "1e309", "NaN", "%", "%%", "'; drop table charges; --", "../../etc/passwd"),
  ),
);
/** A query string of up to 6 parameters, named as our filters are or not, with any values. */
export const query = fc
  .array(param, { maxLength: 6 })
  .map((ps) => ps.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));

// Ids stay one path segment ("." and ".." would be another route, not another id).
export const segmentId = fc.oneof(
  fc.uuid(),
  ascii(40)
    .filter((s) => s.trim().length > 0 && !/^\.+$/.test(s.trim()) && !/[/?#%\\]/.test(s))
    .map(encodeURIComponent),
  fc.constantFrom("0", "-1", "null", "undefined"),
);

/** For the bundled sandbox: Authorization headers, and bodies that are not a charge. */
export const auth = fc.oneof(
  fc.constant(`Bearer ${SANDBOX_API_KEY}`),
  ascii(80),
  fc.constant(""),
  fc.constant("Bearer "),
  fc.constant(`bearer ${SANDBOX_API_KEY}x`),
);
export const upstreamBody = wire(
  bodies(
    { amount: 12.5, currency: "GHS", phone_number: "0240000001", provider: "mtn", vouchers: "", description: "fuzz" },
    () => false,
  ).filter((b) => !(typeof b === "object" && b && "amount" in b && "phone_number" in b && "provider" in b && "currency" in b)),
);
