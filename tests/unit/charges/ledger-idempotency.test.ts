// The charge use case's idempotency keys on a real database, with the sandbox over real HTTP:
// a key charges once, even when raced, is its member's own, and refuses a different request.
import { describe, expect, test } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { AppError } from "@/lib/errors";
import { chargeInput, newKey } from "../support/charge";
import { backends, chargeByKey, countCharges, useLedger } from "../support/db";
import { useChargeUpstream } from "../support/ledger";

describe.each(backends)("createCharge on $name", (backend) => {
  const db = useLedger(backend);
  const { deps, posts } = useChargeUpstream(db);

  test("a repeated key returns the first row, replayed, without a second upstream request", async () => {
    const key = newKey();
    const first = await createCharge(deps(), chargeInput(), key);
    const again = await createCharge(deps(), chargeInput(), key);
    expect(again).toEqual({ charge: first.charge, replayed: true });
    expect(posts()).toBe(1);
    expect(await countCharges(db())).toBe(1);
  });

  test("20 concurrent attempts with one key → one upstream request and one row", async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => createCharge(deps(), chargeInput(), key)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.charge.id)).size).toBe(1);
    expect(posts()).toBe(1);
    expect(await countCharges(db())).toBe(1);
    expect((await chargeByKey(db(), key))[0].status).toBe("success");
  });

  test("a key is its member's own: another member's same key is a new charge, never their row", async () => {
    const key = newKey();
    const mine = await createCharge(deps(), chargeInput(), key, "member-1");
    // Sent together by both members and again: one row each, one upstream request each.
    const results = await Promise.all(
      ["member-1", "member-2", "member-2", "member-1"].map((m) =>
        createCharge(deps(), chargeInput({ amount: m === "member-2" ? "9" : "25.50" }), key, m),
      ),
    );
    const theirs = results.filter((r) => r.charge.createdBy === "member-2");
    expect(results.filter((r) => r.charge.createdBy === "member-1").every((r) => r.replayed && r.charge.id === mine.charge.id)).toBe(true);
    expect(new Set(theirs.map((r) => r.charge.id)).size).toBe(1);
    expect(theirs.filter((r) => !r.replayed)).toHaveLength(1);
    expect(theirs[0].charge).toMatchObject({ amountMinor: 900, createdBy: "member-2" });
    expect(posts()).toBe(2);
    expect(await countCharges(db())).toBe(2);
  });

  test("the same key with a different request is refused", async () => {
    const key = newKey();
    await createCharge(deps(), chargeInput(), key);
    for (const other of [
      chargeInput({ amount: "25.51" }),
      chargeInput({ phoneNumber: "0240000002" }),
      chargeInput({ description: "other" }),
    ]) {
      const error = await createCharge(deps(), other, key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "idempotency_mismatch" });
    }
    expect(posts()).toBe(1);
    expect(await countCharges(db())).toBe(1);
  });
});
