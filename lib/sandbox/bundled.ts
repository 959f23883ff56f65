// The sandbox as the app's bundled upstream: what start-up plugs into the client's configuration
// (lib/startup.ts → plugInBundledUpstream), used only while no MOMO_BASE_URL is set, so a real
// upstream never receives the caller token.
import "server-only";
import type { BundledUpstream } from "@/lib/momo/config";
import { SANDBOX_CALLER_HEADER, sandboxCallerToken } from "./caller";
import { SANDBOX_API_KEY } from "./keys";

export const bundledSandbox: BundledUpstream = {
  apiKey: SANDBOX_API_KEY,
  headers: () => ({ [SANDBOX_CALLER_HEADER]: sandboxCallerToken() }),
};
