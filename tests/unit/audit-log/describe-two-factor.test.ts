// The two-factor audit entries in words: methods, roles and counts, never a code or a key.
import { expect, test } from "vitest";
import { describeAudit } from "@/lib/audit-log/describe";

const d = (action: string, detail: Record<string, unknown> | null = null, targetId: string | null = null) =>
  describeAudit({ action, targetId, detail });

test("each two-factor action has a label; sign-ins say their method", () => {
  expect(d("two_factor_enabled").label).toBe("Two-factor sign-in turned on");
  expect(d("recovery_code_used").details).toEqual([]);
  expect(d("sign_in", { method: "totp" }).details).toEqual(["With password and authenticator code"]);
  expect(d("sign_in", { method: "recovery_code" }).details).toEqual(["With password and recovery code"]);
  expect(d("sign_in_failed", { reason: "wrong_code", method: "totp" }).details).toEqual([
    "Reason: wrong code",
    "With password and authenticator code",
  ]);
  expect(d("sign_in_failed", { reason: "code_reused", method: "totp" }).details[0]).toBe("Reason: code already used once");
});

test("the policy change reads before → after, the reset counts sessions and links to the team", () => {
  expect(d("two_factor_policy_changed", { before: ["owner", "support"], after: ["owner", "staff", "support"] }).details).toEqual([
    "Required for: Owner, Support → Owner, Staff, Support",
  ]);
  expect(d("two_factor_policy_changed", { before: ["owner"], after: [] }).details).toEqual(["Required for: Owner → no role"]);
  const reset = d("two_factor_reset", { sessionsEnded: 2 }, "member-id");
  expect(reset.details).toEqual(["2 sessions ended"]);
  expect(reset.link).toEqual({ href: "/team", label: "Team" });
  expect(d("password_check_failed", { purpose: "two_factor_disable" }).details).toEqual(["to turn two-factor off"]);
  // A stored word that is not ours is not looked up on the object's prototype.
  expect(d("password_check_failed", { purpose: "constructor" }).details).toEqual([]);
  expect(d("sign_in", { method: "toString" }).details).toEqual([]);
});
