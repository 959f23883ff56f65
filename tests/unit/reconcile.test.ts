// Support settling unclear charges, on a real database with a real Better Auth member, and the
// sandbox (or a server that answers oddly) over real HTTP: check again, or resolve by hand.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create-charge";
import { getCharge, insertChargeOnce, listEvents } from "@/lib/charges/ledger";
import { checkByHand, resolveByHand } from "@/lib/charges/reconcile";
import { listNeedingAttention } from "@/lib/charges/reconcile-ledger";
import { resolutionSchema } from "@/lib/charges/reconcile-schema";
import { charges } from "@/lib/db/schema";
import { apiError, auditRows, makeMember, useAuth, type TestMember } from "./support/auth";
import { chargeInput, clientFor, newKey } from "./support/charge";
import { backends } from "./support/db";
import { sendJson, startServer, type TestServer } from "./support/http-server";
import { forwardToSandbox, resetSandbox } from "./support/sandbox";

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

describe.each(backends)("reconciliation on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  let upstream: TestServer;
  let support: TestMember;
  beforeAll(async () => {
    upstream = await startServer();
  });
  afterAll(() => upstream.close());
  beforeEach(async () => {
    resetSandbox();
    upstream.received.length = 0;
    upstream.handle(forwardToSandbox);
    support = await makeMember(auth(), "esi@example.com", "support");
  });

  const deps = () => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs: 500 }) });
  const charge = async (phone: string) => (await createCharge(deps(), chargeInput({ phoneNumber: phone }), newKey())).charge;
  /** `unknown` with a reference: the upstream answered 200 with a status word we do not know. */
  async function unknownWithReference(reference = "TXN-MOMO-777") {
    upstream.handle((_req, res) => sendJson(res, 200, { status: "queued", transaction_reference: reference }));
    const row = await charge("0240000001");
    expect(row).toMatchObject({ status: "unknown", outcomeCode: "unreadable_response", reference });
    return row;
  }
  const lookups = () => upstream.received.filter((r) => r.method === "GET");
  const auditsOf = async (action: string) => (await auditRows(db())).filter((r) => r.action === action);

  test("checkByHand: an unknown charge without a reference → 409 no_reference, nothing asked", async () => {
    const row = await charge("0240000006"); // HTTP 500: unknown, no reference
    expect(row).toMatchObject({ status: "unknown", reference: null });
    expect(await apiError(checkByHand(deps(), row.id, support))).toMatchObject({ status: 409, code: "no_reference" });
    expect(lookups()).toHaveLength(0);
    expect(await auditsOf("charge_status_checked")).toEqual([]);
  });

  test("checkByHand: a settled charge → 409 not_open; an unknown id → 404", async () => {
    const row = await charge("0240000001");
    expect(await apiError(checkByHand(deps(), row.id, support))).toMatchObject({
      status: 409,
      code: "not_open",
      message: "This charge is already success.",
    });
    expect(await apiError(checkByHand(deps(), NO_SUCH_ID, support))).toMatchObject({ status: 404, code: "not_found" });
    expect(lookups()).toHaveLength(0);
  });

  test("checkByHand: an unknown charge with a reference settles from the lookup, with actor and audit", async () => {
    const row = await unknownWithReference();
    upstream.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-777", message: "Paid." }));
    const result = await checkByHand(deps(), row.id, support);
    expect(result).toMatchObject({
      checked: true,
      charge: { id: row.id, status: "success", message: "Paid.", settledAt: expect.any(Date) },
    });
    expect(lookups().map((r) => r.url)).toEqual(["/v1/payments/momo/charge/TXN-MOMO-777"]);
    expect(await getCharge(db(), row.id)).toMatchObject({ status: "success", outcomeCode: null, upstreamHttpStatus: 200 });
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: "success",
      actor: support.id,
      detail: { answered: true },
    });
    expect(await auditsOf("charge_status_checked")).toMatchObject([
      { actorId: support.id, actorEmail: support.email, targetId: row.id, detail: { status: "success", answer: "Paid." } },
    ]);
  });

  test("checkByHand overrides the viewers' throttle, not a lookup made this second", async () => {
    const row = await charge("0240000002"); // pending
    await db().update(charges).set({ lastCheckedAt: sql`now() - interval '1500 milliseconds'` }); // inside the 2 s viewer throttle
    expect(await checkByHand(deps(), row.id, support)).toMatchObject({ checked: true, charge: { status: "pending" } });
    expect(await checkByHand(deps(), row.id, support)).toMatchObject({ checked: false, charge: { status: "pending" } });
    expect(lookups()).toHaveLength(1);
    expect(await auditsOf("charge_status_checked")).toHaveLength(1); // only a lookup that was sent is audited
  });

  test("checkByHand: a lookup that fails leaves the charge as it was", async () => {
    const row = await unknownWithReference();
    upstream.handle((_req, res) => sendJson(res, 503, { error: { message: "down" } }));
    const result = await checkByHand(deps(), row.id, support);
    expect(result).toMatchObject({ checked: true, charge: { status: "unknown", outcomeCode: "unreadable_response", settledAt: null } });
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "status_checked",
      status: null,
      actor: support.id,
      detail: { answered: false },
    });
  });

  test.each([
    ["0240000006", "unknown", "failed"],
    ["0240000002", "pending", "success"],
  ] as const)("resolveByHand settles a %s (%s) charge as %s, with actor, note and audit", async (phone, from, outcome) => {
    const row = await charge(phone);
    expect(row.status).toBe(from);
    const note = "  Checked the wallet statement  ";
    const resolved = await resolveByHand(db(), row.id, support, resolutionSchema.parse({ outcome, note }));
    expect(resolved).toMatchObject({
      id: row.id,
      status: outcome,
      outcomeCode: "reconciled",
      message: "Resolved by hand: Checked the wallet statement",
      settledAt: expect.any(Date),
    });
    expect(await getCharge(db(), row.id)).toEqual(resolved);
    expect((await listEvents(db(), row.id)).at(-1)).toMatchObject({
      type: "reconciled",
      status: outcome,
      actor: support.id,
      detail: { from, note: "Checked the wallet statement" },
    });
    expect(await auditsOf("charge_reconciled")).toMatchObject([
      {
        actorId: support.id,
        actorEmail: support.email,
        targetId: row.id,
        detail: { from, to: outcome, note: "Checked the wallet statement" },
      },
    ]);

    // Once settled, it stays settled.
    const again = await apiError(resolveByHand(db(), row.id, support, { outcome: "success", note: "second go" }));
    expect(again).toMatchObject({ status: 409, code: "not_open" });
    expect(again.message).toContain(`already ${outcome}`);
    expect(await getCharge(db(), row.id)).toEqual(resolved);
    expect(await auditsOf("charge_reconciled")).toHaveLength(1);
  });

  test("resolveByHand: unknown id → 404; a settled charge → 409; two at once → one wins", async () => {
    expect(await apiError(resolveByHand(db(), NO_SUCH_ID, support, { outcome: "failed", note: "no such" }))).toMatchObject({
      status: 404,
      code: "not_found",
    });
    const settled = await charge("0240000001");
    expect(await apiError(resolveByHand(db(), settled.id, support, { outcome: "failed", note: "wrong one" }))).toMatchObject({
      status: 409,
      code: "not_open",
    });
    expect(await getCharge(db(), settled.id)).toMatchObject({ status: "success", outcomeCode: null });

    const open = await charge("0240000006");
    const results = await Promise.allSettled(
      (["failed", "success"] as const).map((outcome) => resolveByHand(db(), open.id, support, { outcome, note: `I say ${outcome}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409, code: "not_open" } });
    expect((await listEvents(db(), open.id)).filter((e) => e.type === "reconciled")).toHaveLength(1);
  });

  test("resolutionSchema requires an outcome and a note of 5+ characters", () => {
    const problems = (value: unknown) => {
      const r = resolutionSchema.safeParse(value);
      return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(resolutionSchema.parse({ outcome: "failed", note: " Wallet shows no debit " })).toEqual({
      outcome: "failed",
      note: "Wallet shows no debit",
    });
    expect(problems({ note: "Wallet shows no debit" })).toEqual({ outcome: "Choose whether the customer was charged" });
    expect(problems({ outcome: "pending", note: "Wallet shows no debit" })).toEqual({ outcome: "Choose whether the customer was charged" });
    expect(problems({ outcome: "success", note: "  abcd  " })).toEqual({
      note: "Write a note of at least 5 characters: what did you check?",
    });
    expect(problems({ outcome: "success" })).toHaveProperty("note");
    expect(problems({ outcome: "success", note: "x".repeat(501) })).toEqual({ note: "Keep the note to 500 characters" });
    expect(problems({ outcome: "success", note: "abcde" })).toBeNull();
  });

  test("listNeedingAttention: unknown, and pending older than the threshold, newest first", async () => {
    const row = async (status: "submitting" | "pending" | "unknown" | "success" | "failed", minutesAgo: number) => {
      const { charge } = await insertChargeOnce(db(), {
        idempotencyKey: newKey(),
        requestHash: "h",
        amountMinor: 100,
        currency: "GHS",
        phoneNumber: "0241234567",
        provider: "mtn",
        status,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      return charge.id;
    };
    const [freshUnknown, oldPending, olderUnknown] = [await row("unknown", 0), await row("pending", 20), await row("unknown", 60)];
    await row("pending", 1); // fresh: the result view is still watching it
    for (const status of ["success", "failed", "submitting"] as const) await row(status, 30); // settled, or recoverInterrupted's job
    expect((await listNeedingAttention(db(), 10 * 60_000)).map((c) => c.id)).toEqual([freshUnknown, oldPending, olderUnknown]);
    expect((await listNeedingAttention(db(), 30 * 60_000)).map((c) => c.id)).toEqual([freshUnknown, olderUnknown]);
    expect((await listNeedingAttention(db(), 10 * 60_000, 1)).map((c) => c.id)).toEqual([freshUnknown]);
  });
});
