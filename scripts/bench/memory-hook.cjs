// npm run bench (memory): loaded into the servers it measures (NODE_OPTIONS=--require …), so that
// SIGUSR2 makes one write what V8 says of its memory (process.memoryUsage) to
// MOMO_BENCH_MEMORY_DIR/<pid>.json. Nothing else changes in the server.
const { writeFileSync } = require("node:fs");
const path = require("node:path");

const dir = process.env.MOMO_BENCH_MEMORY_DIR;
if (dir) process.on("SIGUSR2", () => writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(process.memoryUsage())));
