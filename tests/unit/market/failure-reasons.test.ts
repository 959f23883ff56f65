import { describe, expect, test } from "vitest";
import { FAILURE_WORDS, failureReason, failureWords } from "@/lib/market/failure-reasons";
import { outcomeMessage, statusOnlyMessage } from "@/lib/momo/outcome-codes";

describe("a failed charge's cause, from the upstream's words", () => {
  test.each([
    ["Insufficient funds in the customer's wallet.", "funds"],
    ["INSUFFICIENT_BALANCE", "funds"],
    ["Not enough funds", "funds"],
    ["Your balance is too low for this transaction", "funds"],
    ["Declined: wrong PIN entered", "pin"],
    ["Invalid PIN", "pin"],
    ["PIN tries exceeded", "pin"],
    ["Transaction timed out", "timeout"],
    ["The request expired before approval", "timeout"],
    ["The customer declined the charge on their phone.", "declined"],
    ["Rejected by subscriber", "declined"],
    ["Cancelled", "declined"],
  ])("%s → %s", (message, reason) => {
    expect(failureReason(message)).toBe(reason);
  });

  test("no cause we know says nothing more: an empty message, ours, a pinned word inside another", () => {
    for (const message of [null, undefined, "", "Something went wrong", "Spinning up", statusOnlyMessage("failed")]) {
      expect(failureWords(message)).toBeNull();
    }
    expect(failureWords(outcomeMessage("rejected"))).toBeNull();
    expect(failureWords(outcomeMessage("declined"))).toBe(FAILURE_WORDS.declined);
  });

  test("the words are sentences for a customer, with no engineer's word", () => {
    for (const words of Object.values(FAILURE_WORDS)) {
      expect(words).toMatch(/^[A-Z].*\.$/);
      expect(words).not.toMatch(/upstream|HTTP|status|code/i);
    }
  });
});
