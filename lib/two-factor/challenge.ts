// The sign-in that waits for its second factor, read on the server: the two-factor plugin's
// signed `two_factor` cookie names a verification row whose value is the member's id. The code
// step counts its attempts against that member's account, never against anything the client
// says about who they are.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rateLimits } from "@/lib/db/schema";
import type { Auth } from "@/lib/auth";

export type Challenge = { userId: string; email: string; role: string | null; banned: boolean };

function cookieValue(h: Headers, name: string): string | null {
  for (const part of (h.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The value of a cookie Better Auth signed (`value.base64(HMAC-SHA256)`), or null if forged. */
function unsign(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** The member this request's pending sign-in is for, or null (no challenge, forged, expired). */
export async function pendingChallenge(auth: Auth, h: Headers): Promise<Challenge | null> {
  const ctx = await auth.$context;
  const signed = cookieValue(h, ctx.createAuthCookie("two_factor").name);
  const identifier = signed ? unsign(signed, ctx.secret) : null;
  if (!identifier) return null;
  const row = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!row || row.expiresAt <= new Date()) return null;
  const found = (await ctx.internalAdapter.findUserById(row.value)) as {
    id: string;
    email: string;
    role?: string | null;
    banned?: boolean | null;
  } | null;
  if (!found) return null;
  return { userId: found.id, email: found.email, role: found.role ?? null, banned: !!found.banned };
}

/** A code can be accepted for up to 90 s (the period before and after the current one). */
const CODE_LIFE_MS = 120_000;

/**
 * Claims this authenticator code for this member before it is checked: true only for the
 * first claim while the code can still be valid. One INSERT … ON CONFLICT … WHERE expired,
 * atomic on PostgreSQL, so two requests with one code (on any instances) cannot both pass.
 */
export async function claimCode(db: Db, userId: string, code: string): Promise<boolean> {
  const now = new Date();
  const claimed = await db
    .insert(rateLimits)
    .values({ key: usedKey(userId, code), points: 1, expire: new Date(now.getTime() + CODE_LIFE_MS) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { points: 1, expire: new Date(now.getTime() + CODE_LIFE_MS) },
      setWhere: lt(rateLimits.expire, now),
    })
    .returning({ key: rateLimits.key });
  return claimed.length === 1;
}

/** A code that turned out wrong was never accepted: its claim goes. */
export async function releaseCode(db: Db, userId: string, code: string): Promise<void> {
  await db.delete(rateLimits).where(and(eq(rateLimits.key, usedKey(userId, code)), gt(rateLimits.expire, new Date())));
}

const usedKey = (userId: string, code: string) => `totp_used:${userId}:${code}`;
