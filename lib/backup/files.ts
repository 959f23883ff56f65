// The backup folder (BACKUP_DIR): each file written under a temporary name, synced, then renamed,
// so a file with a backup's name is always whole; the oldest beyond BACKUP_KEEP are removed.
import { open, readdir, rename, unlink } from "node:fs/promises";
import path from "node:path";

const NAME = /^momo-backup-(\d{8}T\d{6}\d{3}Z)\.backup$/;

/** The file name for a backup taken at `at`: it sorts by time. */
export function backupName(at: Date): string {
  return `momo-backup-${at.toISOString().replace(/[-:.]/g, "")}.backup`;
}

async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `bytes` as `dir/name`: to a temporary name, synced, renamed, the folder synced; no temporary file is left. */
export async function writeWhole(dir: string, name: string, bytes: Buffer): Promise<string> {
  const final = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
  try {
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, final);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await syncFolder(dir);
  return final;
}

/** The backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => NAME.test(f)).sort();
}

/** Removes all but the newest `keep` backups; returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const gone = all.slice(0, Math.max(0, all.length - keep));
  for (const name of gone) await unlink(path.join(dir, name));
  return gone;
}

/** When the newest backup in `dir` was taken, from its name; null when there is none. */
export async function newestBackupAt(dir: string): Promise<Date | null> {
  const newest = (await listBackups(dir).catch(() => [])).at(-1);
  const stamp = newest ? NAME.exec(newest)?.[1] : undefined;
  if (!stamp) return null;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
  return new Date(iso);
}
