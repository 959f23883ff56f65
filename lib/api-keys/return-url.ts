// The customer's way back to the shop after paying a link the shop made through the API: its
// return_url with what happened — the link, the attempt (a charge), its status — signed with the
// key's signing secret in the Standard Webhooks scheme, so the shop checks it with the same package
// it checks webhooks with. Never the customer's number. Signed when the customer taps Back (the
// time is then), so the shop's five-minute tolerance holds however long the receipt stayed open.
import "server-only";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { DbOrTx } from "@/lib/db/open";
import { apiKeys } from "@/lib/db/schema";

export type ShopReturn = { payLinkId: string; chargeId: string; status: string };

/**
 * What is signed: the three as compact JSON in this order, `{"pay_link":…,"charge":…,"status":…}`
 * — what JSON.stringify({ pay_link, charge, status }) makes of the address's parameters — because
 * the standardwebhooks package checks a JSON payload (its verify parses what it checked).
 */
export const signedText = (r: ShopReturn) => JSON.stringify({ pay_link: r.payLinkId, charge: r.chargeId, status: r.status });

/**
 * `returnUrl` with pay_link, charge, status, timestamp (Unix seconds) and signature added (the
 * shop's own parameters kept); null when the key that made the link is gone.
 */
export async function signedReturnUrl(
  db: DbOrTx,
  apiKeyId: string,
  returnUrl: string,
  r: ShopReturn,
  now = new Date(),
): Promise<string | null> {
  const [key] = await db.select({ secret: apiKeys.signingSecret }).from(apiKeys).where(eq(apiKeys.id, apiKeyId));
  if (!key) return null;
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const signature = new Webhook(key.secret).sign(r.chargeId, at, signedText(r));
  const url = new URL(returnUrl);
  url.searchParams.set("pay_link", r.payLinkId);
  url.searchParams.set("charge", r.chargeId);
  url.searchParams.set("status", r.status);
  url.searchParams.set("timestamp", String(at.getTime() / 1000));
  url.searchParams.set("signature", signature);
  return url.toString();
}
