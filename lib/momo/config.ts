// Where the upstream is and how to reach it: the one place that turns the environment into the
// key the client sends. Only lib/momo/ reads the API key (docs/architecture.md, "Working on the code").
import "server-only";
import { env } from "@/lib/env";
import { keyMode, type KeyMode } from "@/lib/market/key-mode";

export type UpstreamConfig = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  sandbox: boolean;
  /**
   * Headers the configuration adds to every request. Only when the bundled sandbox is the
   * upstream: its caller token (SANDBOX_CALLER_HEADER), so the sandbox counts the dashboard's
   * calls apart from anyone else using its published key (lib/sandbox/caller.ts). Absent with
   * MOMO_BASE_URL: a real upstream never receives it. The client knows nothing of the sandbox.
   */
  headers?: Record<string, string>;
};

/**
 * The upstream bundled with the app (the sandbox, lib/sandbox/): its published test key and the
 * headers it wants. Start-up plugs it in (lib/startup.ts), so the client imports no sandbox. On
 * globalThis: one per process, whatever bundle asks (docs/architecture.md, "Process-wide state").
 */
export type BundledUpstream = { apiKey: string; headers: () => Record<string, string> };
const BUNDLED = Symbol.for("momo-dashboard.bundled-upstream");
const holder = globalThis as { [BUNDLED]?: BundledUpstream };

export function plugInBundledUpstream(bundled: BundledUpstream): void {
  holder[BUNDLED] = bundled;
}

/**
 * Where charges go. With no MOMO_BASE_URL the app calls its own bundled sandbox over HTTP,
 * exactly as it would call the real service, with the sandbox's published test key.
 */
export function upstreamConfig(): UpstreamConfig {
  const e = env();
  // The schema requires MOMO_API_KEY along with MOMO_BASE_URL.
  if (e.MOMO_BASE_URL && e.MOMO_API_KEY) {
    return { baseUrl: e.MOMO_BASE_URL.replace(/\/+$/, ""), apiKey: e.MOMO_API_KEY, timeoutMs: e.MOMO_TIMEOUT_MS, sandbox: false };
  }
  const bundled = holder[BUNDLED];
  if (!bundled) throw new Error("No upstream: MOMO_BASE_URL is not set and the bundled sandbox was not plugged in at start-up");
  return {
    baseUrl: `${selfOrigin()}/sandbox`,
    apiKey: e.MOMO_API_KEY ?? bundled.apiKey,
    timeoutMs: e.MOMO_TIMEOUT_MS,
    sandbox: true,
    headers: bundled.headers(),
  };
}

/** This server's own address; `next start` records the port it bound in PORT. */
function selfOrigin(): string {
  return process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
}

/** TEST or LIVE, from the configured key: what the header may show of it. */
export function upstreamMode(): KeyMode {
  return keyMode(upstreamConfig().apiKey);
}
