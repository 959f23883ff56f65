// The memory benchmark's reading of /proc (scripts/bench/memory-read.ts): the status lines it
// quotes, PGlite's WebAssembly memory told apart from every other mapping, and the table's cells.
import { expect, test } from "vitest";
import { mb, parseStatus, sampleCells, wasmResident } from "../../../scripts/bench/memory-read";

const STATUS = `Name:\tnext-server (v1
VmPeak:\t12950204 kB
VmHWM:\t  712044 kB
VmRSS:\t  603392 kB
RssAnon:\t  521216 kB
RssFile:\t   82048 kB
RssShmem:\t     128 kB
VmData:\t 1143300 kB
Threads:\t11
`;

// The node binary, a large anonymous heap, and a WebAssembly memory: its 64 MiB in use, then the
// 10 GiB of guard pages V8 reserves right after it.
const SMAPS = `00400000-04e2b000 r-xp 00000000 08:01 1234                       /usr/bin/node
Size:              76972 kB
Rss:               48212 kB
7e0000000000-7e0004000000 rw-p 00000000 00:00 0
Size:              65536 kB
Rss:               60512 kB
7e0004000000-7e0284000000 ---p 00000000 00:00 0
Size:           10485760 kB
Rss:                   0 kB
7f0000000000-7f0040000000 rw-p 00000000 00:00 0
Size:            1048576 kB
Rss:              201344 kB
`;

test("reads the resident, peak, anonymous, file-backed and shared figures in kB", () => {
  expect(parseStatus(STATUS)).toEqual({ rss: 603392, peak: 712044, anon: 521216, file: 82048, shmem: 128 });
  expect(parseStatus("Name:\tx\n").rss).toBeNaN();
});

test("counts as WebAssembly memory the resident part of a run of adjacent anonymous mappings of 4 GiB or more", () => {
  expect(wasmResident(SMAPS)).toBe(60512);
  // The part in use without its guard pages, or the guard pages after a file: not such a run.
  expect(wasmResident(SMAPS.replace(/7e0004000000-7e0284000000/, "7e1004000000-7e1284000000"))).toBe(0);
  expect(
    wasmResident(SMAPS.replace(/7e0000000000-7e0004000000 rw-p 00000000 00:00 0/, "7e0000000000-7e0004000000 rw-p 00000000 08:01 99 /x")),
  ).toBe(0);
});

test("prints megabytes, whole from 10, a dash for what is unknown", () => {
  expect(mb(603392)).toBe("589");
  expect(mb(5120)).toBe("5.0");
  expect(mb(Number.NaN)).toBe("–");
  const sample = { proc: parseStatus(STATUS), wasm: 160512, v8: { heapUsed: 150e6, heapTotal: 180e6, external: 9e6, arrayBuffers: 2e6 } };
  expect(sampleCells(sample)).toEqual(["589", "695", "143 / 172", "8.6", "1.9", "157", "509", "80"]);
  expect(sampleCells({ ...sample, v8: undefined, wasm: 0 })).toEqual(["589", "695", "– / –", "–", "–", "–", "509", "80"]);
});
