// `npm run users:reset-password` as the last owner's way back: a real process on a PGlite folder.
// It sets the password, ends the member's sessions, audits it; it stops short, naming the
// process, while another process holds the folder (lib/db/folder-lock.ts), as users:add now
// does too; bad arguments are exit 2 and change nothing.
import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditEvents } from "@/lib/db/schema";
import { type Db, openDb } from "@/lib/db/open";
import { createAuth } from "@/lib/auth/create-auth";
import { makeMember, PASSWORD, sessionCookie, sessionCount, TEST_SECRET } from "../support/auth";
import { migratedFolder } from "../support/commands";

type Run = { code: number; out: string; err: string };
const NEW_PASSWORD = "the owner's new passphrase";

function run(script: string, env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      [script, ...args],
      { env: { ...process.env, DATABASE_URL: "", BETTER_AUTH_SECRET: TEST_SECRET, ...env }, timeout: 60_000 },
      (error, out, err) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, out, err }),
    );
  });
}
const reset = (dir: string, ...args: string[]) => run("scripts/users-reset-password.ts", { DATA_DIR: dir }, ...args);

describe("users:reset-password on a PGlite folder", () => {
  let dir: string;
  let ownerId = "";
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const opened = await openDb({ dataDir: dir });
    try {
      return await fn(opened.db);
    } finally {
      await opened.close();
    }
  };
  // From the run's migrated template: migrating a new folder costs seconds.
  beforeAll(async () => {
    dir = await migratedFolder(async (db) => {
      const auth = createAuth({ db, secret: TEST_SECRET });
      const owner = await makeMember(auth, "owner@example.test", "owner");
      await sessionCookie(auth, owner.email);
      ownerId = owner.id;
    });
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("bad arguments: exit 2, each named, nothing changed", async () => {
    const none = await reset(dir);
    expect(none.code).toBe(2);
    expect(none.err).toContain("--email");
    const short = await reset(dir, "--email", "owner@example.test", "--password", "short");
    expect(short.code).toBe(2);
    expect(short.err).toMatch(/--password: Use at least 12 characters/);
    expect(await withDb((db) => sessionCount(db, ownerId))).toBe(1);
  }, 60_000);

  test("while another process holds the folder, it stops short naming it, and changes nothing", async () => {
    const opened = await openDb({ dataDir: dir });
    try {
      const held = await reset(dir, "--email", "owner@example.test", "--password", NEW_PASSWORD);
      expect(held.code).toBe(1);
      expect(held.err).toContain(`in use by process ${process.pid}`);
      const add = await run(
        "scripts/users.ts",
        { DATA_DIR: dir },
        "--email",
        "new@example.test",
        "--role",
        "staff",
        "--password",
        NEW_PASSWORD,
      );
      expect(add.code).toBe(1);
      expect(add.err).toContain(`in use by process ${process.pid}`);
      expect(await sessionCount(opened.db, ownerId)).toBe(1);
    } finally {
      await opened.close();
    }
  }, 60_000);

  test("a lock left by a process that is gone is taken over, a killed one not yet collected (a zombie) too", async () => {
    await writeFile(path.join(dir, "momo.lock"), "999999");
    await withDb(async () => {});
    if (process.platform !== "linux") return;
    // An orphan killed with -9 stays a zombie until PID 1 collects it: as a server's is after kill -9.
    const pidFile = path.join(dir, "orphan.pid");
    const script = `bash -c 'sleep 30 & echo $! > ${pidFile}; wait' & p=$!; sleep 0.3; kill -9 $p; sleep 0.2; kill -9 $(cat ${pidFile})`;
    await new Promise<void>((resolve, reject) =>
      execFile("setsid", ["bash", "-c", script], (error) => (error ? reject(error) : resolve())),
    );
    const zombie = (await readFile(pidFile, "utf8")).trim();
    // kill -9 returns before the process has ended: on a busy machine /proc may still say it sleeps.
    const ended = async () => {
      const state = await readFile(`/proc/${zombie}/stat`, "utf8").catch(() => "gone");
      return state === "gone" || / Z /.test(state);
    };
    await expect.poll(ended, { timeout: 5_000 }).toBe(true);
    await writeFile(path.join(dir, "momo.lock"), zombie);
    await withDb(async () => {});
  });

  test("it resets: the new password signs in (two-factor as before), sessions ended, audited as the command line's", async () => {
    const done = await run(
      "scripts/users-reset-password.ts",
      { DATA_DIR: dir, NEW_PW: NEW_PASSWORD },
      "--email",
      "OWNER@example.test",
      "--password-env",
      "NEW_PW",
    );
    expect(done.code, done.err).toBe(0);
    await withDb(async (db) => {
      expect(await sessionCount(db, ownerId)).toBe(0);
      const auth = createAuth({ db, secret: TEST_SECRET });
      const signIn = (password: string) =>
        auth.api.signInEmail({ body: { email: "owner@example.test", password }, headers: new Headers() }).then(
          () => true,
          () => false,
        );
      expect(await signIn(NEW_PASSWORD)).toBe(true);
      expect(await signIn(PASSWORD)).toBe(false);
      const [entry] = await db.select().from(auditEvents).where(eq(auditEvents.action, "password_reset"));
      expect(entry).toMatchObject({ actorEmail: "command line", targetId: ownerId, detail: { by: "command line" } });
    });
    const unknown = await reset(dir, "--email", "nobody@example.test", "--password", NEW_PASSWORD);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No member has the email nobody@example.test");
  }, 60_000);
});
