// npm run bench:history [-- --sizes 10000,100000,1000000] [--runs 200] [--no-page] [--explain]
// Times the history query (lib/history/queries.ts) on seeded ledgers of growing size: PGlite in
// a temporary folder always, and PostgreSQL when BENCH_DATABASE_URL names a server (in a database
// of its own, made beside the one named and dropped at the end: own-database.ts). Then, when
// `next build` has been run, times the whole Transactions page on the largest ledger
// (history-run.ts).
import { parseArgs } from "node:util";
import { REPETITIONS } from "./history-cases";
import { benchHistory } from "./history-run";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,1000000" },
    // Timed runs per query and size; a few make a quick check that the benchmark runs (its test).
    runs: { type: "string", default: String(REPETITIONS) },
    "no-page": { type: "boolean", default: false },
    explain: { type: "boolean", default: false },
  },
});
const sizes = values.sizes
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
if (sizes.some((n) => !Number.isInteger(n) || n < 100 || n > 1_000_000)) throw new Error("--sizes: whole numbers from 100 to 1000000");
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs: a whole number from 1");
const pgServer = process.env.BENCH_DATABASE_URL || undefined;

await benchHistory({ sizes, runs, page: !values["no-page"], explain: values.explain, pgServer, print: console.log });
