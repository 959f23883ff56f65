// The sandbox's test numbers, its references, its status lookup and its user record.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SANDBOX_CALLER_HEADER, sandboxCallerToken } from "@/lib/sandbox/caller";
import { sandboxCharge, sandboxChargeStatus, sandboxUser } from "@/lib/sandbox/handlers";
import { SETTLE_AFTER_MS, SLOW_ANSWER_MS, TEST_NUMBERS } from "@/lib/market/test-numbers";
import { keepCharge, SANDBOX_MAX_CHARGES, SANDBOX_RATE_LIMIT_PER_MINUTE, sandboxStore, type SandboxCharge } from "@/lib/sandbox/store";
import { CHARGE_PATH, chargeBody, resetSandbox, sandboxRequest } from "../support/sandbox";

beforeEach(resetSandbox);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetSandbox();
});

const charge = (phone: string, overrides = {}) => sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody(phone, overrides) }));
const lookup = (reference: string) => sandboxChargeStatus(sandboxRequest(`${CHARGE_PATH}/${encodeURIComponent(reference)}`), reference);

describe("test numbers", () => {
  test("every number in the table has its scenario", () => {
    expect(TEST_NUMBERS.map((t) => t.phone).sort()).toEqual([
      "0240000001",
      "0240000002",
      "0240000003",
      "0240000004",
      "0240000005",
      "0240000006",
      "0240000007",
    ]);
  });

  test("0240000001 and any other number: instant success, 200", async () => {
    for (const phone of ["0240000001", "0551234567"]) {
      const response = await charge(phone);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: "success",
        transaction_reference: expect.stringMatching(/^TXN-MOMO-\d+$/),
        message: "The charge completed instantly and was auto-authorized.",
      });
    }
  });

  test.each([
    ["0240000002", "success", "The customer approved the charge on their phone."],
    ["0240000003", "failed", "The customer declined the charge on their phone."],
  ])("%s: 202 pending, settled to %s through the status lookup after SETTLE_AFTER_MS", async (phone, settled, message) => {
    const t0 = Date.now();
    const now = vi.spyOn(Date, "now").mockReturnValue(t0);
    const response = await charge(phone);
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toMatchObject({ status: "pending", message: expect.stringMatching(/USSD prompt/) });

    now.mockReturnValue(t0 + SETTLE_AFTER_MS - 1);
    const early = await lookup(body.transaction_reference);
    expect(early.status).toBe(200);
    expect(await early.json()).toMatchObject({ status: "pending", transaction_reference: body.transaction_reference });

    now.mockReturnValue(t0 + SETTLE_AFTER_MS);
    const late = await lookup(body.transaction_reference);
    expect(await late.json()).toEqual({
      status: settled,
      transaction_reference: body.transaction_reference,
      message,
      amount: 25.5,
      currency: "GHS",
      phone_number: phone,
      provider: "mtn",
      created_at: new Date(t0).toISOString(),
    });
  });

  test("0240000004: fails with insufficient funds (200, status failed), and stays failed", async () => {
    const response = await charge("0240000004");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "failed", message: "Insufficient funds in the customer's wallet." });
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10 * SETTLE_AFTER_MS);
    expect(await (await lookup(body.transaction_reference)).json()).toMatchObject({ status: "failed" });
  });

  test("0240000005: the money moves at once, the answer comes after SLOW_ANSWER_MS", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let answered: Response | null = null;
    const pending = charge("0240000005").then((r) => (answered = r));
    for (let i = 0; i < 50 && sandboxStore().charges.size === 0; i++) await vi.advanceTimersByTimeAsync(0);
    const [stored] = [...sandboxStore().charges.values()];
    expect(stored).toBeDefined();
    expect(await (await lookup(stored.reference)).json()).toMatchObject({ status: "success" });

    await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 1);
    expect(answered).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(answered!.status).toBe(200);
    expect(await answered!.json()).toMatchObject({ status: "success", transaction_reference: stored.reference });
  });

  test("0240000006: HTTP 500 and nothing is charged", async () => {
    const response = await charge("0240000006");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      error: { code: "internal_error", message: expect.stringMatching(/Nothing was charged/) },
    });
    expect(sandboxStore().charges.size).toBe(0);
  });
});

describe("references and lookup", () => {
  test("every charge gets its own TXN-MOMO-<digits> reference", async () => {
    const references = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const { transaction_reference } = await (await charge(i % 2 ? "0240000001" : "0240000002")).json();
      expect(transaction_reference).toMatch(/^TXN-MOMO-\d+$/);
      references.add(transaction_reference);
    }
    expect(references.size).toBe(50);
  });

  test("references stay unique after the sandbox's memory is lost (a restart a second later)", async () => {
    const t0 = Date.now();
    const now = vi.spyOn(Date, "now").mockReturnValue(t0);
    const before = new Set<string>();
    for (let i = 0; i < 100; i++) before.add((await (await charge("0240000001")).json()).transaction_reference);
    resetSandbox();
    now.mockReturnValue(t0 + 1_000);
    const after = (await (await charge("0240000001")).json()).transaction_reference;
    expect(before.size).toBe(100);
    expect(before.has(after)).toBe(false);
  });

  test("the lookup answers 404 for an unknown reference", async () => {
    const response = await lookup("TXN-MOMO-999");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "No charge TXN-MOMO-999." } });
  });

  test("beyond maxCharges the oldest charges are forgotten: their lookups answer 404", async () => {
    sandboxStore().maxCharges = 10;
    const references: string[] = [];
    for (let i = 0; i < 25; i++) references.push((await (await charge("0240000001")).json()).transaction_reference);
    expect([...sandboxStore().charges.keys()]).toEqual(references.slice(-10));
    expect((await lookup(references[14])).status).toBe(404);
    expect((await lookup(references[15])).status).toBe(200);
  });

  test(`by default at most ${SANDBOX_MAX_CHARGES} charges are kept`, () => {
    const store = sandboxStore();
    const template = {
      apiKey: "k",
      createdAt: 0,
      finalStatus: "success",
      message: "",
      request: {},
      scenario: {},
    } as unknown as SandboxCharge;
    for (let i = 0; i <= SANDBOX_MAX_CHARGES; i++) keepCharge(store, { ...template, reference: `TXN-MOMO-${i}` });
    expect(store.charges.size).toBe(SANDBOX_MAX_CHARGES);
    expect(store.charges.has("TXN-MOMO-0")).toBe(false);
    expect(store.charges.has(`TXN-MOMO-${SANDBOX_MAX_CHARGES}`)).toBe(true);
  });

  test("the lookup of an instant charge says success with the stored request", async () => {
    const { transaction_reference } = await (await charge("0240000001", { amount: 12, currency: "UGX", provider: "airteltigo" })).json();
    const response = await lookup(transaction_reference);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "success",
      amount: 12,
      currency: "UGX",
      provider: "airteltigo",
      phone_number: "0240000001",
    });
  });
});

test("GET /v1/user returns the account record", async () => {
  const response = await sandboxUser(sandboxRequest("/v1/user"));
  expect(response.status).toBe(200);
  const user = await response.json();
  expect(user).toMatchObject({
    id: expect.any(String),
    environment: "test",
    status: "active",
    default_currency: "GHS",
    providers: ["mtn", "vodafone", "airteltigo"],
  });
  expect(user.rate_limit.requests_per_minute).toBe(1000);
  expect(JSON.stringify(user)).not.toContain("sk_test");
});

test("GET /v1/user's remaining counts the caller's own bucket", async () => {
  const remaining = async (request: Request) => (await (await sandboxUser(request)).json()).rate_limit.remaining;
  for (let i = 0; i < 3; i++) await sandboxUser(sandboxRequest("/v1/user"));
  const own = sandboxRequest("/v1/user");
  own.headers.set(SANDBOX_CALLER_HEADER, sandboxCallerToken());
  expect(await remaining(own)).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 1);
  expect(await remaining(sandboxRequest("/v1/user"))).toBe(SANDBOX_RATE_LIMIT_PER_MINUTE - 4);
});
