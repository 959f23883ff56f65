// Anonymous traffic to the bundled sandbox cannot stop the dashboard's charging: anyone may use
// the published test key, but the sandbox counts the dashboard's own calls apart from theirs
// (docs/user-guide.md, "The bundled sandbox"), so their 429s are theirs alone.
import { expect, request, test } from "@playwright/test";
import { SANDBOX_API_KEY } from "../../lib/sandbox/keys";
import { apiAs, chargeVia } from "./support/api";
import { inParallel } from "./support/attack";
import { local } from "./support/ports";

const SANDBOX = local(3210);

test("1,100 anonymous calls with the test key use up their own limit, not the dashboard's", async () => {
  test.setTimeout(120_000);
  const anonymous = await request.newContext({ baseURL: SANDBOX });
  const body = { amount: 1, currency: "GHS", phone_number: "0240000001", provider: "mtn", vouchers: "", description: "anonymous" };
  const statuses = await inParallel(1_100, 20, () =>
    anonymous
      .post("/sandbox/v1/payments/momo/charge", { data: body, headers: { Authorization: `Bearer ${SANDBOX_API_KEY}` } })
      .then((r) => r.status()),
  );
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100);
  expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  await anonymous.dispose();

  const staff = await apiAs("staff", SANDBOX);
  const c = await chargeVia(staff, { amount: "1.00", phone: "0240000001", description: "after anonymous traffic" });
  expect(c.status).toBe("success");
  const { budget } = await (await staff.get("/api/budget")).json();
  expect(budget.pausedForMs).toBe(0);
  await staff.dispose();
});
