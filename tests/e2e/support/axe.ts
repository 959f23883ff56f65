// axe-core on the page as it is now, run in the page itself: axe-core's source goes in once per
// document and `axe.run` returns only the violations. (@axe-core/playwright injected the 650 kB
// source four times per check, finished each run in a new tab and returned every rule's passing
// elements too: most of the a11y project's CPU time went there.)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's source in every document the context opens from now on, before the page's own
 * scripts: a walk over many pages sends and compiles it once, not once a page.
 */
export async function axeOnEveryPage(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: source });
}

/**
 * Each violation on the page as one line (`label: rule (impact) help` and the elements), or []
 * when there is none. `rules`: only these (all of them otherwise).
 */
export async function axeViolations(page: Page, opts: { rules?: string[]; label?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(source);
  // A colour scheme just switched (or a hover) starts CSS transitions: axe reads the colours once
  // they have ended, as a person sees them, not halfway. Only those on elements that are drawn: one
  // inside a closed <details> (content-visibility: hidden) is never ticked, so it never ends.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .filter((a) => !(a.effect instanceof KeyframeEffect) || a.effect.target?.checkVisibility() !== false)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const options: RunOptions = { resultTypes: ["violations"], ...(opts.rules ? { runOnly: { type: "rule", values: opts.rules } } : {}) };
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe
        .run(document, options)
        .then((r) =>
          r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) })),
        ),
    options,
  );
  const label = opts.label ? `${opts.label}: ` : "";
  return violations.map((v) => `${label}${v.id} (${v.impact}) ${v.help}\n  ${v.targets.join("\n  ")}`);
}
