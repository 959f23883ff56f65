// The durable reference's sign-in, for the benchmark only: a session row for a member, its token
// as a cookie. (A real sign-in checks a password; the per-charge work measured is the lookup.)
import { randomBytes } from "node:crypto";
import { db } from "../db";

export const dynamic = "force-dynamic";

export async function POST(): Promise<Response> {
  const q = await db();
  const token = randomBytes(32).toString("base64url");
  await q("insert into bench_ref.sessions (token, member_id, expires_at) values ($1, $2, now() + interval '12 hours')", [
    token,
    `member-${randomBytes(4).toString("hex")}`,
  ]);
  return new Response(null, { status: 204, headers: { "Set-Cookie": `ref_session=${token}; Path=/; HttpOnly; SameSite=Lax` } });
}
