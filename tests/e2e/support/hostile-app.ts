// The app servers the security specs attack (security.spec.ts, hostile-input.spec.ts): each
// `next start` on a fresh database of its own, seeded with one member per role, in front of a
// hostile upstream (hostile-upstream.ts) that each test programs; and the requests they send.
import { expect, type APIRequestContext } from "@playwright/test";
import { spawnAppServer, type AppServer } from "./app-server";
import { signedInApi } from "./attack";
import { startHostileUpstream, type HostileUpstream } from "./hostile-upstream";
import { remember } from "./used-text";
import { E2E_PASSWORD, emailOf } from "./users";
import { uniqueKey } from "./api";

// Not shaped like sk_live_…: only the exact-key scrub, after decoding, can catch it.
export const KEY = "momo-live-7Qx2Lp9Vd4Rt8Wz3Hk6";

export type HostileApp = {
  upstream: HostileUpstream;
  app: AppServer;
  owner: APIRequestContext;
  staff: APIRequestContext;
  support: APIRequestContext;
};

/**
 * Starts a hostile upstream and, in front of it, app server NAME (serve.sh, seeded with one
 * member per role; its log LOG.log in the run's folder) on PORT; signs the owner, staff and support member in.
 * NAME names the database too (PostgreSQL's "${E2E_DATABASE_URL_BASE}_NAME"): no dashes.
 */
export async function startHostileApp(name: string, port: number, log = name): Promise<HostileApp> {
  const upstream = await startHostileUpstream(KEY);
  const app = spawnAppServer(name, port, "seed", hostileEnv(upstream), log);
  try {
    await app.ready;
    const [owner, staff, support] = await Promise.all(
      ["owner", "staff", "support"].map((r) => signedInApi(app.base, emailOf(r as "owner"), E2E_PASSWORD)),
    );
    return { upstream, app, owner, staff, support };
  } catch (error) {
    app.stop();
    await upstream.close();
    throw error;
  }
}

const hostileEnv = (upstream: HostileUpstream) => ({
  E2E_PASSWORD,
  MOMO_BASE_URL: upstream.url,
  MOMO_API_KEY: KEY,
  MOMO_TIMEOUT_MS: "3000",
  SWEEP_INTERVAL_SECONDS: "0",
});

/**
 * Stops the app server, waits until its port is closed, runs `meanwhile` (on its database, which
 * PGlite lets one process open at a time) and starts it again on the same database. The members'
 * sessions live in the database: the signed-in contexts go on working.
 */
export async function restartHostileApp(h: HostileApp, name: string, meanwhile: () => Promise<void>, log = name): Promise<AppServer> {
  h.app.stop();
  await h.app.gone();
  await meanwhile();
  const app = spawnAppServer(name, h.app.port, "keep", hostileEnv(h.upstream), log);
  await app.ready;
  return app;
}

/** Ends what startHostileApp started (whatever of it did start). */
export async function stopHostileApp(h: Partial<HostileApp>) {
  for (const api of [h.owner, h.staff, h.support]) await api?.dispose();
  h.app?.stop();
  await h.upstream?.close();
}

let n = 0;
/** A valid charge form's body, with `over` replacing some of its fields. */
export const body = (over: Record<string, string> = {}) => ({
  amount: "3.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: remember(`security check ${n++}`),
  ...over,
});

/** Makes a charge through the API (as whoever `api` is signed in as); it must be made (201). */
export async function charge(api: APIRequestContext, over: Record<string, string> = {}) {
  const res = await api.post("/api/charges", { data: body(over), headers: { "Idempotency-Key": uniqueKey("security") } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).charge as { id: string; status: string; outcomeCode: string | null; message: string };
}

/** Every charge id in the ledger, through the owner's export; sorted. */
export async function ledgerIdsOf(owner: APIRequestContext): Promise<string[]> {
  const res = await owner.get("/api/charges/export");
  expect(res.status()).toBe(200);
  return [...(await res.text()).matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].map((m) => m[0]).sort();
}

/** For a URL: a lone surrogate has no UTF-8, so it goes as the bytes a careless client would send. */
export const q = (s: string) => [...s].map((ch) => (/[\ud800-\udfff]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");
