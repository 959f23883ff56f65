// The pay page's bounded wait and its words, on a real database with the sandbox over real HTTP:
// a prompt nobody answers turns into the long wait's page after PAY_PROMPT_WAIT_SECONDS and stops
// being watched after PAY_WATCH_MS; another number only where the link takes one; a failed
// attempt says why in plain words, never the upstream's text; the business's contact is there.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { saveBusinessProfile } from "@/lib/business/profile";
import { charges, customers, user } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { createBudget } from "@/lib/momo/budget";
import { payLink } from "@/lib/payment-requests/pay";
import { PAY_WATCH_MS, payPage } from "@/lib/payment-requests/public";
import { createPaymentRequest } from "@/lib/payment-requests/requests";
import { paymentRequestSchema, type PaymentRequestFormValues } from "@/lib/payment-requests/schema";
import type { Member } from "@/lib/access/types";
import { clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { useSandboxUpstream } from "../support/sandbox";
import { askerOf, visitorOf } from "../support/asker";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
let n = 0;

describe.each(backends)("the pay page's waits and words on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();
  const payer = () =>
    visitorOf(db(), {
      ip: `198.51.100.${++n % 250}`,
      upstream: () => ({
        client: clientFor(upstream.url, { timeoutMs: 15_000 }),
        budget: createBudget(db(), `sk_test_waits_${backend.name}_${n}`, { limit: 1_000, maxWaitMs: 0, requestShare: 0.5 }),
      }),
    });
  const link = async (over: Partial<PaymentRequestFormValues> = {}) => {
    await db().insert(user).values(memberRow(owner)).onConflictDoNothing();
    const r = await createPaymentRequest(
      askerOf(db(), owner, { upstream: () => payer().upstream() }),
      paymentRequestSchema.parse({ amount: "20.00", currency: "GHS", description: "Order 9", ...over }),
    );
    return { ...r, token: r.path.slice("/pay/".length) };
  };
  /** Pays `token` from `phoneNumber` and returns the attempt's key. */
  const pay = async (token: string, phoneNumber: string) => {
    const key = newKey();
    await payLink(payer(), token, { phoneNumber }, key);
    return key;
  };
  const attemptPage = async (token: string, key: string) => {
    const { page } = await payPage(payer(), token, key);
    if (page.state !== "attempt") throw new Error(`not an attempt's page: ${page.state}`);
    return page;
  };
  /** Moves the link's attempts `ms` into the past, as if the customer had waited that long. */
  const age = (requestId: string, ms: number) =>
    db()
      .update(charges)
      .set({ createdAt: sql`${charges.createdAt} - ${`${ms} milliseconds`}::interval` })
      .where(eq(charges.paymentRequestId, requestId));
  const promptWait = env().PAY_PROMPT_WAIT_SECONDS * 1000;

  test("a prompt nobody answers: 'approve it' with its deadline, then the long wait, then no more watching", async () => {
    const r = await link();
    const key = await pay(r.token, "0240000007");
    const fresh = await attemptPage(r.token, key);
    expect(fresh.attempt.status).toBe("pending");
    expect(fresh.waiting).toMatchObject({ long: false });
    expect(fresh.waiting!.longIn).toBeGreaterThan(promptWait - 10_000);
    expect(fresh.waiting!.longIn).toBeLessThanOrEqual(promptWait);
    expect(fresh.waiting!.watchFor).toBeGreaterThan(PAY_WATCH_MS - 10_000);

    await age(r.id, promptWait + 1_000);
    const long = await attemptPage(r.token, key);
    expect(long.waiting).toMatchObject({ long: true, longIn: 0 });
    expect(long.waiting!.watchFor).toBeGreaterThan(0);
    // A link paid once: its one slot is held by this attempt, so no other number is offered.
    expect(long.anotherNumber).toBe(false);

    await age(r.id, PAY_WATCH_MS);
    expect((await attemptPage(r.token, key)).waiting).toEqual({ long: true, longIn: 0, watchFor: 0 });
  });

  test("another number is offered on a long wait only where the link takes one: a reusable link, not one customer's", async () => {
    const reusable = await link({ reusable: true });
    const key = await pay(reusable.token, "0240000007");
    expect((await attemptPage(reusable.token, key)).anotherNumber).toBe(false);
    await age(reusable.id, promptWait + 1_000);
    expect((await attemptPage(reusable.token, key)).anotherNumber).toBe(true);

    const [c] = await db()
      .insert(customers)
      .values({ name: "Abena Asante", phoneNumber: "0240000007", provider: "mtn" })
      .onConflictDoUpdate({ target: customers.phoneNumber, set: { name: "Abena Asante" } })
      .returning();
    const theirs = await link({ reusable: true, customerId: c.id });
    const theirKey = newKey();
    await payLink(payer(), theirs.token, { phoneNumber: "" }, theirKey);
    await age(theirs.id, promptWait + 1_000);
    expect((await attemptPage(theirs.token, theirKey)).anotherNumber).toBe(false);
  });

  test("a failed attempt says why in plain words when the network said why, never its text; the contact is the profile's", async () => {
    const r = await link({ reusable: true });
    await saveBusinessProfile(askerOf(db(), owner), {
      name: "Kofi's Shop",
      timeZone: "Africa/Accra",
      contactPhone: "030 123 4567",
      contactEmail: "help@kofi.example",
    });
    const broke = await attemptPage(r.token, await pay(r.token, "0240000004"));
    expect(broke.attempt).toMatchObject({ status: "failed", reason: "There was not enough money in the mobile money account." });
    expect(JSON.stringify(broke)).not.toContain("Insufficient funds in the customer's wallet");
    expect(broke.contact).toEqual({ phone: "030 123 4567", email: "help@kofi.example" });
    expect(broke.waiting).toBeNull();

    const declinedKey = await pay(r.token, "0240000003");
    const declined = await (async () => {
      for (let i = 0; i < 40; i++) {
        const page = await attemptPage(r.token, declinedKey);
        if (page.attempt.status !== "pending") return page;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("the declined prompt never settled");
    })();
    expect(declined.attempt).toMatchObject({ status: "failed", reason: "The payment was declined." });
    expect(declined.retry).toBe(true);
  });
});
