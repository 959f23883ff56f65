import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download is not used)
// against the production build: `next build` first, then these servers start it.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SANDBOX_PORT = 3210;
const FAULTY_PORT = 3211;
const FAULT_UPSTREAM_PORT = 3299;

const launchOptions = {
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-reports/playwright.json" }]],
  use: { trace: "retain-on-failure", launchOptions, ...devices["Desktop Chrome"] },
  projects: [
    { name: "sandbox", testIgnore: /faulty-upstream/, use: { baseURL: `http://127.0.0.1:${SANDBOX_PORT}` } },
    { name: "faulty-upstream", testMatch: /faulty-upstream/, use: { baseURL: `http://127.0.0.1:${FAULTY_PORT}` } },
  ],
  webServer: [
    {
      // The embedded default: bundled sandbox upstream, PGlite in a fresh folder.
      command: `rm -rf .e2e/sandbox && npx next start -H 127.0.0.1 -p ${SANDBOX_PORT}`,
      url: `http://127.0.0.1:${SANDBOX_PORT}/charges/new`,
      env: { DATA_DIR: ".e2e/sandbox", MOMO_TIMEOUT_MS: "3000" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node tests/e2e/support/fault-upstream.mjs ${FAULT_UPSTREAM_PORT}`,
      url: `http://127.0.0.1:${FAULT_UPSTREAM_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      // A configured (live-looking) upstream that misbehaves: the sandbox must be gone.
      command: `rm -rf .e2e/faulty && npx next start -H 127.0.0.1 -p ${FAULTY_PORT}`,
      url: `http://127.0.0.1:${FAULTY_PORT}/charges/new`,
      env: {
        DATA_DIR: ".e2e/faulty",
        MOMO_BASE_URL: `http://127.0.0.1:${FAULT_UPSTREAM_PORT}`,
        MOMO_API_KEY: "sk_live_e2e_not_a_real_key_51f0",
        MOMO_TIMEOUT_MS: "3000",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
