// The sandbox's gatekeeping, called directly with fetch Requests: auth, media type, JSON and
// field validation.
import { describe, expect, test } from "vitest";
import { sandboxCharge, sandboxChargeStatus, sandboxUser } from "@/lib/sandbox/handlers";
import { sandboxStore } from "@/lib/sandbox/store";
import { CHARGE_PATH, chargeBody, expectError, freshSandboxPerTest, sandboxRequest } from "../support/sandbox";

freshSandboxPerTest();

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
