// The sandbox's memory: one per process, on globalThis (docs/architecture.md, "Process-wide state").
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Scenario } from "@/lib/market/test-numbers";

export const SANDBOX_RATE_LIMIT_PER_MINUTE = 1_000;

/**
 * At most this many charges are kept; past it the oldest are forgotten (their lookups answer
 * 404). Anyone may charge with the published key, so without a bound the map would grow for
 * as long as the process runs. Each bucket may add 1,000 a minute, so a charge is kept for 25
 * minutes at the very least: far past a USSD charge's 4 s and the sweep's minute.
 */
export const SANDBOX_MAX_CHARGES = 50_000;

/** Who is calling: the dashboard itself (proven by lib/sandbox/caller.ts) or anyone else. */
export type SandboxCaller = "dashboard" | "other";

export type SandboxCharge = {
  reference: string;
  apiKey: string;
  scenario: Scenario;
  createdAt: number;
  request: { amount: number; currency: string; phone_number: string; provider: string; vouchers: string; description: string };
  /** Set for charges that end at once; USSD charges settle by time (see status in handlers). */
  finalStatus: "success" | "failed" | null;
  message: string;
};

type Store = {
  charges: Map<string, SandboxCharge>;
  /** SANDBOX_MAX_CHARGES; a field so a test can make it small. */
  maxCharges: number;
  nextReference: number;
  /** One bucket per caller, each SANDBOX_RATE_LIMIT_PER_MINUTE per key: others cannot empty the dashboard's. */
  limiters: Record<SandboxCaller, RateLimiterMemory>;
};

const KEY = Symbol.for("momo-dashboard.sandbox");

export function sandboxStore(): Store {
  const g = globalThis as { [KEY]?: Store };
  const bucket = () => new RateLimiterMemory({ points: SANDBOX_RATE_LIMIT_PER_MINUTE, duration: 60 });
  g[KEY] ??= {
    charges: new Map(),
    maxCharges: SANDBOX_MAX_CHARGES,
    // Starts from the clock so references stay unique across restarts of the app.
    nextReference: Date.now() * 100,
    limiters: { dashboard: bucket(), other: bucket() },
  };
  return g[KEY];
}

export function newReference(store: Store): string {
  store.nextReference += 1;
  return `TXN-MOMO-${store.nextReference}`;
}

/** Keeps a charge, forgetting the oldest beyond maxCharges (a Map iterates in insertion order). */
export function keepCharge(store: Store, charge: SandboxCharge): void {
  store.charges.set(charge.reference, charge);
  for (const reference of store.charges.keys()) {
    if (store.charges.size <= store.maxCharges) break;
    store.charges.delete(reference);
  }
}
