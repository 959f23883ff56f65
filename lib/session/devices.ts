// The browsers each member signs in from. A long-lived cookie names the browser (a random value;
// the database keeps only its digest). A sign-in from a browser the member has not used before,
// when they have used another, tells them (session.new_device: the bell and, if they chose, an
// email), so a stolen password shows itself to its owner. The first browser ever tells no one.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/open";
import { env } from "@/lib/env";
import { emitEvent } from "@/lib/events";
import { knownDevice } from "@/lib/http/user-agent";

const COOKIE = "momo_device";
/** 400 days: the longest a browser keeps a cookie (RFC 6265bis). */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

function cookieValue(headers: Headers): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE) {
      const value = rest.join("=");
      return VALUE.test(value) ? value : null;
    }
  }
  return null;
}

const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

/**
 * Records the browser of a sign-in that just succeeded and returns the cookie that names it. A
 * browser new to a member who has signed in elsewhere before writes session.new_device with the
 * device in words ("Chrome 124 on macOS"), once however many sign-ins race from it.
 */
export async function rememberDevice(db: Db, memberId: string, headers: Headers, now = new Date()): Promise<string> {
  const value = cookieValue(headers) ?? randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ inserted: boolean; others: number }>(
      await tx.execute(sql`
        with known as (select count(*)::int as n from member_devices where member_id = ${memberId} and device_digest <> ${digest(value)}),
             seen as (
               insert into member_devices (member_id, device_digest, first_seen_at, last_seen_at)
               values (${memberId}, ${digest(value)}, ${now}, ${now})
               on conflict (member_id, device_digest) do update set last_seen_at = excluded.last_seen_at
               returning (xmax = 0) as inserted)
        select seen.inserted, known.n as others from seen, known`),
    );
    if (row?.inserted && row.others > 0) {
      await emitEvent(tx, "session.new_device", memberId, {
        memberId,
        device: knownDevice(headers.get("user-agent")),
        at: now.toISOString(),
      });
    }
  });
  const secure = env().APP_URL?.startsWith("https://") ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
