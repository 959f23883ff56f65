// `npm run bench:history` (docs/operations.md, "Demo data and the history benchmark") runs to its
// table, small: its body in this process on a migrated PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL in a database of its own that it drops at the end — the ledger it is pointed at is
// never wiped (its audit log is append-only, and TRUNCATE is refused). The real command once, for
// a usage error: it starts (its imports load as the documented command loads them) and says why.
import { execFile } from "node:child_process";
import pg from "pg";
import { expect, test } from "vitest";
import { benchHistory } from "@/scripts/bench/history-run";
import { backends } from "../support/db";

const pgServer = process.env.TEST_DATABASE_URL;

/** The databases on the test server that the benchmark made in this process (named after its pid: own-database.ts). */
async function benchDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: pgServer });
  await client.connect();
  try {
    return (
      await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`momo_bench_${process.pid}_%`])
    ).rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

test("runs to its table on each database, with a few rows and runs, and leaves no database behind", { timeout: 90_000 }, async () => {
  const lines: string[] = [];
  const results = await benchHistory({
    sizes: [100],
    runs: 1,
    page: false,
    explain: false,
    pgServer,
    pglite: backends[0].open,
    print: (line) => lines.push(line),
  });
  const databases = pgServer ? ["pglite", "postgres"] : ["pglite"];
  expect([...new Set(results.map((r) => r.db))]).toEqual(databases);
  for (const r of results) expect([...r.bySize.keys()], r.c.name).toEqual([100]);
  const output = lines.join("\n");
  expect(output).toMatch(/^pglite: 0\.1k rows \(seeded 100 in /m);
  expect(output).toMatch(/queryHistory, ms \(1 warm-up runs, then 1 timed/);
  expect(output).toMatch(/^\| pglite +\| no filter +\|/m);
  if (pgServer) {
    expect(output).toMatch(/^\| postgres +\| search: phone +\|/m);
    expect(await benchDatabases()).toEqual([]);
  }
});

test("the command refuses sizes outside its range, naming the option", { timeout: 60_000 }, async () => {
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile("npm", ["run", "--silent", "bench:history", "--", "--sizes", "5"], (error, _out, stderr) =>
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stderr }),
    );
  });
  expect(code).not.toBe(0);
  expect(stderr).toMatch(/--sizes: whole numbers from 100 to 1000000/);
});
