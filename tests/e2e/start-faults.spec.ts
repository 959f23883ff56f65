// A start that cannot finish (docs/operations.md, "Starting and stopping") ends the process with a
// non-zero exit and one log line naming the cause, within seconds — never a live process that
// answers 500s — under each way the dashboard is started: the standalone `server.js` (the deploy
// guide), `next start`, and `npm start` (the README's quick start). Each on a port of its own.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { inRun, port } from "./support/ports";

// One after another: they share a port.
test.describe.configure({ mode: "serial", timeout: 60_000 });

const PORT = port(3219);
const NOWHERE = "postgres://momo:momo@127.0.0.1:1/none";

const LAUNCHERS: Record<string, { command: string; args: string[]; cwd?: string }> = {
  "server.js": { command: "node", args: ["server.js"], cwd: ".next/standalone" },
  "next start": { command: "npx", args: ["next", "start", "-H", "127.0.0.1", "-p", String(PORT)] },
  "npm start": { command: "npm", args: ["start", "--", "-H", "127.0.0.1", "-p", String(PORT)] },
};

// Absolute: server.js runs in .next/standalone, where a relative folder would be made beside it
// (and npm-start.spec.ts, which may run at the same time, checks that nothing is made there).
const START_FAULTS_DIR = path.resolve(inRun("start-faults"));
const BEHIND = path.resolve(inRun("start-faults-behind"));
const NO_KEY = path.resolve(inRun("start-faults-no-key"));

// The last migration that makes something (a table, an index, a column), whose first such thing the
// "migration that fails" fault finds already there; a data-only one after it runs again harmlessly.
const MAKES = /\bCREATE (UNIQUE )?(TABLE|INDEX)\b|\bADD COLUMN\b/i;
const FAILING: { tag: string; when: number } = (
  JSON.parse(readFileSync("lib/db/migrations/meta/_journal.json", "utf8")).entries as { tag: string; when: number }[]
)
  .reverse()
  .find((m) => MAKES.test(readFileSync(`lib/db/migrations/${m.tag}.sql`, "utf8")))!;

const FAULTS: { name: string; env: Record<string, string>; cause: RegExp; prepare?: () => Promise<unknown> }[] = [
  {
    name: "DATABASE_URL without AUDIT_SIGNING_KEY",
    env: { DATABASE_URL: NOWHERE, AUDIT_SIGNING_KEY: "" },
    cause: /AUDIT_SIGNING_KEY is required when DATABASE_URL is set/,
  },
  {
    name: "a database out of reach",
    env: { DATABASE_URL: NOWHERE, AUDIT_SIGNING_KEY: "start-faults-audit-key-0123456789abcdef" },
    cause: /ECONNREFUSED|connect/,
  },
  { name: "a setting that is wrong", env: { MOMO_TIMEOUT_MS: "soon" }, cause: /Invalid environment:\n\s+MOMO_TIMEOUT_MS/ },
  {
    // A ledger behind whose next migration meets what it makes already there (made by hand ahead of
    // the upgrade): the seeded folder, that migration and those after it unrecorded.
    name: "a migration that fails",
    env: { DATA_DIR: BEHIND, AUDIT_SIGNING_KEY: "start-faults-audit-key-0123456789abcdef" },
    cause: new RegExp(`^migration ${FAILING.tag} failed: (column "[a-z_]+" of )?relation "[a-z_]+" already exists$`),
    prepare: async () => {
      execFileSync("bash", ["tests/e2e/support/fresh-db.sh", "seed"], { env: { ...process.env, DATA_DIR: BEHIND, DATABASE_URL: "" } });
      const db = await PGlite.create(BEHIND);
      await db.query("delete from drizzle.__drizzle_migrations where created_at >= $1", [FAILING.when]);
      await db.close();
    },
  },
  {
    // The embedded default's key file, unreadable: here a folder stands where the file should be.
    name: "an audit key that cannot be read",
    env: { DATA_DIR: NO_KEY, AUDIT_SIGNING_KEY: "" },
    cause: /^the audit signing key .*audit-signing\.key cannot be read: EISDIR/,
    prepare: async () => mkdirSync(path.join(NO_KEY, "audit-signing.key"), { recursive: true }),
  },
];

/** Starts the dashboard as `launcher` does with `env`; its exit code and output once it ends. */
function start(launcher: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { command, args, cwd } = LAUNCHERS[launcher];
  const child = spawn(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATA_DIR: START_FAULTS_DIR, HOSTNAME: "127.0.0.1", PORT: String(PORT), ...env },
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  return new Promise((resolve) => {
    // Bounded: a start that hangs instead of ending fails here, and is stopped.
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The log lines (one JSON object each) that say the start failed. */
const failures = (output: string) =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { event: string; cause?: string })
    .filter((l) => l.event === "start_failed");

for (const fault of FAULTS) {
  // Every fault through the deployable server; the first through the other two ways in as well.
  const launchers = fault === FAULTS[0] ? Object.keys(LAUNCHERS) : ["server.js"];
  for (const launcher of launchers) {
    test(`${launcher}, ${fault.name}: exit 1 and one line naming the cause`, async () => {
      await fault.prepare?.();
      const { code, output } = await start(launcher, fault.env);
      expect(code, output).toBe(1);
      const lines = failures(output);
      expect(lines, output).toHaveLength(1);
      expect(lines[0].cause).toMatch(fault.cause);
    });
  }
}
