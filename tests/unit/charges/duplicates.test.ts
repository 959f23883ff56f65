// Possible duplicates: same number, amount and currency, recent, and a status under which the
// money moved or may still move — found in one query for a whole batch of candidates.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { duplicateRefusal } from "@/lib/charges/duplicate-guard";
import { PossibleDuplicateCharge } from "@/lib/charges/errors";
import { duplicateKey, findRecentDuplicates } from "@/lib/charges/duplicates";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
import type { ChargeInput } from "@/lib/charges/schema";
import { budgetOn } from "../support/budget";
import { chargeInput, newKey } from "../support/charge";
import { backends, countCharges, useLedger } from "../support/db";
import { useChargeUpstream } from "../support/ledger";
import { addCharge } from "../support/rows";

type Status = "submitting" | "success" | "pending" | "failed" | "unknown";

describe.each(backends)("findRecentDuplicates on $name", (backend) => {
  const db = useLedger(backend);
  let n = 0;
  const insert = (phoneNumber: string, amountMinor: number, status: Status, minutesAgo = 1, currency = "GHS") =>
    addCharge(db(), {
      idempotencyKey: `dup-${n++}`,
      amountMinor,
      currency,
      phoneNumber,
      status,
      createdAt: sql`clock_timestamp() - make_interval(mins => ${minutesAgo})`,
    }).then((c) => c.id);

  test("a recent success, pending, submitting or unknown charge is found; failed, older, other amounts and currencies are not", async () => {
    const success = await insert("0240000001", 1000, "success");
    const pending = await insert("0240000002", 1000, "pending");
    const submitting = await insert("0240000003", 1000, "submitting");
    const unknown = await insert("0240000005", 1000, "unknown");
    await insert("0240000004", 1000, "failed");
    await insert("0240000006", 1000, "success", 11);
    await insert("0240000007", 999, "success");
    await insert("0240000008", 1000, "success", 1, "USD");
    const ask = ["0240000001", "0240000002", "0240000003", "0240000004", "0240000005", "0240000006", "0240000007", "0240000008"].map(
      (phoneNumber) => ({ phoneNumber, amountMinor: 1000, currency: "GHS" }),
    );
    const found = await findRecentDuplicates(db(), ask, 10);
    expect(
      [...found.values()].map((d) => [d.phoneNumber, d.chargeId, d.status]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ["0240000001", success, "success"],
      ["0240000002", pending, "pending"],
      ["0240000003", submitting, "submitting"],
      ["0240000005", unknown, "unknown"],
    ]);
    expect(found.get(duplicateKey(ask[0]))?.amountMinor).toBe(1000);
  });

  test("the newest of several is the one named; a window of 0 turns the check off", async () => {
    await insert("0240000001", 500, "success", 5);
    const newer = await insert("0240000001", 500, "pending", 2);
    const found = await findRecentDuplicates(db(), [{ phoneNumber: "0240000001", amountMinor: 500, currency: "GHS" }], 10);
    expect([...found.values()].map((d) => d.chargeId)).toEqual([newer]);
    expect((await findRecentDuplicates(db(), [{ phoneNumber: "0240000001", amountMinor: 500, currency: "GHS" }], 0)).size).toBe(0);
  });

  test("10,000 candidates in one call; a quote or a backslash in a value is data, not SQL", async () => {
    const hit = await insert("0240000009", 1234, "success");
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      phoneNumber: `02${String(i).padStart(8, "0")}`,
      amountMinor: 1234,
      currency: "GHS",
    }));
    many.push({ phoneNumber: "0240000009", amountMinor: 1234, currency: "GHS" }, { phoneNumber: `0'"\\x`, amountMinor: 1, currency: "G'" });
    const found = await findRecentDuplicates(db(), many, 10);
    expect([...found.values()].map((d) => d.chargeId)).toEqual([hit]);
  });
});

describe.each(backends)("the duplicate check in the charge's first statement on $name", (backend) => {
  const db = useLedger(backend);
  const { deps, posts } = useChargeUpstream(db);
  /** A charge with the check on (for `windowMinutes`): null when it went ahead, else the 409 it is refused with. */
  const chargeChecked = (input: ChargeInput, key: string, actor: string, windowMinutes: number) =>
    createCharge(deps(), input, key, actor, { duplicateWindowMinutes: windowMinutes }).then(
      () => null,
      (e: unknown) => Promise.reject(e instanceof PossibleDuplicateCharge ? duplicateRefusal(e.earlier) : e),
    );
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof AppError ? { status: statusOf(e.code), code: e.code, fields: e.fields } : Promise.reject(e)),
    );

  test("a recent success to the number for the amount is 409 naming the field and the earlier charge; its own key is not", async () => {
    const key = newKey();
    const { charge } = await createCharge(deps(), chargeInput(), key, "staff-1");
    expect(charge.status).toBe("success");
    expect(await refusal(chargeChecked(chargeInput(), newKey(), "staff-1", 10))).toEqual({
      status: 409,
      code: "possible_duplicate",
      fields: {
        phoneNumber: expect.stringMatching(/^GH₵25\.50 was charged to this number 1 minute ago \(Success\)\. Charge again\?$/),
        duplicateOf: charge.id,
      },
    });
    // Another member charging the same customer is asked too.
    expect(await refusal(chargeChecked(chargeInput(), newKey(), "staff-2", 10))).toMatchObject({ status: 409 });
    // The same attempt again (its key made the row): a replay, never a duplicate of itself.
    expect(await refusal(chargeChecked(chargeInput(), key, "staff-1", 10))).toBeNull();
    // Keys are each member's own: the same key sent by another member is no replay of theirs.
    expect(await refusal(chargeChecked(chargeInput(), key, "staff-2", 10))).toMatchObject({ status: 409 });
    // Another amount, or the check off.
    expect(await refusal(chargeChecked(chargeInput({ amount: "25.51" }), newKey(), "staff-1", 10))).toBeNull();
    expect(await refusal(chargeChecked(chargeInput(), newKey(), "staff-1", 0))).toBeNull();
  });

  test("a refused duplicate writes nothing, sends nothing and takes no place in the budget", async () => {
    const budget = budgetOn(db)(10);
    const withBudget = { ...deps(), budget };
    await createCharge(withBudget, chargeInput(), newKey(), "staff-1", { duplicateWindowMinutes: 10 });
    const [rows, sent, used] = [await countCharges(db()), posts(), (await budget.status()).used];
    const again = await Promise.allSettled(
      Array.from({ length: 5 }, () => createCharge(withBudget, chargeInput(), newKey(), "staff-1", { duplicateWindowMinutes: 10 })),
    );
    expect(again.every((r) => r.status === "rejected" && r.reason instanceof PossibleDuplicateCharge)).toBe(true);
    expect([await countCharges(db()), posts(), (await budget.status()).used]).toEqual([rows, sent, used]);
    // Confirmed (the check off), it is charged, and takes its place.
    expect((await createCharge(withBudget, chargeInput(), newKey(), "staff-1")).replayed).toBe(false);
    expect([await countCharges(db()), posts(), (await budget.status()).used]).toEqual([rows + 1, sent + 1, used + 1]);
  });

  test("a failed earlier charge is no duplicate", async () => {
    await createCharge(deps(), chargeInput({ phoneNumber: "0240000004" }), newKey(), "staff-1");
    expect(await refusal(chargeChecked(chargeInput({ phoneNumber: "0240000004" }), newKey(), "staff-1", 10))).toBeNull();
  });
});
