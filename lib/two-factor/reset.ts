// The owner resets another member's second factor (a lost phone): their secret and recovery
// codes are deleted, the flag goes off and their sessions end, in one transaction, audited, with
// its member.two_factor_reset event for the outbox.
// If their role requires two-factor, their next sign-in leads them through enrolment again.
import { eq } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import { session, twoFactor, user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import { emitEvent } from "@/lib/events";

export async function resetTwoFactor({ db, member: owner, caller }: Asker, targetId: string): Promise<void> {
  if (targetId === owner.id) {
    throw new AppError("own_factor", "You cannot reset your own second factor here; use Your profile.");
  }
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id, enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, targetId)).for("update");
    if (!target) throw new AppError("not_found", "No such member.");
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, targetId)).returning({ id: twoFactor.id });
    if (!target.enabled && removed.length === 0) throw new AppError("two_factor_off", "This member has no second factor to reset.");
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, targetId));
    const ended = await tx.delete(session).where(eq(session.userId, targetId)).returning({ id: session.id });
    await audit(tx, { action: "two_factor_reset", actor: owner, targetId, ip: caller.ip, detail: { sessionsEnded: ended.length } });
    await emitEvent(tx, "member.two_factor_reset", targetId, { memberId: targetId, by: owner.id, sessionsEnded: ended.length });
  });
}
