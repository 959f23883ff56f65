// The sandbox's test phone numbers and what each one does. The README's table is this table.
export type Scenario =
  | { kind: "instant" }
  | { kind: "ussd"; settlesTo: "success" | "failed"; message: string }
  | { kind: "unanswered" }
  | { kind: "fail"; message: string }
  | { kind: "slow" }
  | { kind: "error" };

export const SETTLE_AFTER_MS = 4_000;
export const SLOW_ANSWER_MS = 30_000;

export const TEST_NUMBERS: Record<string, { scenario: Scenario; summary: string }> = {
  "0240000001": { scenario: { kind: "instant" }, summary: "Succeeds instantly, auto-authorized" },
  "0240000002": {
    scenario: { kind: "ussd", settlesTo: "success", message: "The customer approved the charge on their phone." },
    summary: `Pending (USSD prompt), approved by the customer after ${SETTLE_AFTER_MS / 1000} s`,
  },
  "0240000003": {
    scenario: { kind: "ussd", settlesTo: "failed", message: "The customer declined the charge on their phone." },
    summary: `Pending (USSD prompt), declined by the customer after ${SETTLE_AFTER_MS / 1000} s`,
  },
  "0240000004": {
    scenario: { kind: "fail", message: "Insufficient funds in the customer's wallet." },
    summary: "Fails: insufficient funds",
  },
  "0240000005": {
    scenario: { kind: "slow" },
    summary: `Answers after ${SLOW_ANSWER_MS / 1000} s, past the client's timeout (the charge does succeed)`,
  },
  "0240000006": { scenario: { kind: "error" }, summary: "HTTP 500 internal error (nothing is charged)" },
  "0240000007": {
    scenario: { kind: "unanswered" },
    summary: "Pending (USSD prompt) that the customer never answers: it stays pending until reconciled",
  },
};

export function scenarioFor(phone: string): Scenario {
  return TEST_NUMBERS[phone]?.scenario ?? { kind: "instant" };
}
