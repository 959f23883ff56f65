// Anonymous traffic to the bundled sandbox cannot stop the dashboard's charging: anyone may use
// the published test key, but the sandbox counts the dashboard's own calls apart from theirs
// (docs/user-guide.md, "The bundled sandbox"), so their 429s are theirs alone. Through the app's
// route handlers on each database (../support/route-harness.ts): the strangers call the sandbox's
// routes with no session, while the dashboard's charge reaches the same routes over HTTP, as it
// does in a server.
import { describe, expect, test } from "vitest";
import { SANDBOX_API_KEY } from "@/lib/sandbox/keys";
import { inParallel } from "../../support/in-parallel";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";

const PASSWORD = "anonymous-traffic-password-0123";
const json = { "content-type": "application/json" };

describe.each(backends)("anonymous sandbox traffic, on $name", (backend) => {
  const app = useRouteHarness(backend);

  test("1,100 anonymous calls with the test key use up their own limit, not the dashboard's", async () => {
    await app.addMember("staff@anonymous.test", "staff", PASSWORD);
    const staff = (await app.signIn("staff@anonymous.test", PASSWORD)).client;
    const anonymous = app.client("203.0.113.7");
    const body = { amount: 1, currency: "GHS", phone_number: "0240000001", provider: "mtn", vouchers: "", description: "anonymous" };
    const statuses = await inParallel(1_100, 20, async () => {
      const res = await anonymous.fetch("/sandbox/v1/payments/momo/charge", {
        method: "POST",
        body,
        headers: { ...json, authorization: `Bearer ${SANDBOX_API_KEY}` },
      });
      return res.status;
    });
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

    const made = await staff.fetch("/api/charges", {
      method: "POST",
      body: {
        amount: "1.00",
        currency: "GHS",
        phoneNumber: "0240000001",
        provider: "mtn",
        vouchers: "",
        description: "after anonymous traffic",
      },
      headers: { ...json, "idempotency-key": "anonymous_traffic_after_0123456789" },
    });
    expect(made.status).toBe(201);
    expect((await made.json()).charge.status).toBe("success");
    const { budget } = (await (await staff.fetch("/api/budget")).json()) as { budget: { pausedForMs: number } };
    expect(budget.pausedForMs).toBe(0);
  }, 120_000);
});
