import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from "./scripts/chromium";
import { E2E_PASSWORD, FAULTY_API_KEY } from "./tests/e2e/support/users";
import { local, port } from "./tests/e2e/support/ports";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download is not used)
// against the production build: `next build` first, then these servers start it. With
// E2E_DATABASE_URL_BASE set, both app servers run on PostgreSQL instead of PGlite.
const SANDBOX = local(3210);
const FAULTY = local(3211);
const STANDALONE = local(3212);
const FAULT_UPSTREAM_PORT = port(3299);
/** The run's own SMTP server (tests/e2e/support/smtp-sink.ts): the sandbox server's email goes there. */
const SMTP_PORT = port(3298);
const onPostgres = !!process.env.E2E_DATABASE_URL_BASE;

// The PostgreSQL pass leaves out what a person does in the browser (`ui`, `a11y`): those pages'
// queries run there anyway through `api` (every route handler and page × role, as HTTP), and
// what PostgreSQL changes — locks, two instances, crashes — is in the other projects.
const browserOnly = (name: string) => !onPostgres || (name !== "ui" && name !== "a11y");

// What must be over before the secrets are looked for: every test against the two servers has run.
const BEFORE_SECRETS = ["api", "ui", "faulty-upstream", "security", "a11y"].filter(browserOnly);

const launchOptions = { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS };

// What a person does in the browser, one folder per feature (as lib/ and components/ are); the
// attacks on the whole app (security, two instances, faults, secrets, logs) sit at the top.
const FEATURES = [
  "api-keys",
  "audit",
  "backup",
  "batches",
  "business",
  "charge-page",
  "charges",
  "customers",
  "history",
  "home",
  "http",
  "insights",
  "layout",
  "notifications",
  "payment-requests",
  "reconcile",
  "reversals",
  "sandbox",
  "saved-views",
  "search",
  "session",
  "team",
  "webhooks",
];
const walkThroughs = new RegExp(`/(${FEATURES.join("|")})/[^/]+\\.spec\\.ts$`);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Four on 2 cores: the tests wait on idle timeouts, network quiet and servers starting, and with
  // three the PGlite pass left about a fifth of the cores idle; with four it keeps them 90-100%
  // busy until its fault injection (clean-clone runs: 499-522 s with three and the trace on,
  // 423 s with four and no trace in CI). E2E_WORKERS overrides it (scripts/test.sh runs the
  // PostgreSQL pass with two).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: `.test-reports/playwright${onPostgres ? "-postgres" : ""}.json` }]],
  // Each pass its own (Playwright empties it at start; the two passes may run side by side).
  outputDir: `test-results${onPostgres ? "-postgres" : ""}`,
  // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot of the end;
  // the trace's screencast is off: it cost a third of the suite's CPU, on every passing test too.
  // In CI (CI=true, .ci/run) nothing of a run's folder is kept, so no trace is recorded: it is the
  // DOM snapshots of every action of every test, passing ones too. A failure there is rerun here.
  use: {
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions,
    ...devices["Desktop Chrome"],
  },
  // Playwright runs projects in phases: a project starts once every project it depends on has
  // ended, and a phase waits for all of its projects. So `setup` is a phase of its own (seconds),
  // every project that needs nothing else depends on it and shares the next phase, and that phase
  // starts its longest work first (a worker takes the next test in the order below): the serial
  // attack files and axe-core's pages, then the servers of their own, then the short HTTP and
  // browser tests, which fill the workers to the end of the phase.
  projects: [
    // Signs in once per role through the sign-in page and saves each session.
    { name: "setup", testMatch: /auth\.setup\.ts/, use: { baseURL: SANDBOX } },
    // The README's promises attacked: a hostile upstream, budget abuse, bad characters, brute
    // force and headers on two servers of their own. (Anonymous traffic to the sandbox is
    // vitest's, through the route handlers on both databases: tests/unit/sandbox/anonymous-traffic.test.ts.)
    // Two-factor's walk-throughs are what a person does in the browser: the PGlite pass only, as
    // `ui` (their queries run on PostgreSQL in vitest: tests/unit/two-factor/, both databases).
    {
      name: "security",
      testMatch: onPostgres ? /(security|hostile-input)\.spec\.ts/ : /(security|hostile-input|two-factor)\.spec\.ts/,
      dependencies: ["setup"],
      use: { baseURL: SANDBOX },
    },
    // axe-core on every page × role × width × scheme (PGlite pass only, as `ui`).
    ...(onPostgres ? [] : [{ name: "a11y", testMatch: /a11y\.spec\.ts/, dependencies: ["setup"], use: { baseURL: SANDBOX } }]),
    // Two instances on one PostgreSQL (skipped on the PGlite pass).
    { name: "two-instances", testMatch: /two-instances\.spec\.ts/, dependencies: ["setup"] },
    // A webhook delivery through a kill -9, on a server of its own; beside the others (it measures
    // no time), on the PGlite pass (tests/e2e/webhook-crash.spec.ts says why).
    ...(onPostgres ? [] : [{ name: "webhook-crash", testMatch: /webhook-crash\.spec\.ts/, dependencies: ["setup"] }]),
    // First run and a misbehaving live upstream, on a server of its own with an empty database.
    { name: "faulty-upstream", testMatch: /faulty-upstream\.spec\.ts/, dependencies: ["setup"], use: { baseURL: FAULTY } },
    // The deployable standalone server, started as the deploy guide says, on an empty database;
    // and `npm start` as the quick start says, stopped by SIGTERM and Ctrl-C (its own port), and
    // each way in started with a fault (start-faults.spec.ts). Those run the embedded default
    // (PGlite) or no database at all, whatever the pass: on the PGlite pass only.
    {
      name: "standalone",
      testMatch: onPostgres ? /standalone\.spec\.ts/ : /(standalone|npm-start|start-faults)\.spec\.ts/,
      dependencies: ["setup"],
      use: { baseURL: STANDALONE },
    },
    // Route handlers and pages × roles, as HTTP requests.
    { name: "api", testMatch: /api\/.*\.spec\.ts/, dependencies: ["setup"], use: { baseURL: SANDBOX } },
    // What a person does in the browser; staff unless a file says otherwise (test.use({ role }),
    // tests/e2e/support/fixtures.ts).
    ...(onPostgres ? [] : [{ name: "ui", testMatch: walkThroughs, dependencies: ["setup"], use: { baseURL: SANDBOX } }]),
    // Last, once the others are done: secret hygiene. (The fuzzer of every route handler is
    // vitest's, on both databases: tests/unit/http/fuzz-*.test.ts.)
    {
      name: "secrets",
      testMatch: /secrets\.spec\.ts/,
      dependencies: BEFORE_SECRETS,
      use: { baseURL: SANDBOX },
    },
    // When the two passes run side by side (scripts/test.sh), this pass's fault injection waits here
    // until the other pass is quiet: see tests/e2e/quiet.setup.ts.
    { name: "quiet", testMatch: /quiet\.setup\.ts/, dependencies: ["secrets", "standalone", "two-instances"] },
    // 1,000 charges through a faulty upstream and a kill -9, and a bulk batch through another, each
    // on a server of its own; last, so that no other test competes for the CPU while it measures
    // timeouts.
    {
      name: "fault-injection",
      testMatch: /(fault-injection|batch-crash)\.spec\.ts/,
      dependencies: ["quiet"],
    },
    // The very end: every server's log of the whole run, scanned for customer data.
    { name: "log-scan", testMatch: /log-scan\.spec\.ts/, dependencies: ["fault-injection"] },
  ],
  webServer: [
    {
      command: `node --import tsx tests/e2e/support/smtp-sink.ts ${SMTP_PORT}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
    },
    {
      // The embedded default: bundled sandbox upstream, seeded with one member per role.
      command: `bash tests/e2e/support/serve.sh sandbox ${port(3210)} seed`,
      url: `${SANDBOX}/sign-in`,
      // Webhooks: 3 retries, 0.5 s, 1 s, 2 s apart (±10 %), so a failing receiver is switched off within seconds.
      env: {
        MOMO_TIMEOUT_MS: "3000",
        E2E_PASSWORD,
        SWEEP_INTERVAL_SECONDS: "2",
        RECONCILE_PENDING_MINUTES: "1",
        WEBHOOK_RETRIES: "3",
        WEBHOOK_RETRY_BASE_SECONDS: "0.5",
        // Email on, to the run's own SMTP server; APP_URL is what the links in it point at.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: "Momo Dashboard <dashboard@example.test>",
        APP_URL: SANDBOX,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node tests/e2e/support/fault-upstream.mjs ${FAULT_UPSTREAM_PORT} ${FAULTY_API_KEY}`,
      url: `http://127.0.0.1:${FAULT_UPSTREAM_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      // A configured (live-looking) upstream that misbehaves: the sandbox must be gone.
      command: `bash tests/e2e/support/serve.sh faulty ${port(3211)}`,
      url: `${FAULTY}/setup`,
      env: {
        MOMO_BASE_URL: `http://127.0.0.1:${FAULT_UPSTREAM_PORT}`,
        MOMO_API_KEY: FAULTY_API_KEY,
        MOMO_TIMEOUT_MS: "3000",
        SWEEP_INTERVAL_SECONDS: "0",
        // No proxy declared, as in production by default: the socket's address counts.
        TRUSTED_PROXY_HOPS: "0",
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The standalone build as deployed: node .next/standalone/server.js, production mode.
      command: `bash tests/e2e/support/serve.sh standalone ${port(3212)}`,
      url: `${STANDALONE}/setup`,
      // No proxy declared, as in production by default: the socket's address counts.
      env: { MOMO_TIMEOUT_MS: "3000", TRUSTED_PROXY_HOPS: "0" },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
