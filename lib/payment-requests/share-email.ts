// A pay link emailed to the directory customer it was made for, in the member's own words: only
// while the link takes payments, only when email is on and the customer has an address, and only
// with the link's own address in the text (so it cannot carry anything else). Counted per link and
// per member (rate-limiter-flexible's Drizzle store); audited with the customer's id, never the
// address or the text, which no log line carries either.
import "server-only";
import { dbLimiter, takePlace } from "@/lib/rate-limit";
import { audit } from "@/lib/audit";
import { recentBusinessProfile } from "@/lib/business";
import { getCustomer } from "@/lib/customers";
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { canSeeWholePhone, can } from "@/lib/access";
import type { Member } from "@/lib/access/types";
import { currentStatus, getRequest } from "./queries";
import type { ShareEmailInput } from "./schema";
import { SHARE_LINK_MISSING, shareMessage } from "./shape";
import type { PaymentRequestView, ShareTarget } from "./view";

/** Emails in any hour: of one link (a customer is not sent the same link over and over), and by one member. */
export const SHARE_EMAIL_LIMITS = { link: 3, member: 30 } as const;
const WINDOW_S = 3_600;

/** Sends one plain-text email (lib/email/mailer.ts: sendText), or null when email is off. */
export type SendText = ((to: string, subject: string, text: string) => Promise<void>) | null;

async function count(db: Db, kind: keyof typeof SHARE_EMAIL_LIMITS, key: string): Promise<void> {
  const seconds = await takePlace(dbLimiter(db, `share_email_${kind}`, SHARE_EMAIL_LIMITS[kind], WINDOW_S), key);
  if (seconds === null) return;
  const minutes = Math.ceil(seconds / 60);
  const what = kind === "link" ? `this link ${SHARE_EMAIL_LIMITS.link} times` : `${SHARE_EMAIL_LIMITS.member} links`;
  throw new AppError(
    "too_many_attempts",
    `You emailed ${what} in the last hour. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/**
 * Emails the message of pay link `id` to its customer. `origin`: the app's public address, which
 * with the link's path makes the address the message must hold.
 */
export async function emailPayLink(
  { db, member }: { db: Db; member: Member },
  id: string,
  input: ShareEmailInput,
  o: { origin: string; send: SendText },
): Promise<{ sent: true; to: string }> {
  if (!can(member.role, "request:create")) throw new AppError("forbidden", "Your role does not allow sharing pay links.");
  const r = await getRequest(db, id);
  if (!r) throw new AppError("not_found", "No payment request has this id.");
  const status = await currentStatus(db, r);
  if (status !== "active")
    throw new AppError("request_state", `This pay link ${status === "paused" ? "is paused" : `is ${status}`}: it cannot be sent now.`);
  const customer = r.customerId ? await getCustomer(db, r.customerId) : null;
  if (!o.send || !customer?.email) throw new AppError("share_email_unavailable");
  if (!input.message.includes(`${o.origin}/pay/${r.token}`)) {
    throw new AppError("invalid_request", undefined, { fields: { message: SHARE_LINK_MISSING } });
  }
  await count(db, "link", r.id);
  await count(db, "member", member.id);
  const business = (await recentBusinessProfile(db)).name;
  try {
    await o.send(customer.email, `${business || "Momo Dashboard"}: payment link`, input.message);
  } catch (error) {
    log("error", "pay_link_email_failed", { error: error instanceof Error ? error.name : "error" });
    throw new AppError("email_failed");
  }
  await audit(db, { action: "payment_request_emailed", actor: member, targetId: r.id, detail: { customerId: customer.id } });
  return { sent: true, to: customer.name };
}

/**
 * The share area of pay link `r` at `url`, for the member asking: the message, and the customer's
 * number (as the member may see it: whole or not at all) and whether they can be emailed.
 */
export async function shareTarget(
  { db, member }: { db: Db; member: Member },
  r: PaymentRequestView,
  url: string,
  email: boolean,
): Promise<ShareTarget> {
  const [business, customer] = await Promise.all([recentBusinessProfile(db), r.customer ? getCustomer(db, r.customer.id) : null]);
  return {
    message: shareMessage({ business: business.name, amount: r.amount, currency: r.currency, description: r.description, url }),
    phone: customer && canSeeWholePhone(member, customer) ? customer.phoneNumber : null,
    emailTo: email && customer?.email ? customer.name : null,
  };
}
