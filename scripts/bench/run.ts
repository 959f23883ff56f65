// npm run bench [-- --only overhead,pages,js,lighthouse,members,budget,load,places,scale,memory] [--rounds 3] [--users 200]
//   [--claimers 50] [--pools 4] [--seconds 10]   (places; --seconds also scale's)
//   [--instances 1,2,4,8]   (scale)
//   [--pages /charges/new,/team]   (js and lighthouse: only these pages)
//   [--cpu-slowdown 4]   (lighthouse: this CPU slowdown, not one calibrated to the machine)
//   [--block css,js]   (lighthouse: every page measured without its stylesheets or its script files)
//   (BENCH_DATABASE_URL=postgres://… to run on PostgreSQL)
// The dashboard's targets as figures (not tests), each printed with PASS or FAIL: every part
// starts the built app (`next start`) on loopback against a local upstream stand-in, measures
// with bounded loops, and prints a table. Needs `npm run build` first; about 40 minutes in all
// on two cores (Lighthouse and the members' ramps take most of it).
//   overhead   1. time the dashboard adds per charge over calling the upstream directly, beside
//              a bare forwarding route handler and a durable reference (scripts/bench/reference-app),
//              at concurrency 1/10/100, with each one's Node and database CPU per charge
//   pages      2. server CPU per request for the signed-in list of 50 charges and the sign-in
//              page, beside reference pages in a plain Next.js app (scripts/bench/reference-app/app/ref)
//   js         3. JavaScript per page against its kind's target (scripts/bench/js.ts)
//   lighthouse 4. mobile performance (median of 5; CPU slowdown calibrated to the machine) and
//              accessibility in light and dark, every page, beside a plain Next.js page
//   members    5. members acting once a second one server holds on one core, and two behind nginx
//   budget     6. 2,000 charges a minute offered for 2 minutes against the 1,000/min budget
//   load       7. 200 signed-in members, each acting about once a second for 60 s
//   places     8. places per second in one key's outbound budget, 50 claimers over several
//              connection pools, beside the per-key lock it replaced (scripts/bench/places.ts)
//   scale      9. charges/s and list pages/s with 1, 2, 4, 8 instances behind nginx on one
//              PostgreSQL, one API key and a key each (scripts/bench/scale.ts)
//   memory    10. the server's RSS at idle and after 200 charges and 200 list pages, on PGlite and
//              PostgreSQL, beside a plain Next.js server, and what it is made of (scripts/bench/memory.ts)
// Each part is in scripts/bench/; what they share is in scripts/bench/shared.ts.
import os from "node:os";
import { parseArgs } from "node:util";
import { hasBuild } from "./history-page";
import { budget } from "./budget";
import { BLOCKABLE, isBlockable, js, lighthouseScores } from "./js-lighthouse";
import { load, membersPerCore } from "./load";
import { memory } from "./memory";
import { overhead } from "./overhead";
import { pages } from "./pages";
import { places } from "./places";
import { scale } from "./scale";
import { BENCH_DB } from "./shared";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    rounds: { type: "string", default: "3" },
    users: { type: "string", default: "200" },
    pages: { type: "string" },
    "cpu-slowdown": { type: "string" },
    block: { type: "string" },
    claimers: { type: "string", default: "50" },
    pools: { type: "string", default: "4" },
    instances: { type: "string", default: "1,2,4,8" },
    seconds: { type: "string", default: "10" },
  },
});
const PARTS = ["overhead", "pages", "js", "lighthouse", "members", "budget", "load", "places", "scale", "memory"];
const parts = new Set(values.only?.split(",") ?? PARTS);
const unknown = [...parts].filter((p) => !PARTS.includes(p));
if (unknown.length) throw new Error(`--only: ${unknown.join(", ")} is not a part; the parts are ${PARTS.join(",")}`);
const block = values.block?.split(",") ?? [];
const unblockable = block.filter((b) => !isBlockable(b));
if (unblockable.length)
  throw new Error(`--block: ${unblockable.join(", ")} cannot be blocked; what can: ${Object.keys(BLOCKABLE).join(",")}`);

if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
const db = BENCH_DB ? "PostgreSQL (BENCH_DATABASE_URL)" : "PGlite";
console.log(`npm run bench — ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}, ${db}`);
if (parts.has("overhead")) await overhead(Number(values.rounds));
if (parts.has("pages")) await pages(Number(values.rounds));
const only = values.pages?.split(",");
if (parts.has("js")) await js(only);
const slowdown = values["cpu-slowdown"] === undefined ? undefined : Number(values["cpu-slowdown"]);
if (slowdown !== undefined && !(slowdown >= 1)) throw new Error("--cpu-slowdown: a number, 1 or more (Lighthouse's default is 4)");
if (parts.has("lighthouse")) await lighthouseScores(only, slowdown, block.filter(isBlockable));
if (parts.has("members")) await membersPerCore();
if (parts.has("budget")) await budget();
if (parts.has("load")) await load(Number(values.users));
if (parts.has("places")) await places({ claimers: Number(values.claimers), pools: Number(values.pools), seconds: Number(values.seconds) });
if (parts.has("scale")) {
  const counts = values.instances.split(",").map(Number);
  if (!counts.every((n) => Number.isInteger(n) && n >= 1 && n <= 64)) throw new Error("--instances: counts such as 1,2,4,8");
  await scale(counts, Number(values.seconds));
}
if (parts.has("memory")) await memory();
