// Structured logs: one JSON line per event, and no key in any of them, however it got there.
import { eq, sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { OpenedDb } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { handleApiError } from "@/lib/http/errors";
import { errorDetail, log, maskPhones, redact } from "@/lib/log";
import { backends } from "./support/db";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

test("redact removes the configured key, an extra secret, Bearer tokens and key-shaped text", () => {
  vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
  expect(redact("sent merchant-secret-0042 twice: merchant-secret-0042")).toBe("sent [redacted-key] twice: [redacted-key]");
  expect(redact("other one-off-secret-99", "one-off-secret-99")).toBe("other [redacted-key]");
  expect(redact('{"auth":"Bearer abc.DEF_123-xyz="}')).toBe('{"auth":"Bearer [redacted]"}');
  expect(redact("keys sk_live_abcdef123 and pk_test_ZZZ_999.")).toBe("keys [redacted-key] and [redacted-key].");
  // The dashboard's own API keys (lib/api-keys/shape.ts), however they got into a line.
  expect(redact("a shop sent mdk_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345 as a query")).toBe("a shop sent [redacted-key] as a query");
  expect(redact('{"q":"key=mdk_test_AbCdEfGhIjKlMnOpQrStUvWxYz012345"}')).toBe('{"q":"key=[redacted-key]"}');
  // Short values are not treated as keys (they would redact ordinary words).
  expect(redact("abc", "abc")).toBe("abc");
});

test("log writes one JSON line with time, level and event, and redacts nested values", () => {
  vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(`E ${line}`));
  log("info", "charge_created", { detail: { message: "upstream said merchant-secret-0042" } });
  log("error", "sweep_failed", { error: "Authorization: Bearer merchant-secret-0042" });
  expect(lines).toHaveLength(2);
  const info = JSON.parse(lines[0]);
  expect(info).toMatchObject({ level: "info", event: "charge_created", detail: { message: "upstream said [redacted-key]" } });
  expect(Date.parse(info.time)).not.toBeNaN();
  expect(lines[1].startsWith("E ")).toBe(true);
  expect(JSON.parse(lines[1].slice(2))).toMatchObject({ level: "error", event: "sweep_failed" });
  expect(lines.join("\n")).not.toContain("merchant-secret-0042");
});

test("redact finds the key however it is escaped, and leaves none of it", () => {
  vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
  // A log line is JSON.stringify output: an upstream text may arrive with its escapes kept.
  expect(redact('{"m":"key merchant\\u002dsecret-0042 refused"}')).toBe('{"m":"key [redacted-key] refused"}');
  expect(redact("key merchant%2Dsecret&#45;0042")).toBe("key [redacted-key]");
  expect(redact('{"m":"sk\\u005flive_abc\\u005F123"}')).toBe('{"m":"[redacted-key]"}');
  expect(redact("Authorization: Bearer\\u0020abc.def")).toBe("Authorization: Bearer [redacted]");
});

function capture(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  return lines;
}

test("log masks phone numbers in values, numbers and names, and keeps the line JSON", () => {
  const lines = capture();
  log("info", "x", {
    plain: "customer 0241234567 called",
    spaced: "call 024 123 4567 or 024-123-4567",
    intl: "+233241234567 / 233 24 123 4567 / 00233241234567",
    asNumber: 233241234567,
    "0551234567": "as a name",
    nested: [{ said: "from 0201234567." }],
  });
  const line = JSON.parse(lines[0]);
  expect(line).toMatchObject({
    plain: "customer 024•••••67 called",
    spaced: "call 024•••••67 or 024•••••67",
    intl: "+233•••••••67 / 233•••••••67 / 002•••••••••67",
    asNumber: "233•••••••67",
    "055•••••67": "as a name",
    nested: [{ said: "from 020•••••67." }],
  });
  expect(lines[0]).not.toMatch(/1234/);
});

test("log leaves references, timestamps, UUIDs, amounts and ids alone", () => {
  const lines = capture();
  const detail = {
    reference: "TXN-MOMO-179500000012345",
    short: "TXN-MOMO-0241234567",
    at: 1700000000001,
    iso: "2025-06-01T12:00:00.000Z",
    id: "123e4567-e89b-12d3-a456-233241234567",
    chargeId: "0241234567ab",
    amountMinor: 2550,
    digits: "02412345678",
  };
  log("info", "y", detail);
  expect(JSON.parse(lines[0])).toMatchObject(detail);
  expect(maskPhones("02412345678 and 1024123456")).toBe("02412345678 and 1024123456");
});

describe("errorDetail", () => {
  let opened: OpenedDb;
  // A PGlite of its own from the run's migrated template (migrating a new one costs seconds).
  beforeAll(async () => {
    opened = await backends[0].open();
  }, 60_000);
  afterAll(() => opened.close());

  const PHONE = "0241234567";
  const DESCRIPTION = "School fees Ama Mensah";

  test.each([
    [
      "an invalid uuid",
      "22P02",
      () =>
        opened.db
          .select()
          .from(charges)
          .where(eq(charges.id, `${PHONE} ${DESCRIPTION}`)),
    ],
    ["a NUL character", "22021", () => opened.db.execute(sql`select ${`${DESCRIPTION}\u0000${PHONE}`}::text`)],
  ])("a database error (%s) gives its name, SQLSTATE, SQL and frames, never a value", async (_name, code, run) => {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const detail = errorDetail(error);
    expect(detail).toEqual({
      name: "DrizzleQueryError",
      code,
      query: expect.stringContaining("$1"),
      stack: expect.stringMatching(/^\s+at /),
    });
    const text = JSON.stringify(detail);
    for (const leaked of [PHONE, "1234567", DESCRIPTION, "Mensah", "params", "invalid input", "invalid byte", "Failed query"])
      expect(text).not.toContain(leaked);
  });

  test("an error passed to log() anywhere in a line, or left to handleApiError, is logged as errorDetail says", async () => {
    const error = await opened.db.execute(sql`select ${`${DESCRIPTION}\u0000${PHONE}`}::text`).then(
      () => null,
      (e: unknown) => e,
    );
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    try {
      log("error", "ledger_write_failed", { chargeId: "c1", error, nested: { error } });
      const response = handleApiError(error);
      // A value the database refused is the request's fault: 422, in our error shape.
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_request" } });
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ level: "error" });
      expect(line).toContain('"code":"22021"');
      for (const leaked of [PHONE, "1234567", DESCRIPTION, "Mensah", "params"]) expect(line).not.toContain(leaked);
    }
  });

  test("a Drizzle error without a SQLSTATE (a lost connection) still names no parameter", () => {
    const cause = Object.assign(new Error(`Connection terminated while sending ${PHONE}`), { code: "ECONNRESET" });
    const detail = errorDetail(new DrizzleQueryError("insert into charges values ($1, $2)", [PHONE, DESCRIPTION], cause));
    expect(detail).toMatchObject({ name: "DrizzleQueryError", code: "ECONNRESET", query: "insert into charges values ($1, $2)" });
    expect(JSON.stringify(detail)).not.toMatch(/0241234567|Mensah|terminated/);
  });

  test("a SQLSTATE deeper in the causes is found", () => {
    const pgError = Object.assign(new Error(`Key (phone_number)=(${PHONE}) already exists.`), { code: "23505", severity: "ERROR" });
    const detail = errorDetail(new Error("write failed", { cause: new Error("inner", { cause: pgError }) }));
    expect(detail).toMatchObject({ code: "23505", query: null });
    expect(JSON.stringify(detail)).not.toMatch(/0241234567|already exists|write failed/);
  });

  test("any other error: name, message and frames, scrubbed and masked", () => {
    vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
    const error = new TypeError(`upstream said merchant\\u002dsecret-0042 for ${PHONE}\n    at fake (${PHONE})`);
    const detail = errorDetail(error);
    const message = "upstream said [redacted-key] for 024•••••67\n    at fake (024•••••67)";
    expect(detail).toMatchObject({ name: "TypeError", message });
    expect(detail.stack).toMatch(/^\s+at /);
    expect(detail.stack).not.toContain("upstream said");
    expect(JSON.stringify(detail)).not.toMatch(/0241234567|merchant/);
    expect(errorDetail("plain string 0241234567")).toEqual({ name: "string", message: "plain string 024•••••67" });
  });
});
