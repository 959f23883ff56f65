// BENCH_LH_DETAIL=1 npm run bench -- --only lighthouse: where each run's main-thread time went
// (Lighthouse's mainthread-work-breakdown), its long tasks (long-tasks) and each script's share (bootup-time), so a page that
// misses its blocking-time target says where.
type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;
type Boot = { items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[] };
type Work = { items?: { group: string; duration: number }[] };
type Long = { items?: { url: string; startTime: number; duration: number }[] };

export function printDetail(page: string, audits: Audits): void {
  const boot = (audits["bootup-time"]?.details as Boot | undefined)?.items ?? [];
  const work = (audits["mainthread-work-breakdown"]?.details as Work | undefined)?.items ?? [];
  const tbt = audits["total-blocking-time"]?.numericValue ?? Number.NaN;
  console.log(`  ${page}: blocking ${tbt.toFixed(0)} ms | ${work.map((w) => `${w.group} ${w.duration.toFixed(0)}`).join(", ")}`);
  // The long tasks, simulated at the run's slowdown: when each starts (ms after navigation) and lasts.
  const long = (audits["long-tasks"]?.details as Long | undefined)?.items ?? [];
  const fcp = audits["first-contentful-paint"]?.numericValue ?? Number.NaN;
  console.log(
    `    long tasks (first paint at ${fcp.toFixed(0)}): ${long.map((t) => `${t.startTime.toFixed(0)}+${t.duration.toFixed(0)}`).join(", ") || "none"}`,
  );
  for (const i of boot)
    console.log(
      `    ${i.url.replace(/^https?:\/\/[^/]+/, "")}: ${i.total.toFixed(0)} ms, scripting ${i.scripting.toFixed(0)}, parse ${i.scriptParseCompile.toFixed(0)}`,
    );
}
