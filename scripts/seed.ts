// npm run db:seed -- --rows 100000 [--days 90] [--force]
// Fills the ledger with a realistic demo history (scripts/seed/seed.ts): PostgreSQL when
// DATABASE_URL is set, else PGlite in DATA_DIR (./data). Rows are added, never replaced, and
// spread over the members already in the database (add them first with users:add).
// With PGlite, stop the server first: one process at a time may open the folder.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_SEED_DAYS, MAX_SEED_ROWS, seedCharges } from "./seed/seed";
import { openDb } from "../lib/db/open";

const USAGE =
  "usage: npm run db:seed -- --rows N [--days D] [--force]" +
  `   (N ≤ ${MAX_SEED_ROWS.toLocaleString("en")}, D ≤ ${MAX_SEED_DAYS}, default 90)`;

const { values } = parseArgs({
  options: { rows: { type: "string" }, days: { type: "string", default: "90" }, force: { type: "boolean", default: false } },
});
const rows = Number(values.rows);
const days = Number(values.days);
if (!Number.isInteger(rows) || rows < 1 || rows > MAX_SEED_ROWS || !Number.isInteger(days) || days < 1 || days > MAX_SEED_DAYS) {
  console.error(USAGE);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";
// PGlite writes postmaster.pid while a process has the folder open and removes it on a clean
// close. Opening it a second time would corrupt it, so a present file means "stop the server".
if (!databaseUrl && existsSync(path.join(dataDir, "postmaster.pid")) && !values.force) {
  console.error(
    `${path.resolve(dataDir)} is open in another process (its postmaster.pid exists): ` +
      "stop the server (npm start / npm run dev) and run this again.\n" +
      "If no process has it open (a server was killed rather than stopped), add --force.",
  );
  process.exit(1);
}

const where = databaseUrl
  ? `PostgreSQL (${new URL(databaseUrl).host}${new URL(databaseUrl).pathname})`
  : `PGlite in ${path.resolve(dataDir)}`;
console.log(`seeding ${rows.toLocaleString("en")} charges over the last ${days} days into ${where}…`);
const opened = await openDb({ databaseUrl, dataDir });
try {
  const result = await seedCharges(opened.db, {
    rows,
    days,
    parallel: opened.kind === "postgres" ? 2 : 1,
    // Progress on a terminal only; a log file gets the summary alone.
    onBatch: (done) => process.stdout.isTTY && process.stdout.write(`  ${done.toLocaleString("en")} / ${rows.toLocaleString("en")}\r`),
  });
  const statuses = Object.entries(result.byStatus)
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${s} ${n.toLocaleString("en")} (${((100 * n) / result.rows).toFixed(1)}%)`)
    .join(", ");
  console.log(
    `added ${result.rows.toLocaleString("en")} charges in ${(result.ms / 1000).toFixed(1)} s ` +
      `(${result.batches} batches, run ${result.run}), then ANALYZE`,
  );
  console.log(`  statuses: ${statuses}`);
  console.log(`  created between ${result.from} and ${result.to}`);
  console.log(`  made by: ${result.members ? `${result.members} existing member(s)` : "nobody (no members yet: created_by is empty)"}`);
  console.log(`  idempotency keys seed-${result.run}-N; references TXN-MOMO-9… (unknown charges have none)`);
} catch (error) {
  console.error(`seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
