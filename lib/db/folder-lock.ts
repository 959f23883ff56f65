// One process at a time in a PGlite folder. PGlite does not stop a second process from opening a
// folder a server holds, and two writers corrupt it: so whoever opens it (the server, or a command
// such as `npm run users:add`) first takes this lock, a file naming its process, and gives it back
// when it closes. A file left by a process that is gone (kill -9, a machine restart) is taken over.
import { open, readFile, unlink } from "node:fs/promises";
import path from "node:path";

const FILE = "momo.lock";

/** Thrown when another live process holds the folder; its message says what to do. */
export class FolderInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by process ${pid} (a running dashboard, or another command). Stop it first; with DATABASE_URL (PostgreSQL) commands run beside a server.`,
    );
    this.name = "FolderInUse";
  }
}

/**
 * Whether the process is running. A process killed with -9 whose parent has not collected it yet is
 * a zombie: signal 0 still reaches it, but it holds nothing (seen: a server restarted at once after
 * kill -9 found its own old lock "in use"). /proc tells them apart where there is one (Linux).
 */
async function alive(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null) return process.platform !== "linux";
  // "pid (comm) S …": the state follows the last ")" (comm may hold spaces and parentheses).
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "Z" && state !== "X";
}

/** Takes the folder for this process; returns what gives it back. */
export async function holdFolder(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, FILE);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        const owner = Number(await readFile(file, "utf8").catch(() => ""));
        if (owner === process.pid) await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
      if (pid === process.pid) return async () => {}; // this process holds it already
      if (await alive(pid)) throw new FolderInUse(dir, pid);
      await unlink(file).catch(() => {}); // left by a process that is gone
    }
  }
  throw new Error(`Could not take the data folder ${dir}: ${FILE} keeps coming back.`);
}
