// The reconciliation tests' world: the sandbox over real HTTP as the upstream, a support member
// made afresh before each test, charges made through createCharge, and the audit rows of an action.
import { beforeEach } from "vitest";
import type { Auth } from "@/lib/auth/create-auth";
import { createCharge } from "@/lib/charges/create";
import type { Db } from "@/lib/db/open";
import { auditRows, makeMember, type TestMember } from "./auth";
import { chargeInput, clientFor, newKey } from "./charge";
import { useSandboxUpstream } from "./sandbox";

export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** For the enclosing describe; `support` stands for the member of the running test. */
export function useReconciliation(db: () => Db, auth: () => Auth) {
  const upstream = useSandboxUpstream();
  let member: TestMember | undefined;
  beforeEach(async () => {
    member = await makeMember(auth(), "esi@example.com", "support");
  });
  const support: TestMember = {
    get id() {
      return member!.id;
    },
    get email() {
      return member!.email;
    },
  };
  const deps = () => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs: 500 }) });
  const charge = async (phone: string) => (await createCharge(deps(), chargeInput({ phoneNumber: phone }), newKey())).charge;
  const auditsOf = async (action: string) => (await auditRows(db())).filter((r) => r.action === action);
  return { upstream, support, deps, charge, auditsOf };
}
