// Back to the shop: a link made through the API with a return_url sends its customer back there
// from the receipt, once the attempt has an outcome (paid, failed, or not known: the shop learns
// which, and checks the signature). The page links to /pay/{token}/return?attempt=…, which signs
// the address as the customer taps it (lib/api-keys/return-url.ts) and answers 303 to it.
import "server-only";
import { signedReturnUrl } from "@/lib/api-keys";
import { findChargeByKey } from "@/lib/charges";
import { idempotencyKeySchema } from "@/lib/charges/schema";
import type { Db } from "@/lib/db/open";
import type { PaymentRequest } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { ledgerKey, linkOf } from "./pay";

/** The outcomes the receipt sends the customer back with; a waiting attempt keeps its page. */
const BACK_WITH = new Set(["success", "failed", "unknown"]);

/** The receipt's Back link for this attempt, or null: none asked for, or no outcome yet. */
export function backLink(r: PaymentRequest, status: string, attemptKey: string): string | null {
  if (!r.returnUrl || !r.apiKeyId || !BACK_WITH.has(status)) return null;
  return `/pay/${r.token}/return?attempt=${encodeURIComponent(attemptKey)}`;
}

/** Where Back goes for the attempt `attemptKey` on link `token`, signed now; null when there is nowhere (404). */
export async function shopReturn(db: Db, token: string, attemptKey: string): Promise<string | null> {
  const r = await linkOf(db, token).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "pay_link_unknown") return null;
    throw error;
  });
  const key = idempotencyKeySchema.safeParse(attemptKey);
  if (!r?.returnUrl || !r.apiKeyId || !key.success) return null;
  const charge = await findChargeByKey(db, ledgerKey(r, key.data), null);
  if (!charge || !BACK_WITH.has(charge.status)) return null;
  return signedReturnUrl(db, r.apiKeyId, r.returnUrl, { payLinkId: r.id, chargeId: charge.id, status: charge.status });
}
