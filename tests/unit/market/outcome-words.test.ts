import { describe, expect, test } from "vitest";
import { CHARGE_STATUSES } from "@/lib/market/statuses";
import { plainWords } from "@/lib/market/outcome-words";
import { type OutcomeCode, outcomeMessage } from "@/lib/momo/outcome-codes";

const CODES: OutcomeCode[] = [
  "declined",
  "rejected",
  "invalid_request",
  "upstream_auth",
  "rate_limited",
  "unreachable",
  "timeout",
  "network",
  "upstream_error",
  "conflict",
  "unreadable_response",
  "oversized_response",
  "answer_mismatch",
];

describe("a charge's outcome in words for the person who made it", () => {
  test("every status with every code, and none: a sentence with no engineer's word in it", () => {
    for (const status of CHARGE_STATUSES) {
      for (const outcomeCode of [null, ...CODES]) {
        const words = plainWords({ status, message: outcomeCode ? outcomeMessage(outcomeCode) : null, outcomeCode });
        expect(words, `${status} ${outcomeCode}`).toMatch(/^[A-Z].*\.$/);
        expect(words, `${status} ${outcomeCode}`).not.toMatch(/upstream|HTTP|\b[a-z]+_[a-z]+\b|status code/i);
      }
    }
  });

  test("a failed charge says the network's reason when it gave one, else that no money moved", () => {
    expect(plainWords({ status: "failed", message: "Insufficient funds in the customer's wallet.", outcomeCode: null })).toBe(
      "There was not enough money in the mobile money account.",
    );
    expect(plainWords({ status: "failed", message: "Something else", outcomeCode: null })).toBe(
      "The customer's network did not take the payment, so no money moved.",
    );
    expect(plainWords({ status: "failed", message: null, outcomeCode: "rate_limited" })).toContain("Try again in a minute");
  });

  test("an unknown charge never says no money moved, and always says not to charge again", () => {
    for (const outcomeCode of [null, ...CODES]) {
      const words = plainWords({ status: "unknown", message: null, outcomeCode })!;
      expect(words).toContain("Do not charge again");
      expect(words).not.toContain("no money moved");
    }
    expect(plainWords({ status: "unknown", message: null, outcomeCode: "timeout" })).toBe(
      "We cannot tell yet whether the money moved: the mobile money service did not answer in time. Do not charge again until it is checked.",
    );
  });
});
