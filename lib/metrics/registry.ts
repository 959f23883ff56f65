// The process's metrics: one prom-client registry with the process defaults (CPU, memory, event
// loop, handles) and ours (./names.ts). It lives on globalThis, as Next may load this module once
// per route bundle (docs/architecture.md, "Process-wide state"): a module-level registry would
// count a charge in one bundle's copy and scrape another's. Event counters are this instance's
// own; what the database holds is read at each scrape (./scrape.ts). Not server-only: the ledger
// and the sign-in counts it, and so do the commands (users:reset-password, db:seed) that reach them.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { PROVIDER_IDS } from "@/lib/market/networks";
import { COUNTERS, GAUGES, HISTOGRAMS, OTHER, type Spec } from "./names";

/** A metric's labels as its spec lists them: each value one of its set (./names.ts). */
export type LabelsOf<S extends Spec> = { [K in keyof S["labels"]]: S["labels"][K][number] };

type Counters = typeof COUNTERS;
type Histograms = typeof HISTOGRAMS;
type Gauges = typeof GAUGES;

function make() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The database's figures apart, so that a scrape can leave them out when it could not read them.
  const sizes = new Registry();
  const each = <T extends Record<string, Spec>, M>(specs: T, build: (s: T[keyof T]) => M) =>
    Object.fromEntries(Object.entries(specs).map(([key, s]) => [key, build(s as T[keyof T])])) as Record<keyof T, M>;
  const common = (s: Spec, registers = [registry]) => ({ name: s.name, help: s.help, labelNames: Object.keys(s.labels), registers });
  return {
    registry,
    sizes,
    counters: each(COUNTERS, (s) => new Counter(common(s))),
    histograms: each(HISTOGRAMS, (s) => new Histogram({ ...common(s), buckets: [...s.buckets] })),
    gauges: each(GAUGES, (s) => new Gauge(common(s, [sizes]))),
  };
}

const KEY = Symbol.for("momo-dashboard.metrics");
type Holder = { [KEY]?: ReturnType<typeof make> };

export function metrics(): ReturnType<typeof make> {
  const g = globalThis as Holder;
  g[KEY] ??= make();
  return g[KEY];
}

/**
 * The labels as given, each held to its set once more at run time: a value the types let through
 * (a cast, a row read from the database) is counted as OTHER, never as itself.
 */
function closed(spec: Spec, labels: object): Record<string, string> {
  const given = labels as Record<string, string>;
  return Object.fromEntries(
    Object.entries(spec.labels).map(([name, values]) => [name, values.includes(given[name]) ? given[name] : OTHER]),
  );
}

/** Counts one event of this instance's. */
export function count<K extends keyof Counters>(name: K, labels: LabelsOf<Counters[K]>): void {
  metrics().counters[name].inc(closed(COUNTERS[name], labels));
}

/** Records one duration, in seconds. */
export function observe<K extends keyof Histograms>(name: K, labels: LabelsOf<Histograms[K]>, seconds: number): void {
  metrics().histograms[name].observe(closed(HISTOGRAMS[name], labels), seconds);
}

/** Sets a figure read from the database at a scrape (./scrape.ts). */
export function setGauge<K extends keyof Gauges>(name: K, labels: LabelsOf<Gauges[K]>, value: number): void {
  metrics().gauges[name].set(closed(GAUGES[name], labels), value);
}

/** A charge's network as a label: one of the configured providers, else OTHER. */
export function networkLabel(provider: string): (typeof PROVIDER_IDS)[number] | typeof OTHER {
  return (PROVIDER_IDS as readonly string[]).includes(provider) ? (provider as (typeof PROVIDER_IDS)[number]) : OTHER;
}
