// npm run data:retention -- --older-than 400d [--apply]
// Masks the phone numbers and descriptions of settled charges made more than the period ago
// (lib/retention/retention.ts). A dry run by default: it prints how many charges and which dates it
// would change, and changes nothing. With PGlite, stop the server first (one process at a time
// may open ./data); with DATABASE_URL it can run at any time, even twice at once.
import { parseArgs } from "node:util";
import { runRetention } from "../lib/retention/retention";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "../lib/market/retention-period";
import { openDb } from "../lib/db/open";
import { errorDetail } from "../lib/log";

const USAGE = `usage: npm run data:retention -- --older-than <days>d [--apply]   (${MIN_RETENTION_DAYS}d to ${MAX_RETENTION_DAYS}d; dry run without --apply)`;

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

let values: { "older-than"?: string; apply?: boolean };
try {
  ({ values } = parseArgs({ options: { "older-than": { type: "string" }, apply: { type: "boolean", default: false } }, strict: true }));
} catch (error) {
  fail((error as Error).message);
}
const period = values["older-than"];
if (!period) fail("--older-than is required: how old a settled charge must be to lose its phone number and description.");
const match = /^(\d{1,5})d$/.exec(period);
if (!match) fail(`--older-than must be a number of days written like 400d (got ${JSON.stringify(period.slice(0, 20))}).`);
const days = Number(match[1]);
if (days < MIN_RETENTION_DAYS || days > MAX_RETENTION_DAYS)
  fail(`--older-than must be from ${MIN_RETENTION_DAYS}d to ${MAX_RETENTION_DAYS}d, so that a typo cannot wipe last week's charges.`);

const opened = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
try {
  const r = await runRetention(opened.db, { olderThanDays: days, apply: !!values.apply });
  const range = r.from && r.to ? `, made between ${r.from} and ${r.to}` : "";
  const what = `settled charge${r.charges === 1 ? "" : "s"} made before ${r.cutoff}${range}`;
  if (r.applied) console.log(`masked the phone number and description of ${r.charges} ${what} (recorded in the audit log)`);
  else console.log(`dry run: would mask the phone number and description of ${r.charges} ${what}\nrun again with --apply to change them`);
} catch (error) {
  // The error as the log shows one: its kind and SQLSTATE, never the values it quotes.
  console.error(`retention failed: ${JSON.stringify(errorDetail(error))}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
