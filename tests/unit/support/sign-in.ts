// signIn as the sign-in tests call it: the real throttle on the test database, the waits
// recorded instead of slept.
import type { Auth } from "@/lib/auth/create-auth";
import { signIn } from "@/lib/auth/sign-in";
import { createSignInThrottle } from "@/lib/auth/throttle";
import type { Db } from "@/lib/db/open";

export const IP = "203.0.113.9";
export const EMAIL = "kofi@example.com";

/** signIn's deps on this database and Better Auth; `slept` lists the waits; `attempt` signs in. */
export function signInSetup(db: Db, auth: Auth) {
  const slept: number[] = [];
  const deps = {
    db,
    auth,
    throttle: createSignInThrottle(db),
    sleep: async (ms: number) => void slept.push(ms),
  };
  const attempt = (password: string, email = EMAIL, ip: string | null = IP) =>
    signIn(deps, { email, password }, { headers: new Headers(), ip });
  return { deps, slept, attempt };
}
