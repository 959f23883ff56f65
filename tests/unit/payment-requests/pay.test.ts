// Customers paying pay links, on a real database with the sandbox over real HTTP as the upstream:
// never twice (a reload, two tabs, twenty payers at once, a reusable link's maximum), an unknown
// outcome blocks the next payer until it is settled, the link's number and amount, closed links,
// the limits per address, link and number, and the pay links' share of the budget beside a
// member charging by hand.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { saveBusinessProfile } from "@/lib/business/profile";
import { createCharge } from "@/lib/charges/create";
import { recordStatusCheck } from "@/lib/charges/status-check";
import { auditEvents, businessProfile, charges, customers, events, paymentRequests, user } from "@/lib/db/schema";
import { resolveByHand } from "@/lib/reconcile/settle";
import { createBudget } from "@/lib/momo/budget";
import { PAY_LIMITS } from "@/lib/payment-requests/limits";
import { payLink } from "@/lib/payment-requests/pay";
import { payAttempt, payPage, submitPayForm } from "@/lib/payment-requests/public";
import { createPaymentRequest } from "@/lib/payment-requests/requests";
import { paymentRequestSchema, type PaymentRequestFormValues } from "@/lib/payment-requests/schema";
import type { PayForm } from "@/lib/payment-requests/view";
import type { Member } from "@/lib/access/types";
import { asProblem } from "../support/auth";
import { chargeInput, clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { useSandboxUpstream } from "../support/sandbox";
import { askerOf, visitorOf } from "../support/asker";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
let n = 0;
/** A number no other attempt of the run uses (the sandbox charges any number instantly). */
const phone = () => `02${String(41_000_000 + ++n).padStart(8, "0")}`;

/** `count` tasks, at most `width` at once; results in order. */
async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < count; from += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - from) }, (_, j) => task(from + j)))));
  }
  return out;
}

describe.each(backends)("paying pay links on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  const budgetKey = () => `sk_test_pay_${backend.name}_${randomUUID()}`;
  let key = budgetKey();
  /** A payer from their own address (a new one unless given), against a budget of `limit`. */
  const payer = (opts: { ip?: string | null; limit?: number; headers?: Headers } = {}) =>
    visitorOf(db(), {
      ip: opts.ip === undefined ? `198.51.100.${++n % 250}` : opts.ip,
      headers: opts.headers,
      upstream: () => ({
        // Time enough for a loaded machine (CI builds beside vitest): these tests count prompts and
        // places, and an answer cut short by the client's deadline would be an unknown outcome.
        client: clientFor(upstream.url, { timeoutMs: 15_000 }),
        budget: createBudget(db(), key, { limit: opts.limit ?? 1_000, maxWaitMs: 0, requestShare: 0.5 }),
      }),
    });
  const link = async (over: Partial<PaymentRequestFormValues> = {}) => {
    await db().insert(user).values(memberRow(owner)).onConflictDoNothing();
    const r = await createPaymentRequest(
      askerOf(db(), owner, { upstream: () => payer().upstream() }),
      paymentRequestSchema.parse({ amount: "20.00", currency: "GHS", description: "Order 7: a bag of rice", ...over }),
    );
    return { ...r, token: r.path.slice("/pay/".length) };
  };
  const pay = (token: string, body: unknown, k = newKey(), from = payer()) => payLink(from, token, body, k);
  const fail = (p: Promise<unknown>) =>
    p.then(
      () => expect.unreachable("it was paid"),
      (e: unknown) => asProblem(e),
    );
  const attempts = (id: string) => db().select().from(charges).where(eq(charges.paymentRequestId, id));

  test("a customer pays a link once: the attempt is a charge of the link's amount and words, its number masked; a reload answers it again, a second payer is told it is paid", async () => {
    key = budgetKey();
    const r = await link();
    const number = phone();
    const k = newKey();
    const first = await pay(r.token, { phoneNumber: number }, k);
    expect(first).toMatchObject({ replayed: false, attempt: { status: "success", amountMinor: 2000, currency: "GHS", provider: "mtn" } });
    expect(first.attempt.phoneNumber).not.toContain(number.slice(3, 8));
    const again = await pay(r.token, { phoneNumber: number }, k);
    expect(again).toMatchObject({ replayed: true, attempt: { status: "success" } });
    expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({
      status: 410,
      code: "pay_link_closed",
      message: expect.stringContaining("paid"),
    });
    const [c] = await attempts(r.id);
    expect(c).toMatchObject({ createdBy: null, description: "Order 7: a bag of rice", paymentSlot: 1, phoneNumber: number });
    expect(posts()).toBe(1);
  });

  test("20 payers of a link paid once, at the same moment: one charge reaches the upstream, the others are told it is in progress or paid", async () => {
    key = budgetKey();
    const r = await link();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => pay(r.token, { phoneNumber: phone() })));
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    for (const x of results.filter((x) => x.status === "rejected")) {
      expect(["payment_in_progress", "pay_link_closed"]).toContain((asProblem(x.reason) as { code: string }).code);
    }
    expect(await attempts(r.id)).toHaveLength(1);
    expect(posts()).toBe(1);
  });

  test("a reusable link with a maximum of 2 takes 2 payments of 8 payers at once, and no more", async () => {
    key = budgetKey();
    const r = await link({ reusable: true, maxPayments: "2" });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => pay(r.token, { phoneNumber: phone() })));
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(2);
    expect((await attempts(r.id)).map((c) => c.paymentSlot).sort()).toEqual([1, 2]);
    expect(posts()).toBe(2);
    expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({ status: 410 });
  });

  test("an attempt whose outcome is unknown blocks the next payer until it is settled; a failed one frees the link", async () => {
    key = budgetKey();
    const r = await link();
    const unknown = await pay(r.token, { phoneNumber: "0240000006", provider: "mtn" });
    expect(unknown.attempt.status).toBe("unknown");
    expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({
      status: 409,
      code: "payment_outcome_unknown",
      message: expect.stringContaining("Do not pay again"),
    });
    // Reconciled as failed (no money moved): the link takes a payment again.
    await db().update(charges).set({ status: "failed" }).where(eq(charges.paymentRequestId, r.id));
    const declined = await pay(r.token, { phoneNumber: "0240000004", provider: "mtn" });
    expect(declined.attempt.status).toBe("failed");
    expect((await pay(r.token, { phoneNumber: phone() })).attempt.status).toBe("success");
    expect(posts()).toBe(3);
  });

  test("a pending attempt holds the link: the next payer is told a payment is in progress", async () => {
    key = budgetKey();
    const r = await link();
    expect((await pay(r.token, { phoneNumber: "0240000002", provider: "mtn" })).attempt.status).toBe("pending");
    expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({ status: 409, code: "payment_in_progress" });
  });

  test("the number and amount must be the link's: each refusal names its field and sends nothing", async () => {
    key = budgetKey();
    const open = await link({ amountKind: "open", amount: "", minAmount: "5", maxAmount: "50", reusable: true });
    expect(await fail(pay(open.token, { phoneNumber: phone(), amount: "4.99" }))).toMatchObject({
      status: 422,
      fields: { amount: "Enter an amount from GH₵5.00 to GH₵50.00" },
    });
    expect(await fail(pay(open.token, { phoneNumber: phone(), amount: "" }))).toMatchObject({ fields: { amount: "Enter an amount" } });
    expect((await pay(open.token, { phoneNumber: phone(), amount: "12.5" })).attempt.amountMinor).toBe(1250);
    const fixed = await link();
    expect(await fail(pay(fixed.token, { phoneNumber: phone(), amount: "1.00" }))).toMatchObject({
      fields: { amount: expect.any(String) },
    });
    expect(await fail(pay(fixed.token, { phoneNumber: "12345" }))).toMatchObject({ fields: { phoneNumber: expect.any(String) } });
    expect(await fail(pay(fixed.token, { phoneNumber: 24_000_000 }))).toMatchObject({ status: 422 });
    expect(await fail(pay(fixed.token, null))).toMatchObject({ status: 422, fields: { phoneNumber: expect.any(String) } });
    expect(await fail(pay(fixed.token, { phoneNumber: phone() }, "short"))).toMatchObject({
      status: 400,
      code: "idempotency_key_required",
    });

    const [c] = await db().insert(customers).values({ name: "Esi", phoneNumber: "0209876543", provider: "vodafone" }).returning();
    const theirs = await link({ customerId: c.id });
    expect(await fail(pay(theirs.token, { phoneNumber: phone() }))).toMatchObject({
      fields: { phoneNumber: expect.stringContaining("one customer") },
    });
    const paid = await pay(theirs.token, {});
    expect(paid.attempt).toMatchObject({ status: "success", provider: "vodafone" });
    expect(paid.attempt.phoneNumber).not.toBe("0209876543");
    expect(posts()).toBe(2);
  });

  test("unknown, paused, cancelled and expired links take nothing, each with its own answer", async () => {
    key = budgetKey();
    expect(await fail(pay("A".repeat(24), { phoneNumber: phone() }))).toMatchObject({ status: 404, code: "pay_link_unknown" });
    expect(await fail(pay("../../etc/passwd", { phoneNumber: phone() }))).toMatchObject({ status: 404 });
    const r = await link();
    for (const [state, word] of [
      ["paused", "paused"],
      ["cancelled", "cancelled"],
    ] as const) {
      await db().update(paymentRequests).set({ state }).where(eq(paymentRequests.id, r.id));
      expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({ status: 410, message: expect.stringContaining(word) });
    }
    await db()
      .update(paymentRequests)
      .set({ state: "active", expiresAt: new Date(Date.now() - 1) })
      .where(eq(paymentRequests.id, r.id));
    expect(await fail(pay(r.token, { phoneNumber: phone() }))).toMatchObject({ status: 410, message: expect.stringContaining("expired") });
    expect(posts()).toBe(0);
  });

  test(`a number gets at most ${PAY_LIMITS.number} prompts in 10 minutes, an address ${PAY_LIMITS.address} attempts; a refusal says when to try again`, async () => {
    key = budgetKey();
    const r = await link({ reusable: true });
    const number = phone();
    for (let i = 0; i < PAY_LIMITS.number; i++) await pay(r.token, { phoneNumber: number });
    const refused = await fail(pay(r.token, { phoneNumber: number }));
    expect(refused).toMatchObject({ status: 429, code: "too_many_attempts", message: expect.stringContaining("This number") });
    expect(posts()).toBe(PAY_LIMITS.number);
    const from = payer({ ip: "203.0.113.9" });
    for (let i = 0; i < PAY_LIMITS.address; i++) await pay(r.token, { phoneNumber: phone() }, newKey(), from);
    expect(await fail(pay(r.token, { phoneNumber: phone() }, newKey(), from))).toMatchObject({ status: 429 });
    expect(posts()).toBe(PAY_LIMITS.number + PAY_LIMITS.address);
  });

  test("pay links use at most their share of the budget; a member charging by hand still gets a place", async () => {
    key = budgetKey();
    const r = await link({ reusable: true });
    const d = payer({ ip: null, limit: 10 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => pay(r.token, { phoneNumber: phone() }, newKey(), d)));
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(5);
    for (const x of results.filter((x) => x.status === "rejected"))
      expect(asProblem(x.reason)).toMatchObject({ status: 429, code: "budget_exhausted" });
    const { budget, client } = d.upstream();
    const byHand = await createCharge({ db: db(), upstream: client, budget }, chargeInput({ phoneNumber: phone() }), newKey(), owner.id);
    expect(byHand.charge.status).toBe("success");
    expect(posts()).toBe(6);
  });

  test("the pay page: 200 with the business, the link's words and its customer's number masked, 410 with the reason for each closed link, 404 naming no business for any unknown token", async () => {
    key = budgetKey();
    await db().insert(businessProfile).values({ id: 1, name: "Adwoa's Kitchen", logoType: "image/png", logoVersion: 3 });
    await db().insert(customers).values({ name: "Esi", phoneNumber: "0247654321", provider: "mtn" }).onConflictDoNothing();
    const [esi] = await db().select().from(customers).where(eq(customers.phoneNumber, "0247654321"));
    const r = await link({ customerId: esi.id, amount: "7.50" });
    // Saved again through the use case, which makes this process read the profile afresh: a test
    // before this one may have read it (empty) within PROFILE_CACHE_MS.
    await saveBusinessProfile(askerOf(db(), owner), { name: "Adwoa's Kitchen", timeZone: "Africa/Accra" });
    const open = await payPage(payer(), r.token);
    expect(open).toMatchObject({
      httpStatus: 200,
      page: {
        state: "open",
        token: r.token,
        description: "Order 7: a bag of rice",
        currency: "GHS",
        amount: { kind: "fixed", minor: 750 },
        customer: { phoneNumber: "024 ••• ••21", provider: "mtn" },
        business: { name: "Adwoa's Kitchen", logoUrl: "/api/business/logo?v=3" },
      },
    });
    // Nothing the browser gets carries the whole number, the link's id or who made it.
    const sent = JSON.stringify(open);
    for (const secret of ["0247654321", "247654321", r.id, owner.id, owner.email]) expect(sent).not.toContain(secret);

    const ranged = await link({ amountKind: "open", amount: "", minAmount: "5", maxAmount: "50" });
    expect((await payPage(payer(), ranged.token)).page).toMatchObject({ amount: { kind: "open", min: 500, max: 5000 }, customer: null });

    for (const [set, status] of [
      [{ state: "paused" }, "paused"],
      [{ state: "cancelled" }, "cancelled"],
      [{ state: "active", expiresAt: new Date(Date.now() - 1) }, "expired"],
    ] as const) {
      await db().update(paymentRequests).set(set).where(eq(paymentRequests.id, r.id));
      expect(await payPage(payer(), r.token)).toMatchObject({
        httpStatus: 410,
        page: {
          state: "closed",
          status,
          message: expect.stringContaining(status),
          description: "Order 7: a bag of rice",
          business: { name: "Adwoa's Kitchen", logoUrl: "/api/business/logo?v=3" },
        },
      });
    }
    const paid = await link();
    await pay(paid.token, { phoneNumber: phone() });
    expect(await payPage(payer(), paid.token)).toMatchObject({ httpStatus: 410, page: { state: "closed", status: "paid" } });

    for (const token of ["A".repeat(24), "short", "../../etc/passwd", `${r.token}x`, r.token.slice(1), "%00".repeat(8), "é".repeat(24)]) {
      expect(await payPage(payer(), token), token).toEqual({
        httpStatus: 404,
        page: { state: "unknown", business: { name: "", logoUrl: null } },
      });
    }
  });

  test("the customer's own attempt is read by its key only; a pending one is asked about at the upstream at most once in two seconds", async () => {
    key = budgetKey();
    const r = await link();
    const k = newKey();
    const { attempt } = await pay(r.token, { phoneNumber: "0240000002" }, k);
    expect(attempt.status).toBe("pending");
    const lookups = () => upstream.received.filter((x) => x.method === "GET").length;
    const before = lookups();
    const seen = await Promise.all(Array.from({ length: 5 }, () => payAttempt(payer(), r.token, k)));
    expect(seen.map((a) => a.status)).toEqual(Array(5).fill("pending"));
    expect(seen[0]).toMatchObject({ amountMinor: 2000, phoneNumber: "024 ••• ••02", settledAt: null });
    expect(lookups() - before).toBe(1);
    for (const [token, other] of [
      [r.token, newKey()],
      [r.token, "not a key"],
      [(await link()).token, k],
    ]) {
      expect(await fail(payAttempt(payer(), token, other))).toMatchObject({ status: 404 });
    }
  });

  test.each([
    { budget: 80, made: PAY_LIMITS.link, binds: "the link's limit" }, // a share of 40 for pay links, above the link's 30
    { budget: 40, made: 20, binds: "the budget's share" }, // a share of 20, below it
  ])(
    "200 anonymous attempts on one link at once, from ever-new addresses and numbers: $binds holds, and a member charging by hand still goes through",
    async ({ budget: limit, made }) => {
      key = budgetKey();
      const r = await link({ reusable: true });
      const answers = await inParallel(200, 25, (i) =>
        pay(r.token, { phoneNumber: phone() }, newKey(), payer({ ip: `203.0.${i >> 8}.${i & 255}`, limit })).then(
          () => 201,
          (e: unknown) => asProblem(e),
        ),
      );
      expect(answers.filter((a) => a === 201)).toHaveLength(made);
      for (const a of answers.filter((a) => a !== 201)) expect(a).toMatchObject({ status: 429 });
      expect(posts()).toBe(made);
      expect(await attempts(r.id)).toHaveLength(made);
      const { budget, client } = payer({ limit }).upstream();
      const byHand = await createCharge({ db: db(), upstream: client, budget }, chargeInput({ phoneNumber: phone() }), newKey(), owner.id);
      expect(byHand.charge.status).toBe("success");
    },
  );

  test("the audit log records each payment that succeeds on a link, once, whichever way it succeeded: the answer, a status lookup, a person", async () => {
    key = budgetKey();
    const paidOn = async (id: string) =>
      (await db().select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(auditEvents.id))
        .filter((e) => e.action === "payment_request_paid")
        .map((e) => e.detail as Record<string, unknown>);
    const instant = await link();
    const { attempt } = await pay(instant.token, { phoneNumber: phone() });
    expect(await paidOn(instant.id)).toEqual([
      { chargeId: expect.any(String), amountMinor: 2000, currency: "GHS", reference: attempt.reference, by: "answer" },
    ]);

    const looked = await link();
    await pay(looked.token, { phoneNumber: "0240000002" });
    const [pending] = await attempts(looked.id);
    const answer = {
      status: "success",
      code: null,
      reference: pending.reference,
      message: "ok",
      httpStatus: 200,
      rawBody: "{}",
      retryAfterSeconds: null,
    } as const;
    await recordStatusCheck(db(), pending.id, answer, true);
    await recordStatusCheck(db(), pending.id, answer, true); // a second lookup moves nothing and records nothing
    expect(await paidOn(looked.id)).toMatchObject([{ chargeId: pending.id, by: "lookup" }]);

    const unclear = await link();
    await pay(unclear.token, { phoneNumber: "0240000006" });
    const [unknown] = await attempts(unclear.id);
    expect(unknown.status).toBe("unknown");
    expect(await paidOn(unclear.id)).toEqual([]);
    await resolveByHand(
      db(),
      unknown.id,
      { id: owner.id, email: owner.email },
      { outcome: "success", note: "seen in the wallet" },
      { pendingMs: 0 },
    );
    expect(await paidOn(unclear.id)).toMatchObject([{ chargeId: unknown.id, by: "hand" }]);

    const declined = await link();
    await pay(declined.token, { phoneNumber: "0240000004" });
    expect(await paidOn(declined.id)).toEqual([]);
    // Each is an event for the outbox too, written with it; the declined link has none.
    const paidEvents = async (id: string) =>
      (await db().select().from(events).where(eq(events.subjectId, id))).filter((e) => e.type === "payment_request.paid");
    for (const r of [instant, looked, unclear]) expect(await paidEvents(r.id)).toHaveLength(1);
    expect(await paidEvents(declined.id)).toEqual([]);
  });

  test("the page's form, sent: refused from another site; a mistake shows the form again with what was typed and its key; sent twice at once, one charge and the same next page", async () => {
    key = budgetKey();
    const r = await link();
    /** The form sent to the link's page, from a browser on the page (or as `headers` say). */
    const send = (form: PayForm, headers: Record<string, string> = {}) =>
      submitPayForm(
        payer({ headers: new Headers({ host: "dash.test", origin: "http://dash.test", "x-forwarded-for": "198.51.100.77", ...headers }) }),
        r.token,
        form,
        `http://dash.test/pay/${r.token}`,
      );
    const formKey = newKey();
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    expect(await send({ key: formKey, phoneNumber: phone() }, crossSite)).toMatchObject({
      httpStatus: 403,
      page: { state: "open", form: { problem: "Requests from other sites are refused.", values: { phoneNumber: "" } } },
    });
    const wrong = await send({ key: formKey, phoneNumber: "12345", provider: "", amount: "" });
    expect(wrong).toMatchObject({
      httpStatus: 422,
      page: {
        state: "open",
        form: { key: formKey, values: { phoneNumber: "12345" }, fields: { phoneNumber: expect.any(String) }, problem: null },
      },
    });
    const keyless = await send({ phoneNumber: phone() });
    expect(keyless).toMatchObject({
      httpStatus: 400,
      page: { state: "open", form: { key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } },
    });
    expect(posts()).toBe(0);

    const number = phone();
    const [first, second] = await Promise.all([1, 2].map(() => send({ key: formKey, phoneNumber: number })));
    expect(first).toEqual({ redirect: `/pay/${r.token}?attempt=${formKey}` });
    expect(second).toEqual(first);
    expect(await attempts(r.id)).toHaveLength(1);
    expect(posts()).toBe(1);
    expect(await payPage(payer(), r.token, formKey)).toMatchObject({
      httpStatus: 200,
      page: { state: "attempt", attempt: { status: "success", amountMinor: 2000 }, retry: false, attemptKey: formKey },
    });
    // Paid: a new form on it is told so, with 410; the attempt's own page still shows the receipt.
    expect(await send({ key: newKey(), phoneNumber: phone() })).toMatchObject({
      httpStatus: 410,
      page: { state: "closed", status: "paid" },
    });
    expect(await payPage(payer(), r.token, "not-a-key-of-this-link")).toMatchObject({ httpStatus: 410, page: { state: "closed" } });
  });

  test("a failed attempt's page offers to try again while the link takes payments; a waiting one is asked about, not sent again", async () => {
    key = budgetKey();
    const r = await link();
    const declined = newKey();
    await pay(r.token, { phoneNumber: "0240000004" }, declined);
    expect((await payPage(payer(), r.token, declined)).page).toMatchObject({
      state: "attempt",
      attempt: { status: "failed" },
      retry: true,
    });
    const waiting = newKey();
    await pay(r.token, { phoneNumber: "0240000002" }, waiting);
    expect((await payPage(payer(), r.token, waiting)).page).toMatchObject({ state: "attempt", attempt: { status: "pending" } });
    expect(posts()).toBe(2);
  });
});
