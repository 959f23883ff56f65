// The sandbox's memory: one per process, on globalThis (DESIGN.md, process-wide state).
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Scenario } from "./scenarios";

export const SANDBOX_RATE_LIMIT_PER_MINUTE = 1_000;

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

type Store = { charges: Map<string, SandboxCharge>; nextReference: number; limiter: RateLimiterMemory };

const KEY = Symbol.for("momo-dashboard.sandbox");

export function sandboxStore(): Store {
  const g = globalThis as { [KEY]?: Store };
  g[KEY] ??= {
    charges: new Map(),
    // Starts from the clock so references stay unique across restarts of the app.
    nextReference: Date.now() * 100,
    limiter: new RateLimiterMemory({ points: SANDBOX_RATE_LIMIT_PER_MINUTE, duration: 60 }),
  };
  return g[KEY];
}

export function newReference(store: Store): string {
  store.nextReference += 1;
  return `TXN-MOMO-${store.nextReference}`;
}
