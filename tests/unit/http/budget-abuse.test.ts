// A staff member spending the outbound budget on submissions that never leave (docs/security.md):
// 1,000 of them, 25 at a time — a NUL, a lone surrogate, a negative amount, a malformed
// Idempotency-Key, JSON cut short, a 20,000-character description — through the app's route
// handlers on each database (../support/route-harness.ts). Each is refused with a 4xx, and the
// budget and the ledger are as they were. No page is involved: the route handlers are the whole
// of it, on both databases in one process rather than a server of its own per pass.
import { describe, expect, test } from "vitest";
import { inParallel } from "../../support/in-parallel";
import { backends } from "../support/db";
import { ledgerIds } from "../support/fuzz";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "budget-abuse-password-0123";

const body = (over: Record<string, string> = {}) => ({
  amount: "3.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "budget abuse",
  ...over,
});

describe.each(backends)("submissions that never leave, on $name", (backend) => {
  const app = useRouteHarness(backend);

  test("1,000 of them keep the budget where it was, and the ledger", async () => {
    await app.addMember("owner@abuse.test", "owner", PASSWORD);
    await app.addMember("staff@abuse.test", "staff", PASSWORD);
    const owner = (await app.signIn("owner@abuse.test", PASSWORD)).client;
    const staff = (await app.signIn("staff@abuse.test", PASSWORD)).client;
    const post = (client: Client, sent: unknown, key: string) =>
      client.fetch("/api/charges", { method: "POST", body: sent, headers: { "content-type": "application/json", "idempotency-key": key } });
    const budget = async () => ((await (await staff.fetch("/api/budget")).json()) as { budget: { used: number; left: number } }).budget;

    // One charge that leaves, so that "as it was" compares a budget in use and a ledger with a row.
    expect((await post(staff, body(), "abuse_made_0123456789")).status).toBe(201);
    const ledger = await ledgerIds(owner);
    const before = await budget();
    expect(before.used).toBeGreaterThan(0);

    const bad: ((i: number) => Promise<Response>)[] = [
      (i) => post(staff, body({ description: `nul\u0000${i}` }), `abuse_nul_${i}_0123456789`),
      (i) => post(staff, body({ description: `half \ud800 ${i}` }), `abuse_sur_${i}_0123456789`),
      (i) => post(staff, body({ amount: "-5" }), `abuse_neg_${i}_0123456789`),
      (i) => post(staff, body(), `bad key ${i}`),
      (i) => post(staff, `{"amount":`, `abuse_json_${i}_0123456789`),
      (i) => post(staff, body({ description: "x".repeat(20_000) }), `abuse_big_${i}_0123456789`),
    ];
    const statuses = await inParallel(1_000, 25, async (i) => (await bad[i % bad.length](i)).status);
    expect([...new Set(statuses)].sort()).toEqual([400, 413, 422]);
    expect(await budget()).toMatchObject({ used: before.used, left: before.left });
    expect(await ledgerIds(owner)).toEqual(ledger);
  }, 120_000);
});
