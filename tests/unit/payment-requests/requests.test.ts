// Payment requests on a real database: made, listed, paused, resumed and cancelled by who may;
// their links unguessable and unique; each change audited without the description, the reference
// or a number; and the database's own guard that a link paid once has one live attempt at most.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import { auditEvents, charges, customers, paymentRequests, user } from "@/lib/db/schema";
import { controlPaymentRequest, createPaymentRequest, paymentRequestDetail, paymentRequestsPage } from "@/lib/payment-requests/requests";
import { paymentRequestSchema, type PaymentRequestFormValues } from "@/lib/payment-requests/schema";
import type { Asker, Member } from "@/lib/access/types";
import { asProblem } from "../support/auth";
import { backends, useLedger } from "../support/db";
import { plantCharge } from "../support/ledger";
import { addCharge, memberRow } from "../support/rows";
import { askerOf } from "../support/asker";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
const staff: Member = { id: "staff-1", email: "staff@example.test", name: "Staff", role: "staff" };
const staff2: Member = { id: "staff-2", email: "staff2@example.test", name: "Other staff", role: "staff" };
const support: Member = { id: "support-1", email: "support@example.test", name: "Support", role: "support" };

const form = (over: Partial<PaymentRequestFormValues> = {}) =>
  paymentRequestSchema.parse({ amount: "25.00", currency: "GHS", description: "Order 1042: two bags of rice", ...over });

describe.each(backends)("payment requests on $name", (backend) => {
  const db = useLedger(backend);
  // Making and keeping a payment request never calls the upstream (askerOf's throws if asked).
  const as = (member: Member): Asker => askerOf(db(), member);
  const addMembers = (d: Db) => d.insert(user).values([owner, staff, staff2, support].map((m) => memberRow(m)));

  test("a request is made with an unguessable link, its amount in minor units, and an audit entry without its words", async () => {
    await addMembers(db());
    const before = Date.now();
    const r = await createPaymentRequest(as(staff), form({ reference: "INV-1042", expiresInDays: "3" }));
    expect(r).toMatchObject({
      amount: { kind: "fixed", minor: 2500 },
      currency: "GHS",
      status: "active",
      reusable: false,
      maxPayments: null,
      reference: "INV-1042",
      createdBy: { id: staff.id, name: "Staff" },
      paid: 0,
      attempts: 0,
      may: { pause: true, resume: false, cancel: true },
    });
    expect(r.path).toMatch(/^\/pay\/[A-Za-z0-9_-]{24}$/);
    const expires = new Date(r.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, r.id));
    expect(entry).toMatchObject({ action: "payment_request_created", actorId: staff.id });
    expect(JSON.stringify(entry.detail)).not.toMatch(/rice|INV-1042/);
  });

  test("200 requests made at once have 200 different links of 144 random bits each", async () => {
    await addMembers(db());
    const made = await Promise.all(Array.from({ length: 200 }, () => createPaymentRequest(as(owner), form())));
    const tokens = made.map((r) => r.path.slice("/pay/".length));
    expect(new Set(tokens).size).toBe(200);
    // 24 base64url characters carry 144 bits: every character position takes many values.
    for (let i = 0; i < 24; i++) expect(new Set(tokens.map((t) => t[i])).size).toBeGreaterThan(20);
  });

  test("an open amount is a range; a request for a directory customer names them; a missing customer or currency is refused naming the field", async () => {
    await addMembers(db());
    const [c] = await db()
      .insert(customers)
      .values({ name: "Ama Mensah", phoneNumber: "0241234567", provider: "mtn", createdBy: owner.id })
      .returning();
    const open = await createPaymentRequest(
      as(owner),
      form({ amountKind: "open", amount: "", minAmount: "5", maxAmount: "1,000.50", customerId: c.id, reusable: true, maxPayments: "30" }),
    );
    expect(open).toMatchObject({
      amount: { kind: "open", min: 500, max: 100_050 },
      customer: { id: c.id, name: "Ama Mensah" },
      maxPayments: 30,
    });
    const missing = await createPaymentRequest(as(owner), form({ customerId: "00000000-0000-4000-8000-000000000000" })).catch((e) => e);
    expect(asProblem(missing)).toMatchObject({ status: 422, fields: { customerId: expect.stringContaining("No customer") } });
    const currency = await createPaymentRequest(as(owner), form({ currency: "USD" })).catch((e) => e);
    expect(asProblem(currency)).toMatchObject({ status: 422, fields: { currency: expect.any(String) } });
    expect(await db().select().from(paymentRequests)).toHaveLength(1);
  });

  test("pause, resume and cancel move a request only from where each applies, and each is audited", async () => {
    await addMembers(db());
    const r = await createPaymentRequest(as(staff), form());
    expect((await controlPaymentRequest(as(staff), r.id, "pause")).status).toBe("paused");
    expect(asProblem(await controlPaymentRequest(as(staff), r.id, "pause").catch((e) => e))).toMatchObject({
      status: 409,
      code: "request_state",
    });
    expect((await controlPaymentRequest(as(owner), r.id, "resume")).status).toBe("active");
    const cancelled = await controlPaymentRequest(as(staff), r.id, "cancel");
    expect(cancelled).toMatchObject({
      status: "cancelled",
      changedBy: { id: staff.id },
      may: { pause: false, resume: false, cancel: false },
    });
    for (const action of ["pause", "resume", "cancel"] as const) {
      expect(asProblem(await controlPaymentRequest(as(owner), r.id, action).catch((e) => e))).toMatchObject({ status: 409 });
    }
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.targetId, r.id)).orderBy(auditEvents.id)).map(
      (e) => e.action,
    );
    expect(actions).toEqual(["payment_request_created", "payment_request_paused", "payment_request_resumed", "payment_request_cancelled"]);
  });

  test("only an owner or the member who made a request controls it; support only reads; an unknown id is 404", async () => {
    await addMembers(db());
    const r = await createPaymentRequest(as(staff), form());
    for (const m of [staff2, support]) {
      expect(asProblem(await controlPaymentRequest(as(m), r.id, "cancel").catch((e) => e))).toMatchObject({ status: 403 });
    }
    expect((await paymentRequestDetail(as(support), r.id))?.request.may).toEqual({ pause: false, resume: false, cancel: false });
    expect((await paymentRequestDetail(as(staff2), r.id))?.request.status).toBe("active");
    expect(await paymentRequestDetail(as(owner), "00000000-0000-4000-8000-000000000000")).toBeNull();
    const unknown = await controlPaymentRequest(as(owner), "00000000-0000-4000-8000-000000000000", "pause").catch((e) => e);
    expect(asProblem(unknown)).toMatchObject({ status: 404 });
  });

  test("of 10 members pausing one request at once, one pauses it and 9 are told it changed", async () => {
    await addMembers(db());
    const r = await createPaymentRequest(as(owner), form());
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => controlPaymentRequest(as(owner), r.id, "pause")));
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    for (const x of results.filter((x) => x.status === "rejected"))
      expect(asProblem(x.reason)).toMatchObject({ status: 409, code: "request_state" });
    expect((await db().select().from(auditEvents).where(eq(auditEvents.action, "payment_request_paused"))).length).toBe(1);
  });

  test("a request is paid when its successful payments reach its maximum, expired when its time is up; a paid one cannot be paused", async () => {
    await addMembers(db());
    const once = await createPaymentRequest(as(owner), form());
    const attempt = (requestId: string, status: "success" | "failed" | "pending", slot: number | null, n: number) =>
      plantCharge(db(), {
        idempotencyKey: `pay-test-${requestId.slice(0, 8)}-${n}`,
        amountMinor: 2500,
        status,
        paymentRequestId: requestId,
        paymentSlot: slot,
      });
    await attempt(once.id, "failed", 1, 1);
    await attempt(once.id, "success", 1, 2);
    const detail = await paymentRequestDetail(as(staff), once.id);
    expect(detail?.request).toMatchObject({ status: "paid", paid: 1, collectedMinor: 2500, attempts: 2, open: 0 });
    // The attempt was made by nobody signed in: staff see its number masked, the owner whole.
    expect(detail?.attempts.map((a) => a.phoneNumber)).toEqual(["024 ••• ••67", "024 ••• ••67"]);
    expect((await paymentRequestDetail(as(owner), once.id))?.attempts[0].phoneNumber).toBe("0241234567");
    expect(asProblem(await controlPaymentRequest(as(owner), once.id, "pause").catch((e) => e))).toMatchObject({ status: 409 });

    const many = await createPaymentRequest(as(owner), form({ reusable: true, maxPayments: "2" }));
    await attempt(many.id, "success", 1, 1);
    await attempt(many.id, "pending", 2, 2);
    expect((await paymentRequestDetail(as(owner), many.id))?.request).toMatchObject({ status: "active", paid: 1, open: 1 });

    const old = await createPaymentRequest(as(owner), form());
    await db()
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, old.id));
    expect((await paymentRequestDetail(as(owner), old.id))?.request.status).toBe("expired");
    expect(asProblem(await controlPaymentRequest(as(owner), old.id, "cancel").catch((e) => e))).toMatchObject({ status: 409 });
  });

  test("the database lets one attempt at a time hold a request's slot unless it failed, on any connection", async () => {
    await addMembers(db());
    const r = await createPaymentRequest(as(owner), form());
    const attempt = (n: number) =>
      addCharge(db(), { idempotencyKey: `slot-test-${n}-000000`, amountMinor: 2500, paymentRequestId: r.id, paymentSlot: 1 });
    const first = await attempt(1);
    // Ten at once, while the first is in flight: every one refused by the unique index.
    const racing = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => attempt(10 + i)));
    expect(racing.every((x) => x.status === "rejected")).toBe(true);
    await db().update(charges).set({ status: "failed" }).where(eq(charges.id, first.id));
    // Once it failed, the slot is free again, for one attempt.
    const after = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => attempt(30 + i)));
    expect(after.filter((x) => x.status === "fulfilled")).toHaveLength(1);
  });

  test("the list is newest first, 25 a page, with the cursor of the last one shown (lib/cursor.ts); a bad cursor names the field", async () => {
    await addMembers(db());
    for (let i = 0; i < 27; i++) await createPaymentRequest(as(staff), form({ reference: `R-${i}` }));
    const first = await paymentRequestsPage(as(support), null);
    expect(first.requests).toHaveLength(25);
    expect(first.requests[0].reference).toBe("R-26");
    const second = await paymentRequestsPage(as(support), first.next);
    expect(second.requests.map((r) => r.reference)).toEqual(["R-1", "R-0"]);
    expect(second.next).toBeNull();
    expect(asProblem(await paymentRequestsPage(as(owner), "nonsense").catch((e) => e))).toMatchObject({
      status: 422,
      fields: { before: expect.any(String) },
    });
  });
});

describe("the form's schema", () => {
  const problems = (over: Record<string, unknown>) => {
    const r = paymentRequestSchema.safeParse({ amount: "25", currency: "GHS", description: "Rice", ...over });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  test("reads amounts as the charge form does, and names each field at fault", () => {
    expect(form({ amount: "1,250.5" }).amount).toEqual({ kind: "fixed", minor: 125_050 });
    expect(problems({ amount: "" })).toHaveProperty("amount", "Enter an amount");
    expect(problems({ amount: "1,50" })).toHaveProperty("amount");
    expect(problems({ amountKind: "open", minAmount: "10", maxAmount: "5" })).toHaveProperty(
      "maxAmount",
      "The largest amount is below the smallest",
    );
    expect(problems({ amountKind: "open", minAmount: "x", maxAmount: "" })).toMatchObject({
      minAmount: expect.any(String),
      maxAmount: expect.any(String),
    });
    expect(problems({ amountKind: "sometimes" })).toHaveProperty("amountKind");
  });

  test("refuses what a request cannot be, each with its field", () => {
    expect(problems({ description: "  " })).toHaveProperty("description", "Say what the payment is for");
    expect(problems({ description: "a\u0000b" })).toHaveProperty("description");
    expect(problems({ description: "x".repeat(141) })).toHaveProperty("description");
    expect(problems({ expiresInDays: "0" })).toHaveProperty("expiresInDays");
    expect(problems({ expiresInDays: "91" })).toHaveProperty("expiresInDays");
    expect(problems({ expiresInDays: "1e1" })).toHaveProperty("expiresInDays");
    expect(problems({ maxPayments: "3" })).toHaveProperty("maxPayments", "A link paid once has no maximum of payments");
    expect(problems({ reusable: true, maxPayments: "0" })).toHaveProperty("maxPayments");
    expect(problems({ reusable: true, maxPayments: "10001" })).toHaveProperty("maxPayments");
    expect(problems({ reusable: "yes" })).toHaveProperty("reusable");
    expect(problems({ customerId: "not-an-id" })).toHaveProperty("customerId");
    expect(problems({ reference: "r\nn" })).toHaveProperty("reference");
    expect(problems({ currency: "XYZ" })).toHaveProperty("currency");
  });

  test("defaults: a fixed amount, paid once, for anyone with the link, for 7 days", () => {
    expect(form()).toEqual({
      amount: { kind: "fixed", minor: 2500 },
      currency: "GHS",
      description: "Order 1042: two bags of rice",
      customerId: null,
      expiresInDays: 7,
      reusable: false,
      maxPayments: null,
      reference: null,
    });
  });
});
