// The sandbox's 0240000007: a USSD prompt the customer never answers, for the reconciliation queue.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { sandboxCharge, sandboxChargeStatus } from "@/lib/sandbox/handlers";
import { CHARGE_PATH, chargeBody, resetSandbox, sandboxRequest } from "../support/sandbox";

beforeEach(resetSandbox);
afterEach(() => {
  vi.restoreAllMocks();
  resetSandbox();
});

const charge = (phone: string) => sandboxCharge(sandboxRequest(CHARGE_PATH, { body: chargeBody(phone) }));
const lookup = (reference: string) => sandboxChargeStatus(sandboxRequest(`${CHARGE_PATH}/${encodeURIComponent(reference)}`), reference);

test("0240000007: 202 pending, and a customer who never answers leaves it pending however long the lookups go on", async () => {
  const t0 = Date.now();
  const now = vi.spyOn(Date, "now").mockReturnValue(t0);
  const response = await charge("0240000007");
  expect(response.status).toBe(202);
  const body = await response.json();
  expect(body).toMatchObject({ status: "pending", message: expect.stringMatching(/USSD prompt/) });
  now.mockReturnValue(t0 + 5 * 3_600_000);
  expect(await (await lookup(body.transaction_reference)).json()).toMatchObject({ status: "pending" });
});
