// The process's one Better Auth instance, built once the database (and so the secret) is up.
import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { emailOn, sendMail } from "@/lib/email";
import { createAuth, type Auth, type ResetSender, createSignInThrottle, type SignInThrottle } from "@/lib/auth";
import { emailResetLink } from "./reset-email";
import { getOrCreateSecret } from "./secret";

const KEY = Symbol.for("momo-dashboard.auth");
type Holder = { [KEY]?: Promise<{ auth: Auth; throttle: SignInThrottle }> };

async function build() {
  const db = await getDb();
  const e = env();
  const secret = e.BETTER_AUTH_SECRET ?? (await getOrCreateSecret(db, "better_auth"));
  // A reset link a member asked for is emailed without the asker waiting (lib/session/reset-email.ts).
  const sendResetPassword: ResetSender = (member, token) => {
    if (emailOn()) emailResetLink(db, sendMail, member, token);
  };
  return { auth: createAuth({ db, secret, appUrl: e.APP_URL, sendResetPassword }), throttle: createSignInThrottle(db) };
}

function built() {
  const g = globalThis as Holder;
  g[KEY] ??= build().catch((error) => {
    delete g[KEY];
    throw error;
  });
  return g[KEY];
}

export async function getAuth(): Promise<Auth> {
  return (await built()).auth;
}

export async function getSignInThrottle(): Promise<SignInThrottle> {
  return (await built()).throttle;
}
