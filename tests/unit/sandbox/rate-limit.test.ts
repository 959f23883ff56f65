// The sandbox's per-key rate limit, called directly with fetch Requests, and the dashboard's own
// bucket: its calls, known by a caller token only this process holds, are counted apart.
import { afterEach, describe, expect, test, vi } from "vitest";
import { bundledSandbox } from "@/lib/sandbox/bundled";
import { SANDBOX_CALLER_HEADER, sandboxCallerToken } from "@/lib/sandbox/caller";
import { sandboxCharge, sandboxUser } from "@/lib/sandbox/handlers";
import { SANDBOX_RATE_LIMIT_PER_MINUTE, sandboxStore } from "@/lib/sandbox/store";
import { CHARGE_PATH, chargeBody, expectError, freshSandboxPerTest, sandboxRequest } from "../support/sandbox";

freshSandboxPerTest();

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
  // lib/env.ts parses the environment once per module instance: a fresh one per case. Start-up
  // plugs the sandbox in (lib/startup.ts); it lives on globalThis, so every fresh module sees it.
  async function configWith(vars: Record<string, string>, plugIn = true) {
    for (const name of ["MOMO_BASE_URL", "MOMO_API_KEY"]) vi.stubEnv(name, vars[name] ?? "");
    vi.resetModules();
    const config = await import("@/lib/momo/config");
    if (plugIn) config.plugInBundledUpstream(bundledSandbox);
    return config.upstreamConfig();
  }

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  test("with the bundled sandbox: this process's token, which the sandbox takes as the dashboard's", async () => {
    const config = await configWith({});
    expect(config.sandbox).toBe(true);
    // 32 random bytes, and the same token from another copy of the module (one per route bundle)
    const token = config.headers?.[SANDBOX_CALLER_HEADER];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).toBe(sandboxCallerToken());
    await useUp(() => sandboxRequest("/v1/user"));
    expect((await sandboxUser(withCaller(sandboxRequest("/v1/user"), token))).status).toBe(200);
  });

  test("with no MOMO_BASE_URL and no sandbox plugged in, no upstream at all: a start without one fails loudly", async () => {
    const BUNDLED = Symbol.for("momo-dashboard.bundled-upstream");
    const holder = globalThis as { [BUNDLED]?: unknown };
    const plugged = holder[BUNDLED];
    delete holder[BUNDLED];
    try {
      await expect(configWith({}, false)).rejects.toThrow(/MOMO_BASE_URL is not set and the bundled sandbox was not plugged in/);
    } finally {
      holder[BUNDLED] = plugged;
    }
  });

  test("with MOMO_BASE_URL: no token at all, so a real upstream never receives it", async () => {
    const config = await configWith({ MOMO_BASE_URL: "https://api.example.com", MOMO_API_KEY: "sk_live_merchant_0042" });
    expect(config.sandbox).toBe(false);
    expect("headers" in config).toBe(false);
    expect(JSON.stringify(config)).not.toContain(sandboxCallerToken());
  });
});
