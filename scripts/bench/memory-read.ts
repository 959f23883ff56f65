// What a server's memory is made of, read from /proc (Linux) and from V8 (memory-hook.cjs): the
// pure parts, tested in tests/unit/bench/memory.test.ts.

/** Kilobytes, as /proc gives them. */
export type ProcMemory = { rss: number; peak: number; anon: number; file: number; shmem: number };
export type V8Memory = { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

/** /proc/<pid>/status's memory lines, in kB. */
export function parseStatus(text: string): ProcMemory {
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, "m").exec(text)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS"), peak: kb("VmHWM"), anon: kb("RssAnon"), file: kb("RssFile"), shmem: kb("RssShmem") };
}

/**
 * The resident part (kB) of WebAssembly memories, from /proc/<pid>/smaps. V8 reserves each one as
 * one run of adjacent anonymous mappings of 4 GiB or more (the part in use, readable and writable,
 * then guard pages that hold nothing), far larger than anything else in a Node process. PGlite's
 * PostgreSQL lives in one.
 */
export function wasmResident(smaps: string): number {
  const maps: { start: bigint; end: bigint; anonymous: boolean; rss: number }[] = [];
  for (const line of smaps.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), anonymous: head[3] === "0" && !head[4], rss: 0 });
    const rss = /^Rss:\s+(\d+) kB$/.exec(line);
    if (rss && maps.length) maps[maps.length - 1].rss = Number(rss[1]);
  }
  const GiB4 = 4n * 1024n ** 3n;
  let total = 0;
  for (let i = 0; i < maps.length; ) {
    let j = i;
    while (maps[i].anonymous && j + 1 < maps.length && maps[j + 1].anonymous && maps[j + 1].start === maps[j].end) j++;
    const run = maps.slice(i, j + 1);
    if (maps[i].anonymous && maps[j].end - maps[i].start >= GiB4) total += run.reduce((sum, m) => sum + m.rss, 0);
    i = j + 1;
  }
  return total;
}

/** Megabytes, whole above 10. */
export const mb = (kb: number) => (Number.isNaN(kb) ? "–" : kb / 1024 >= 10 ? (kb / 1024).toFixed(0) : (kb / 1024).toFixed(1));

export type Sample = { proc: ProcMemory; v8?: V8Memory; wasm: number };

/** One table row: RSS and peak, then what it is made of (V8's figures are bytes). */
export function sampleCells(s: Sample): string[] {
  const bytes = (b: number | undefined) => (b === undefined ? "–" : mb(b / 1024));
  return [
    mb(s.proc.rss),
    mb(s.proc.peak),
    `${bytes(s.v8?.heapUsed)} / ${bytes(s.v8?.heapTotal)}`,
    bytes(s.v8?.external),
    bytes(s.v8?.arrayBuffers),
    s.wasm ? mb(s.wasm) : "–",
    mb(s.proc.anon),
    mb(s.proc.file),
  ];
}
