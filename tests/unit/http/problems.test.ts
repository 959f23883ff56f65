// The one table of error codes (lib/http/problems.ts): what the pipeline answers for each, and the
// page API users read (docs/api-errors.md) lists every code with the same status.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { AppError } from "@/lib/errors";
import { handleApiError } from "@/lib/http/errors";
import { type ErrorCode, PROBLEMS } from "@/lib/http/problems";
import { BudgetExhausted } from "@/lib/momo/budget";

test("docs/api-errors.md lists every code with its status, and no code the table lacks", () => {
  const rows = [...readFileSync("docs/api-errors.md", "utf8").matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)];
  const documented = new Map(rows.map((m) => [m[1], Number(m[2])]));
  expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(Object.entries(PROBLEMS).map(([c, p]) => [c, p.status])));
});

test("every status is a client or server error, and every default message is a sentence", () => {
  for (const [code, { status, message }] of Object.entries(PROBLEMS)) {
    expect(status, code).toBeGreaterThanOrEqual(400);
    expect(status, code).toBeLessThan(600);
    expect(message, code).toMatch(/^[A-Z].*\.$/);
  }
});

test("an AppError is answered with its code's status, its own message, its fields and its wait", async () => {
  const res = handleApiError(
    new AppError("too_many_attempts", "Too many failed sign-ins.", { fields: { email: "Wait" }, retryAfterSeconds: 900 }),
  );
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("900");
  expect(await res.json()).toEqual({
    error: { code: "too_many_attempts", message: "Too many failed sign-ins.", fields: { email: "Wait" } },
  });
});

test("without a message, the table's default is the one a person reads; no fields, no fields key", async () => {
  for (const code of ["not_found", "forbidden", "body_too_large"] satisfies ErrorCode[]) {
    const res = handleApiError(new AppError(code));
    expect(res.status).toBe(PROBLEMS[code].status);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.json()).toEqual({ error: { code, message: PROBLEMS[code].message } });
  }
});

test("a paused or full budget is 429 budget_exhausted with Retry-After in whole seconds, at least 1", async () => {
  const res = handleApiError(new BudgetExhausted(1_200, false));
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("2");
  expect((await res.json()).error.code).toBe("budget_exhausted");
  expect(handleApiError(new BudgetExhausted(0, true)).headers.get("retry-after")).toBe("1");
});

test("anything else is a plain 500 that names nothing internal", async () => {
  const res = handleApiError(new Error('relation "charges" does not exist at secret-host:5432'));
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(text).not.toMatch(/relation|secret-host|5432/);
  expect(JSON.parse(text).error.code).toBe("internal_error");
});
