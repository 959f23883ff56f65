// npm start: the production server, as deployed (docs/operations.md, "Deploying"): the standalone build's
// server.js, which `next start` refuses to stand in for with `output: "standalone"`. Builds first
// when there is no build, and assembles the static files (scripts/standalone.sh) when this build
// has not had them yet. Settings come as with `next start`: the environment first, then
// .env.production.local, .env.local, .env.production and .env in this folder.
//   npm start [-- -p PORT] [-- -H HOSTNAME]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import nextEnv from "@next/env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, ".next/standalone");
const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(out, "server.js"))) {
  console.log("No production build yet: building it first (npm run build).");
  run("npm", ["run", "build"]);
}
const buildId = readFileSync(path.join(root, ".next/BUILD_ID"), "utf8");
const assembled = path.join(out, ".assembled");
if (!existsSync(assembled) || readFileSync(assembled, "utf8") !== buildId) run("bash", ["scripts/standalone.sh"]);

nextEnv.loadEnvConfig(root, false);
if (values.port) process.env.PORT = values.port;
if (values.hostname) process.env.HOSTNAME = values.hostname;
// server.js works from its own folder: PGlite's folder stays where npm run dev, db:seed and
// users:add find it (./data unless DATA_DIR says otherwise), relative to this project.
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR || "./data");

// In this process, so that SIGTERM and Ctrl-C reach the server directly (lib/shutdown.ts).
await import(pathToFileURL(path.join(out, "server.js")).href);
