// Scheduled backups (lib/backup/schedule.ts) into a real folder from a real PGlite: each file
// whole under its final name, the newest BACKUP_KEEP kept, no temporary file left, a failure
// logged without data, and the next one due an interval after the newest.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { openBackup } from "@/lib/backup/format";
import { backupOnce, nextBackupInMs, startScheduledBackups, stopScheduledBackups } from "@/lib/backup/schedule";
import { backupName, writeWhole } from "@/lib/backup/files";
import { backends, useOpenedLedger } from "../support/db";

const pglite = backends.find((b) => b.name === "pglite")!;
const HOUR = 3_600_000;

describe("scheduled backups", () => {
  const opened = useOpenedLedger(pglite, { empty: "once" });
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "momo-backups-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("three rounds keep the newest two, each file whole, no temporary file left; the log names the file, never data", async () => {
    const lines: [string, string, Record<string, unknown>][] = [];
    const log = (level: "info" | "error", event: string, detail: Record<string, unknown>) => void lines.push([level, event, detail]);
    const folder = path.join(dir, "kept");
    for (let i = 0; i < 3; i++) expect(await backupOnce(opened(), { dir: folder, intervalMs: HOUR, keep: 2 }, log)).toBe(true);
    const files = await readdir(folder);
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^momo-backup-\d{8}T\d{9}Z\.backup$/.test(f))).toBe(true);
    expect(lines.map(([level, event]) => `${level} ${event}`)).toEqual(Array(3).fill("info backup_taken"));
    expect(lines.map(([, , d]) => d.file).slice(1)).toEqual(files);
    expect(lines[0][2]).toMatchObject({ bytes: expect.any(Number), ms: expect.any(Number), encrypted: false });
    expect(lines.map(([, , d]) => d.removed)).toEqual([0, 0, 1]);
    for (const f of files) expect((await openBackup(await readFile(path.join(folder, f)))).manifest.rows).toHaveProperty("charges");
  }, 60_000);

  test("a round that cannot write logs backup_failed and leaves nothing behind", async () => {
    const lines: string[] = [];
    const notAFolder = path.join(dir, "a-file");
    await writeFile(notAFolder, "");
    const failed = await backupOnce(
      opened(),
      { dir: notAFolder, intervalMs: HOUR, keep: 2 },
      (level, event) => void lines.push(`${level} ${event}`),
    );
    expect(failed).toBe(false);
    expect(lines).toEqual(["error backup_failed"]);
    // A name that cannot be taken (a folder with something in it stands there): the write fails
    // at the rename, and the temporary file goes with the failure.
    const blocked = path.join(dir, "blocked");
    await mkdir(path.join(blocked, "momo-backup-x.backup", "inside"), { recursive: true });
    await expect(writeWhole(blocked, "momo-backup-x.backup", Buffer.from("bytes"))).rejects.toThrow();
    expect(await readdir(blocked)).toEqual(["momo-backup-x.backup"]);
  });

  test("started, the schedule takes one at once into an empty folder; started again beside a recent one, it waits an interval", async () => {
    const folder = path.join(dir, "started");
    const lines: string[] = [];
    const schedule = { dir: folder, intervalMs: HOUR, keep: 3 };
    await startScheduledBackups(opened(), schedule, (_level, event) => void lines.push(event));
    await vi.waitFor(() => expect(lines).toEqual(["backup_taken"]), { timeout: 30_000, interval: 50 });
    await stopScheduledBackups();
    expect(await readdir(folder)).toHaveLength(1);
    // The newest is minutes old: the next is due in about an hour, so none is taken before the stop.
    await startScheduledBackups(opened(), schedule, (_level, event) => void lines.push(event));
    await stopScheduledBackups();
    expect(lines).toEqual(["backup_taken"]);
    expect(await readdir(folder)).toHaveLength(1);
  }, 60_000);

  test("the next backup is due an interval after the newest, at once when there is none or it is overdue", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(nextBackupInMs(null, 24 * HOUR, now)).toBe(0);
    expect(nextBackupInMs(new Date(now - 2 * HOUR), 24 * HOUR, now)).toBe(22 * HOUR);
    expect(nextBackupInMs(new Date(now - 30 * HOUR), 24 * HOUR, now)).toBe(0);
    expect(backupName(new Date(now))).toBe("momo-backup-20261127T120000000Z.backup");
  });
});
