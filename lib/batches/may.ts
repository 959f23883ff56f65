// Who may decide on a batch and who may steer it (README, "Bulk charges": maker-checker). Read by
// the decisions (./decide.ts) and by the views, which offer only what the member may do.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/lib/db/open";
import { securitySettings, user, type Batch } from "@/lib/db/schema";
import type { Member } from "@/lib/access/types";

export const SELF_APPROVAL_RULES = ["never", "sole_owner", "always"] as const;
export type SelfApproval = (typeof SELF_APPROVAL_RULES)[number];

async function selfApprovalRule(db: Db): Promise<SelfApproval> {
  const [row] = await db.select({ rule: securitySettings.batchSelfApproval }).from(securitySettings).limit(1);
  const rule = row?.rule as SelfApproval | undefined;
  return rule && SELF_APPROVAL_RULES.includes(rule) ? rule : "sole_owner";
}

/** Whether `member` may approve a batch `makerId` prepared (README, "Bulk charges": maker-checker). */
export async function mayApprove(db: Db, member: Member, makerId: string): Promise<{ ok: true } | { ok: false; why: string }> {
  if (member.role !== "owner") return { ok: false, why: "Only an owner approves a batch." };
  if (member.id !== makerId) return { ok: true };
  const rule = await selfApprovalRule(db);
  if (rule === "always") return { ok: true };
  if (rule === "sole_owner") {
    const [{ owners }] = rowsOf<{ owners: number | string }>(
      await db.execute(
        sql`select count(*) as owners from ${user} where role = 'owner' and coalesce(banned, false) = false and id <> ${member.id}`,
      ),
    );
    if (Number(owners) === 0) return { ok: true };
    return { ok: false, why: "Another owner approves a batch you prepared." };
  }
  return { ok: false, why: "A batch is approved by someone other than the member who prepared it." };
}

/** The owner, or the member who prepared it, pauses, resumes or cancels a batch. */
export function mayControl(member: Member, batch: Pick<Batch, "createdBy">): boolean {
  return member.role === "owner" || member.id === batch.createdBy;
}
