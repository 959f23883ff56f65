// `npm start` as the README's quick start runs it: the standalone server, with no warning, PGlite in
// the project's folder; and a normal stop (SIGTERM to npm, or Ctrl-C's SIGINT to the whole group)
// lets a charge under way finish, then closes the database, so postmaster.pid is gone and
// `npm run db:seed` runs without --force.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import { uniqueKey } from "./support/api";
import { inRun, port, RUN_DIR } from "./support/ports";
import { remember } from "./support/used-text";
import { apiSignIn, enrolTwoFactor } from "./support/two-factor";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PORT = port(3218);
const BASE = `http://127.0.0.1:${PORT}`;
// Relative, as in .env.example: it must land in the project, not beside server.js.
const DATA_DIR = inRun("npm-start");
const PID_FILE = path.join(DATA_DIR, "postmaster.pid");
const OWNER = { name: "Esi Start", email: "esi@npm-start.test", password: "esi-start-password-1" };
const DESCRIPTION = remember(`stopped mid-charge ${Date.now().toString(36)}`);

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

async function npmStart(): Promise<Server> {
  const child = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(PORT)], {
    detached: true, // its own process group, as a terminal's foreground job
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATA_DIR, MOMO_TIMEOUT_MS: "3000", SWEEP_INTERVAL_SECONDS: "1" },
  });
  let output = "";
  const log = createWriteStream(inRun("npm-start.log"), { flags: "a" }); // for the log scan
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  for (const until = Date.now() + 90_000; ; ) {
    const up = await fetch(`${BASE}/setup`, { redirect: "manual" }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, output: () => output, exited };
}

/** What `npm run db:seed` runs, without --force. */
function seed() {
  return spawnSync("npx", ["tsx", "scripts/seed.ts", "--rows", "25", "--days", "1"], {
    env: { ...process.env, DATA_DIR },
    encoding: "utf8",
  });
}

test.beforeAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

test("npm start serves the standalone build with no warning; SIGTERM lets a charge finish, then closes the database", async () => {
  const server = await npmStart();
  expect(server.output()).not.toMatch(/does not work with "output: standalone"/);
  expect(server.output()).not.toContain("⚠"); // Next.js's warning sign
  // PGlite opened the project's folder, not one beside .next/standalone/server.js.
  expect(existsSync(PID_FILE)).toBe(true);
  expect(existsSync(`.next/standalone/${RUN_DIR}`)).toBe(false);

  const api = await request.newContext({ baseURL: BASE });
  expect((await api.post("/api/setup", { data: OWNER })).status()).toBe(201);
  // The owner's role requires two-factor: they enrol before anything else.
  await enrolTwoFactor(api, OWNER.email, OWNER.password);
  // The sandbox answers this number after 30 s; the client gives up after 3 s: `unknown` (timeout).
  const charging = api.post("/api/charges", {
    data: { amount: "5.00", currency: "GHS", phoneNumber: "0240000005", provider: "mtn", description: DESCRIPTION },
    headers: { "Content-Type": "application/json", "Idempotency-Key": uniqueKey("e2e_stop") },
  });
  // Its row is written just before the request leaves; a moment later the request is on its way.
  await expect
    .poll(async () =>
      ((await (await api.get("/api/charges")).json()).charges as { description: string }[]).some((c) => c.description === DESCRIPTION),
    )
    .toBe(true);
  await new Promise((r) => setTimeout(r, 1_000));
  process.kill(server.child.pid!, "SIGTERM"); // to npm, as a process manager would

  const answer = await charging;
  expect(answer.status()).toBe(201);
  const { charge } = await answer.json();
  expect(charge).toMatchObject({ status: "unknown", outcomeCode: "timeout" });
  await api.dispose();

  expect(await server.exited).not.toBeNull();
  expect(server.output()).toContain('"event":"stopped"');
  expect(existsSync(PID_FILE), "postmaster.pid after a normal stop").toBe(false);

  const seeded = seed();
  expect(seeded.stderr).not.toContain("postmaster.pid");
  expect(seeded.status, seeded.stderr).toBe(0);
  expect(seeded.stdout).toContain("added 25 charges");
});

test("Ctrl-C (SIGINT to the whole group) closes the database too; the charge answered during the last stop kept its outcome", async () => {
  const server = await npmStart();
  const api = await request.newContext({ baseURL: BASE });
  expect((await apiSignIn(api, OWNER.email, OWNER.password)).status).toBe(200);
  const { charges } = await (await api.get("/api/charges")).json();
  const stopped = charges.filter((c: { description: string }) => c.description === DESCRIPTION);
  expect(stopped).toHaveLength(1);
  // Answered before the database closed, so not `interrupted` by the restart's recovery.
  expect(stopped[0]).toMatchObject({ status: "unknown", outcomeCode: "timeout" });
  await api.dispose();

  process.kill(-server.child.pid!, "SIGINT");
  expect(await server.exited).not.toBeNull();
  expect(existsSync(PID_FILE), "postmaster.pid after Ctrl-C").toBe(false);
  const seeded = seed();
  expect(seeded.status, seeded.stderr).toBe(0);
});
