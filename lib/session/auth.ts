// The process's one Better Auth instance, built once the database (and so the secret) is up.
import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createAuth, type Auth } from "./create-auth";
import { getOrCreateSecret } from "./secret";
import { createSignInThrottle, type SignInThrottle } from "./throttle";

const KEY = Symbol.for("momo-dashboard.auth");
type Holder = { [KEY]?: Promise<{ auth: Auth; throttle: SignInThrottle }> };

async function build() {
  const db = await getDb();
  const e = env();
  const secret = e.BETTER_AUTH_SECRET ?? (await getOrCreateSecret(db, "better_auth"));
  return { auth: createAuth({ db, secret, appUrl: e.APP_URL }), throttle: createSignInThrottle(db) };
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
