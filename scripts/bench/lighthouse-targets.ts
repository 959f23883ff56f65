// The Lighthouse part's targets (issue 44), each against a floor page measured in the same run:
//   list   a list or a record (and the public pay page): performance within 3 points of the plain
//          Next.js page (the framework alone), blocking time at most 1.25× its
//   form   a form page: performance within 3 points of the plain Next.js form with react-hook-form
//          and zod/mini (the form kit), blocking time at most 1.5× its
// and accessibility 100 in light and dark for every page.
import { median } from "./shared";

export type LighthouseKind = "list" | "form";
export type Metrics = { fcp: number; lcp: number; tbt: number; si: number; cls: number };
export type Row = { page: string; perf: number[]; metrics: Metrics; light: number; dark: number };

const POINTS_BELOW = 3;
const TBT_RATIO: Record<LighthouseKind, number> = { list: 1.25, form: 1.5 };

/**
 * Prints the table; `floors` are the rows of the two floor pages, `kindOf` a page's kind (null for
 * a floor). True when every page passes.
 */
export function printTargets(
  rows: Row[],
  floors: Record<LighthouseKind, Row>,
  kindOf: (page: string) => LighthouseKind | null,
  /** False when parts of every page were held back (`--block`): the ratios, with no verdict. */
  judged = true,
): boolean {
  const target = (kind: LighthouseKind) => ({
    perf: median(floors[kind].perf) - POINTS_BELOW,
    tbt: TBT_RATIO[kind] * floors[kind].metrics.tbt,
  });
  if (!judged) console.log("No verdicts: the targets are for pages as they are, and these were measured with parts blocked.");
  for (const kind of ["list", "form"] as const)
    console.log(
      `${kind} pages: performance ≥ ${target(kind).perf} (${floors[kind].page} ${median(floors[kind].perf)} − ${POINTS_BELOW}), ` +
        `blocking time ≤ ${target(kind).tbt.toFixed(0)} ms (${TBT_RATIO[kind]}× ${floors[kind].metrics.tbt.toFixed(0)}), accessibility 100 / 100`,
    );
  console.log(
    "| page | kind | performance (runs) | FCP / LCP / SI ms | TBT ms | CLS | accessibility light / dark | target |\n|---|---|---|---|---|---|---|---|",
  );
  let all = true;
  for (const r of rows) {
    const kind = kindOf(r.page);
    const p = median(r.perf);
    let verdict = "(a floor)";
    if (kind) {
      const t = target(kind);
      const missed = [
        p < t.perf && `performance ${p} < ${t.perf}`,
        r.metrics.tbt > t.tbt && "blocking time",
        (r.light !== 100 || r.dark !== 100) && "accessibility",
      ].filter(Boolean);
      all &&= missed.length === 0;
      const ratio = `${(r.metrics.tbt / Math.max(1, floors[kind].metrics.tbt)).toFixed(2)}× its floor's blocking time`;
      verdict = judged ? (missed.length ? `FAIL on ${missed.join(", ")} (${ratio})` : `PASS (${ratio})`) : ratio;
    }
    const m = r.metrics;
    console.log(
      `| ${r.page} | ${kind ?? "floor"} | ${p} (${r.perf.join(", ")}) | ${[m.fcp, m.lcp, m.si].map((v) => v.toFixed(0)).join(" / ")} | ${m.tbt.toFixed(0)} | ${m.cls.toFixed(3)} | ${r.light} / ${r.dark} | ${verdict} |`,
    );
  }
  return all;
}
