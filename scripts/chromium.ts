// Debian's Chromium, as the tests and the benchmarks start it: Playwright's own browser download
// cannot reach its host here, and without these flags Chromium keeps trying to reach the network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
