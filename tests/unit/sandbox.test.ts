// The sandbox's gatekeeping, called directly with fetch Requests: auth, media type, JSON,
// field validation, the per-key rate limit and the dashboard's own bucket.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SANDBOX_CALLER_HEADER, sandboxCallerToken } from "@/lib/sandbox/caller";
import { sandboxCharge, sandboxChargeStatus, sandboxUser } from "@/lib/sandbox/handlers";
import { SANDBOX_RATE_LIMIT_PER_MINUTE, sandboxStore } from "@/lib/sandbox/store";
import { CHARGE_PATH, chargeBody, resetSandbox, sandboxRequest } from "./support/sandbox";

beforeEach(resetSandbox);
afterEach(() => {
  vi.useRealTimers();
  resetSandbox();
});

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

describe("authentication", () => {
  const calls: [string, (key: string | null) => Promise<Response>][] = [
    ["charge", (key) => sandboxCharge(sandboxRequest(CHARGE_PATH, { key, body: chargeBody() }))],
    ["status lookup", (key) => sandboxChargeStatus(sandboxRequest(`${CHARGE_PATH}/TXN-MOMO-1`, { key }), "TXN-MOMO-1")],
    ["user", (key) => sandboxUser(sandboxRequest("/v1/user", { key }))],
  ];

  test.each(calls)("%s: 401 without a key, with an unknown key, or with another scheme", async (_name, call) => {
    expect((await expectError(await call(null), 401, "unauthorized")).message).toMatch(/Authorization: Bearer/);
    expect((await expectError(await call("sk_test_not_a_real_key"), 401, "unauthorized")).message).toBe("Unknown API key.");
    const basic = new Request("http://sandbox.test/v1/user", { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    await expectError(await sandboxUser(basic), 401, "unauthorized");
    expect(sandboxStore().charges.size).toBe(0);
  });
});

describe("charge body", () => {
  test.each(["text/plain", "application/x-www-form-urlencoded", null])("415 for content type %j", async (contentType) => {
    const response = await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody(), contentType }));
    await expectError(response, 415, "unsupported_media_type");
  });

  test("application/json with a charset is accepted", async () => {
    const response = await sandboxCharge(
      sandboxRequest(CHARGE_PATH, { body: chargeBody(), contentType: "application/json; charset=utf-8" }),
    );
    expect(response.status).toBe(200);
  });

  test.each(["{", "", "{'amount': 1}", "undefined"])("400 for malformed JSON %j", async (body) => {
    await expectError(await sandboxCharge(sandboxRequest(CHARGE_PATH, { body, method: "POST" })), 400, "malformed_json");
  });

  test.each(["[]", "null", "42", '"text"'])("400 for a JSON body that is not an object: %s", async (body) => {
    await expectError(await sandboxCharge(sandboxRequest(CHARGE_PATH, { body, method: "POST" })), 400, "invalid_body");
  });

  test("422 names every invalid field", async () => {
    const error = await expectError(await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: {} })), 422, "invalid_fields");
    expect(Object.keys(error.fields!).sort()).toEqual(["amount", "currency", "description", "phone_number", "provider", "vouchers"]);
    expect(error.message).toMatch(/^Invalid fields: /);
  });

  test.each([
    [{ amount: 0 }, ["amount"]],
    [{ amount: -5 }, ["amount"]],
    [{ amount: "25.50" }, ["amount"]],
    [{ amount: 1_000_000.01 }, ["amount"]],
    [{ amount: 1.234 }, ["amount"]],
    [{ amount: 0.1 + 0.2 }, ["amount"]],
    [{ amount: 1e-7 }, ["amount"]],
    [{ amount: 10.5, currency: "UGX" }, ["amount"]],
    [{ currency: "EUR" }, ["currency"]],
    [{ currency: "ghs" }, ["currency"]],
    [{ phone_number: "+233241234567" }, ["phone_number"]],
    [{ phone_number: "024 123 4567" }, ["phone_number"]],
    [{ provider: "MTN" }, ["provider"]],
    [{ vouchers: null }, ["vouchers"]],
    [{ vouchers: "AB-12" }, ["vouchers"]],
    [{ vouchers: "A".repeat(33) }, ["vouchers"]],
    [{ description: 5 }, ["description"]],
    [{ description: "d".repeat(256) }, ["description"]],
    [{ amount: "x", provider: "orange", phone_number: 241234567 }, ["amount", "phone_number", "provider"]],
  ])("422 for %j names %j", async (overrides, fields) => {
    const error = await expectError(
      await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody("0240000001", overrides) })),
      422,
      "invalid_fields",
    );
    expect(Object.keys(error.fields!).sort()).toEqual(fields);
    expect(sandboxStore().charges.size).toBe(0);
  });

  test("the edges that are allowed", async () => {
    for (const overrides of [
      { amount: 1_000_000 },
      { amount: 0.01 },
      { amount: 1500, currency: "UGX" },
      { vouchers: "A".repeat(32) },
      { description: "d".repeat(255) },
    ]) {
      expect((await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody("0240000001", overrides) }))).status).toBe(200);
    }
  });
});

describe("rate limit", () => {
  test(`request ${SANDBOX_RATE_LIMIT_PER_MINUTE + 1} within a minute gets 429 with Retry-After; a minute later it passes`, async () => {
    vi.useFakeTimers({ now: new Date("2025-06-01T12:00:00Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
    for (let i = 1; i <= SANDBOX_RATE_LIMIT_PER_MINUTE; i++) {
      const response = await sandboxUser(sandboxRequest("/v1/user"));
      if (response.status !== 200) expect(`request ${i}: ${response.status}`).toBe(`request ${i}: 200`);
    }
    vi.advanceTimersByTime(20_000);
    const limited = await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody() }));
    await expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBe("40");
    expect(sandboxStore().charges.size).toBe(0);

    vi.advanceTimersByTime(40_000);
    expect((await sandboxUser(sandboxRequest("/v1/user"))).status).toBe(200);
  });

  test("the counter is per process state and starts fresh after a reset", async () => {
    const body = await (await sandboxUser(sandboxRequest("/v1/user"))).json();
    expect(body.rate_limit).toEqual({ requests_per_minute: SANDBOX_RATE_LIMIT_PER_MINUTE, remaining: SANDBOX_RATE_LIMIT_PER_MINUTE - 1 });
    const again = await (await sandboxUser(sandboxRequest("/v1/user"))).json();
    expect(again.rate_limit.remaining).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 2);
  });

  test("unknown keys do not use up the real key's budget", async () => {
    for (let i = 0; i < 5; i++) await sandboxUser(sandboxRequest("/v1/user", { key: "sk_test_wrong" }));
    const body = await (await sandboxUser(sandboxRequest("/v1/user"))).json();
    expect(body.rate_limit.remaining).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 1);
  });
});

/** A sandbox request carrying this caller token (the dashboard's own calls carry the real one). */
function withCaller(request: Request, token: string = sandboxCallerToken()): Request {
  request.headers.set(SANDBOX_CALLER_HEADER, token);
  return request;
}

async function useUp(makeRequest: () => Request) {
  for (let i = 1; i <= SANDBOX_RATE_LIMIT_PER_MINUTE; i++) {
    const response = await sandboxUser(makeRequest());
    if (response.status !== 200) expect(`request ${i}: ${response.status}`).toBe(`request ${i}: 200`);
  }
}

describe("the dashboard's own calls are counted apart", () => {
  test("others using up their minute do not stop the dashboard's charges", async () => {
    await useUp(() => sandboxRequest("/v1/user"));
    await expectError(await sandboxUser(sandboxRequest("/v1/user")), 429, "rate_limited");
    await expectError(await sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody() })), 429, "rate_limited");

    expect((await sandboxCharge(withCaller(sandboxRequest(CHARGE_PATH, { body: chargeBody() })))).status).toBe(200);
    const user = await sandboxUser(withCaller(sandboxRequest("/v1/user")));
    expect(user.status).toBe(200);
    expect((await user.json()).rate_limit.remaining).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 2);
  });

  test.each([
    ["a wrong token", "x".repeat(43)],
    ["a prefix of the token", sandboxCallerToken().slice(0, 20)],
    ["an empty header", ""],
  ])("%s counts as anyone else", async (_name, token) => {
    await useUp(() => sandboxRequest("/v1/user"));
    await expectError(await sandboxUser(withCaller(sandboxRequest("/v1/user"), token)), 429, "rate_limited");
  });

  test("the dashboard's bucket has its own limit and leaves the others' untouched", async () => {
    await useUp(() => withCaller(sandboxRequest("/v1/user")));
    await expectError(await sandboxUser(withCaller(sandboxRequest("/v1/user"))), 429, "rate_limited");
    const other = await sandboxUser(sandboxRequest("/v1/user"));
    expect((await other.json()).rate_limit.remaining).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 1);
  });
});

describe("upstreamConfig's sandbox caller token", () => {
  // lib/env.ts parses the environment once per module instance: a fresh one per case.
  async function configWith(vars: Record<string, string>) {
    for (const name of ["MOMO_BASE_URL", "MOMO_API_KEY"]) vi.stubEnv(name, vars[name] ?? "");
    vi.resetModules();
    return (await import("@/lib/env")).upstreamConfig();
  }

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  test("with the bundled sandbox: this process's token, which the sandbox takes as the dashboard's", async () => {
    const config = await configWith({});
    expect(config.sandbox).toBe(true);
    // 32 random bytes, and the same token from another copy of the module (one per route bundle)
    expect(config.sandboxCaller).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(config.sandboxCaller).toBe(sandboxCallerToken());
    await useUp(() => sandboxRequest("/v1/user"));
    expect((await sandboxUser(withCaller(sandboxRequest("/v1/user"), config.sandboxCaller))).status).toBe(200);
  });

  test("with MOMO_BASE_URL: no token at all, so a real upstream never receives it", async () => {
    const config = await configWith({ MOMO_BASE_URL: "https://api.example.com", MOMO_API_KEY: "sk_live_merchant_0042" });
    expect(config.sandbox).toBe(false);
    expect("sandboxCaller" in config).toBe(false);
    expect(JSON.stringify(config)).not.toContain(sandboxCallerToken());
  });
});
