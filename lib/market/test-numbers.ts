// The bundled sandbox's test phone numbers and what each one does: the one list the sandbox
// answers by (lib/sandbox/scenarios.ts), the charge form shows in TEST mode, and the user guide's
// table repeats (tests/unit/market/test-numbers.test.ts holds the guide to it). Plain data, so the
// browser may load it.

export type Scenario =
  | { kind: "instant" }
  | { kind: "ussd"; settlesTo: "success" | "failed"; message: string }
  | { kind: "unanswered" }
  | { kind: "fail"; message: string }
  | { kind: "slow" }
  | { kind: "error" };

/** A USSD charge is approved or declined by the (simulated) customer this long after it is made. */
export const SETTLE_AFTER_MS = 4_000;
/** The slow number's answer comes this long after the request: past the client's timeout. */
export const SLOW_ANSWER_MS = 30_000;

export type TestNumber = {
  phone: string;
  scenario: Scenario;
  /** The status the charge ends in, in our ledger (pending: until someone reconciles it). */
  ends: "success" | "failed" | "unknown" | "pending";
  /** The outcome in a few words. */
  outcome: string;
  /** What the customer or the upstream does, for the screen. */
  note: string;
  /** What the sandbox does, in the user guide's words (its table, docs/user-guide.md). */
  summary: string;
};

export const TEST_NUMBERS: readonly TestNumber[] = [
  {
    phone: "0240000001",
    scenario: { kind: "instant" },
    ends: "success",
    outcome: "Success",
    note: "Approved at once",
    summary: "Succeeds instantly, auto-authorized (HTTP 200, `success`)",
  },
  {
    phone: "0240000002",
    scenario: { kind: "ussd", settlesTo: "success", message: "The customer approved the charge on their phone." },
    ends: "success",
    outcome: "Pending, then success",
    note: `The customer approves the prompt after ${SETTLE_AFTER_MS / 1000} s`,
    summary: `USSD prompt: HTTP 202 \`pending\`; the customer approves after ${SETTLE_AFTER_MS / 1000} s → \`success\``,
  },
  {
    phone: "0240000003",
    scenario: { kind: "ussd", settlesTo: "failed", message: "The customer declined the charge on their phone." },
    ends: "failed",
    outcome: "Pending, then failed",
    note: `The customer declines the prompt after ${SETTLE_AFTER_MS / 1000} s`,
    summary: `USSD prompt: HTTP 202 \`pending\`; the customer declines after ${SETTLE_AFTER_MS / 1000} s → \`failed\``,
  },
  {
    phone: "0240000004",
    scenario: { kind: "fail", message: "Insufficient funds in the customer's wallet." },
    ends: "failed",
    outcome: "Failed",
    note: "Insufficient funds",
    summary: "Fails: insufficient funds (HTTP 200, `failed`)",
  },
  {
    phone: "0240000005",
    scenario: { kind: "slow" },
    ends: "unknown",
    outcome: "Unknown (slow)",
    note: `The answer comes after ${SLOW_ANSWER_MS / 1000} s, past the timeout`,
    summary: `Answers after ${SLOW_ANSWER_MS / 1000} s, past the client's timeout → our \`unknown\` (the charge does succeed upstream)`,
  },
  {
    phone: "0240000006",
    scenario: { kind: "error" },
    ends: "unknown",
    outcome: "Unknown (error)",
    note: "The upstream fails with HTTP 500",
    summary: "HTTP 500 internal error, nothing charged → our `unknown`",
  },
  {
    phone: "0240000007",
    scenario: { kind: "unanswered" },
    ends: "pending",
    outcome: "Stays pending",
    note: "The customer never answers the prompt",
    summary: "USSD prompt the customer never answers: HTTP 202 `pending`, and every lookup stays `pending` (for the reconciliation queue)",
  },
];

/** What any other valid number does (the user guide's last row). */
export const OTHER_NUMBERS_SUMMARY = "Succeeds instantly";
