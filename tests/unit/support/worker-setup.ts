// Before each test file, in its worker: TEST_DATABASE_URL names this worker's own PostgreSQL
// database (made from the migrated one by ./global-setup.ts), so the files of one worker share it
// one after another and the workers never meet; and what a file stubbed or faked is undone.
import { afterAll, afterEach, inject, vi } from "vitest";
import { workerDatabase } from "./global-setup";

const base = inject("postgresBase");
if (base) {
  const url = new URL(base);
  url.pathname = `/${workerDatabase(url.pathname.slice(1), process.env.VITEST_POOL_ID ?? "1")}`;
  process.env.TEST_DATABASE_URL = url.toString();
}

// Workers run file after file in one process (vitest.config.ts: isolate false): nothing a file
// changed in the process may reach the next one.
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
