import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React's server build; under vitest it is an empty module.
      "server-only": path.resolve(import.meta.dirname, "tests/unit/support/server-only.ts"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // Audit entries are signed (lib/audit/signing.ts): with this key, not one made in ./data.
    env: { AUDIT_SIGNING_KEY: "vitest-audit-signing-key-0123456789abcdef" },
    hookTimeout: 30_000,
    // Migrated databases made once per run (a PGlite template; a PostgreSQL database per worker).
    globalSetup: ["tests/unit/support/global-setup.ts"],
    setupFiles: ["tests/unit/support/worker-setup.ts"],
    // A worker runs file after file in one process: the modules, the WebAssembly of PGlite and
    // the worker's database are loaded once, not per file (tests/unit/support/worker-setup.ts
    // undoes what a file stubbed). Much of the work waits on a database or a local server, so
    // more workers than cores pay: VITEST_WORKERS overrides the measured default.
    isolate: false,
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
  },
});
