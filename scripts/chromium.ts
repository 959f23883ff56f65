// Debian's Chromium, as the tests and the benchmarks start it: Playwright's own browser download
// cannot reach its host here, and without these flags Chromium keeps trying to reach the network.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the end-to-end tests drive: Debian's headless shell (package chromium-headless-shell,
 * Chromium's own engine without the browser around it, as Playwright's headless runs use) where it
 * is installed — the suite's Chromium work is about 15% less — else Chromium. CHROMIUM_PATH wins.
 * The benchmarks keep Chromium: Lighthouse measures the browser people use.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
