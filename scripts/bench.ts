// npm run bench [-- --only overhead,budget,load,js,lighthouse] [--rounds 3] [--users 200]
//   (BENCH_DATABASE_URL=postgres://… to run on PostgreSQL)
// The dashboard's promises as figures (not tests): each part starts the built app (`next start`)
// on loopback against a local upstream stand-in, measures with bounded loops, and prints a
// table. Needs `npm run build` first. About 9 minutes in all on two cores.
//   overhead   time the dashboard adds per charge over calling the upstream directly, beside
//              a bare forwarding route handler and a durable reference (scripts/bench-forwarder),
//              at concurrency 1/10/100, with each one's Node and database CPU per charge
//   budget     2,000 charges a minute offered for 2 minutes against the 1,000/min budget
//   load       200 signed-in members, each acting about once a second for 60 s
//   js         JavaScript per page (scripts/bench-js.ts)
//   lighthouse mobile performance and accessibility of the charge and history pages
// Each part is in scripts/bench/; what they share is in scripts/bench/shared.ts.
import os from "node:os";
import { parseArgs } from "node:util";
import { hasBuild } from "./bench-page";
import { budget } from "./bench/budget";
import { js, lighthouseScores } from "./bench/js-lighthouse";
import { load } from "./bench/load";
import { overhead } from "./bench/overhead";
import { BENCH_DB } from "./bench/shared";

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "overhead,budget,load,js,lighthouse" },
    rounds: { type: "string", default: "3" },
    users: { type: "string", default: "200" },
  },
});
const parts = new Set(values.only.split(","));

if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
const db = BENCH_DB ? "PostgreSQL (BENCH_DATABASE_URL)" : "PGlite";
console.log(`npm run bench — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, ${db}`);
if (parts.has("overhead")) await overhead(Number(values.rounds));
if (parts.has("budget")) await budget();
if (parts.has("load")) await load(Number(values.users));
if (parts.has("js")) await js();
if (parts.has("lighthouse")) await lighthouseScores();
