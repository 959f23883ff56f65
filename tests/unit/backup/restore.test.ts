// A backup taken while 10 charges and a bulk batch are in flight (the real use cases, the sandbox
// over real HTTP as the upstream, its answers held until the dump has started), restored with
// `npm run db:restore`'s function into a data folder: the counts match the manifest and the audit
// chain verifies. And every refusal changes nothing: a damaged, truncated, encrypted (without or
// with the wrong key) or newer release's backup, a folder a live process holds.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Member } from "@/lib/access/types";
import { openBackup, sealBackup } from "@/lib/backup/format";
import { restoreCommand } from "@/lib/backup/restore";
import { type TakenBackup, takeBackup } from "@/lib/backup/take";
import { decideBatch } from "@/lib/batches/decide";
import { createBatch } from "@/lib/batches/queries";
import { sendBatchRow } from "@/lib/batches/runner";
import { submitCharge } from "@/lib/charges/submit";
import { user } from "@/lib/db/schema";
import { createBudget } from "@/lib/momo/budget";
import { askerOf } from "../support/asker";
import { clientFor } from "../support/charge";
import { backends, useOpenedLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { forwardToSandbox, useSandboxUpstream } from "../support/sandbox";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
const KEY = "backup-key-for-tests-0123456789abcdef";
const pglite = backends.find((b) => b.name === "pglite")!;

/** `npm run <script> <args>` as an operator types it, in a process of its own. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; text: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, ...args],
      { env: { ...process.env, DATABASE_URL: "", BACKUP_ENCRYPTION_KEY: "", ...env }, timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, text: out + err }),
    );
  });
}

/** The restore command's function in this process, keeping what it printed. */
async function restore(file: string, env: Record<string, string | undefined>) {
  const out: string[] = [];
  const code = await restoreCommand([file], env, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, text: out.join("\n") };
}

/** A data folder with something in it, as a server would leave one (the refusals never open it). */
async function folderWithMarker(name: string, text: string): Promise<string> {
  const dataDir = path.join(dir, name, "data");
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, "marker.txt"), text);
  return dataDir;
}

/** The folder and its parent as they are: names, and the marker's content. */
async function state(dataDir: string) {
  return {
    beside: (await readdir(path.dirname(dataDir))).sort(),
    inside: existsSync(dataDir) ? (await readdir(dataDir)).sort() : null,
    marker: await readFile(path.join(dataDir, "marker.txt"), "utf8").catch(() => null),
  };
}

let dir: string;

describe("backup and restore of the embedded database", () => {
  const opened = useOpenedLedger(pglite, { fresh: true });
  const upstream = useSandboxUpstream();
  let plain: TakenBackup;
  let plainFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "momo-backup-"));
    const db = opened().db;
    await db.insert(user).values(memberRow(owner));
    // The upstream holds every answer until the dump has started.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    upstream.handle(async (req, res, received) => {
      await held;
      await forwardToSandbox(req, res, received);
    });
    const client = clientFor(upstream.url, { timeoutMs: 60_000 });
    const budget = createBudget(db, "sk_test_backup_0123456789", { limit: 1_000, maxWaitMs: 0, batchShare: 0.8 });
    const asker = askerOf(db, owner, { upstream: () => ({ client, budget }) });
    const charging = Array.from({ length: 10 }, (_, i) =>
      submitCharge(
        asker,
        {
          amount: "12.00",
          currency: "GHS",
          phoneNumber: `02400001${String(i).padStart(2, "0")}`,
          provider: "mtn",
          vouchers: "",
          description: `Backup ${i}`,
        },
        `backup-in-flight-${i}`,
      ),
    );
    const rows = Array.from({ length: 5 }, (_, i) => ({
      phoneNumber: `02600002${String(i).padStart(2, "0")}`,
      amountMinor: 500 + i,
      currency: "GHS" as const,
      provider: "mtn" as const,
      description: `Bulk row ${i}`,
      customerReference: "",
    }));
    const batch = await createBatch(db, "Term fees", rows, owner);
    await decideBatch(db, batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
    const sending = rows.map((_, i) => sendBatchRow({ db, upstream: client, budget, pollMs: 20 }, batch.id, i + 1));
    // Every charge and row has its ledger row and waits on the upstream: then the backup starts,
    // and the answers are let go at once, to be written while it is taken.
    await vi.waitFor(() => expect(upstream.received).toHaveLength(15), { timeout: 60_000, interval: 20 });
    const taking = takeBackup(opened());
    letGo();
    [plain] = await Promise.all([taking, Promise.all(charging), Promise.all(sending)]);
    plainFile = path.join(dir, "plain.backup");
    await writeFile(plainFile, plain.file);
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("taken while in flight, restored over a folder: the counts match the manifest, the chain verifies, the old folder is kept", async () => {
    expect(plain.manifest.rows).toMatchObject({ charges: 15, batches: 1, batch_rows: 5 });
    expect(plain.manifest.migrations.at(-1)).toMatch(/^\d{4}_/);
    const dataDir = await folderWithMarker("replaced", "the folder that was there");
    // The real commands, as docs/operations.md gives them ("Backups and restore").
    const restored = await npmRun("db:restore", [plainFile], { DATA_DIR: dataDir });
    expect(restored.text).toContain(
      `Row counts checked: all ${Object.keys(plain.manifest.rows).length} tables match the backup's manifest`,
    );
    expect(restored.code).toBe(0);
    const kept = /The folder it replaced is kept at (.+)\.$/m.exec(restored.text)?.[1];
    expect(kept).toMatch(/data\.replaced-\d{8}T\d{6}Z$/);
    expect(await readFile(path.join(kept!, "marker.txt"), "utf8")).toBe("the folder that was there");
    expect(existsSync(path.join(kept!, "momo.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "momo.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "marker.txt"))).toBe(false);
    expect((await readdir(path.dirname(dataDir))).sort()).toEqual(["data", path.basename(kept!)]);
    const verified = await npmRun("audit:verify", [], { DATA_DIR: dataDir });
    expect(verified.text).toMatch(/^Audit chain verified: /);
    expect(verified.code).toBe(0);
  }, 120_000);

  test("encrypted: restored with its key into an empty place", async () => {
    const file = path.join(dir, "encrypted-whole.backup");
    await writeFile(file, (await takeBackup(opened(), KEY)).file);
    const dataDir = path.join(dir, "encrypted", "data");
    const restored = await restore(file, { DATA_DIR: dataDir, BACKUP_ENCRYPTION_KEY: KEY });
    expect(restored.text).toContain(", encrypted) into");
    expect(restored.text).toContain("There was no data folder to replace.");
    expect(restored.code).toBe(0);
    expect(await readdir(path.dirname(dataDir))).toEqual(["data"]);
  }, 60_000);

  test("every refusal says why, exits 1 and changes nothing", async () => {
    const dataDir = await folderWithMarker("kept", "before");
    const before = await state(dataDir);
    const { payload } = await openBackup(plain.file);
    const write = async (name: string, bytes: Buffer) => {
      await writeFile(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const damaged = Buffer.from(plain.file);
    damaged[damaged.length - 1000] ^= 0x01;
    const newer = await sealBackup({ ...plain.manifest, migrations: [...plain.manifest.migrations, "0099_from_later"] }, payload);
    const encrypted = await sealBackup(plain.manifest, payload, KEY);
    const cases: [string, Record<string, string>, RegExp][] = [
      [await write("damaged.backup", damaged), {}, /damaged: its checksum does not match/],
      [await write("truncated.backup", plain.file.subarray(0, plain.file.length - 4096)), {}, /truncated: it holds/],
      [await write("newer.backup", newer), {}, /from a newer release \(.+\): its migrations include 0099_from_later/],
      [await write("encrypted.backup", encrypted), {}, /encrypted: set BACKUP_ENCRYPTION_KEY/],
      [path.join(dir, "encrypted.backup"), { BACKUP_ENCRYPTION_KEY: `${KEY}-not` }, /encrypted with another key/],
      [path.join(dir, "missing.backup"), {}, /Cannot read/],
    ];
    for (const [file, env, message] of cases) {
      const refused = await restore(file, { DATA_DIR: dataDir, ...env });
      expect(refused.text, path.basename(file)).toMatch(message);
      expect(refused.text).toMatch(/^Nothing was changed\. /);
      expect(refused.code).toBe(1);
      expect(await state(dataDir), path.basename(file)).toEqual(before);
    }
    // A folder a live process holds (the parent of this test's process stands for a server).
    await writeFile(path.join(dataDir, "momo.lock"), String(process.ppid));
    const held = await state(dataDir);
    const refused = await restore(plainFile, { DATA_DIR: dataDir });
    expect(refused.text).toMatch(new RegExp(`in use by process ${process.ppid}.*Stop it first`));
    expect(refused.code).toBe(1);
    expect(await state(dataDir)).toEqual(held);
    await rm(path.join(dataDir, "momo.lock"));
    // With DATABASE_URL, PostgreSQL's own tools restore.
    expect((await restore(plainFile, { DATA_DIR: dataDir, DATABASE_URL: "postgres://x@127.0.0.1/x" })).text).toMatch(/pg_restore/);
    expect(await state(dataDir)).toEqual(before);
    // A whole file whose data does not hold what its manifest counts: found once unpacked (beside
    // DATA_DIR, and removed), before the folder is touched.
    const miscounted = await sealBackup({ ...plain.manifest, rows: { ...plain.manifest.rows, charges: 16 } }, payload);
    const counted = await restore(await write("miscounted.backup", miscounted), { DATA_DIR: dataDir });
    expect(counted.text).toMatch(
      /^Nothing was changed\. The restored database's row counts differ from the backup's manifest: charges: 15, the backup says 16\.$/,
    );
    expect(counted.code).toBe(1);
    expect(await state(dataDir)).toEqual(before);
  }, 60_000);
});
