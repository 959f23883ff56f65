// A strict reader of Prometheus's text exposition format (version 0.0.4), for the metrics tests:
// every line is a HELP, a TYPE, or a sample of a family whose TYPE came first; names, label names
// and escapes as the format allows; a value Prometheus would read. Anything else throws, naming
// the line, so a scrape Prometheus would reject fails the test.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Scrape = { types: Map<string, string>; help: Map<string, string>; samples: Sample[] };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
/** What Prometheus reads as a value (Go's ParseFloat): a decimal, or Inf and NaN in any case (prom-client writes `Nan`). */
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i;
/** The series a family of each type may have, by suffix. */
const SUFFIXES: Record<string, string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

function fail(n: number, line: string, why: string): never {
  throw new Error(`line ${n + 1} is not valid exposition (${why}): ${JSON.stringify(line)}`);
}

/** `{a="1",b="x\"y"}` from `at`, the label set and where it ends. */
function readLabels(line: string, at: number, n: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== "}") {
    const eq = line.indexOf("=", i);
    if (eq < 0) fail(n, line, "a label without =");
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name) || name in labels) fail(n, line, `label name ${name}`);
    if (line[eq + 1] !== '"') fail(n, line, "an unquoted label value");
    let value = "";
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] !== "\\") {
        value += line[j];
        continue;
      }
      const next = line[++j];
      if (next === "n") value += "\n";
      else if (next === "\\" || next === '"') value += next;
      else fail(n, line, "an unknown escape");
    }
    if (j >= line.length) fail(n, line, "an unterminated label value");
    labels[name] = value;
    i = j + 1;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") fail(n, line, "labels not separated by commas");
  }
  return { labels, end: i + 1 };
}

function familyOf(name: string, types: Map<string, string>): string | null {
  for (const [family, type] of types) {
    if (SUFFIXES[type].some((s) => family + s === name)) return family;
  }
  return null;
}

export function parseExposition(text: string): Scrape {
  if (!text.endsWith("\n")) throw new Error("the exposition does not end with a newline");
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.slice(0, -1).split("\n");
  lines.forEach((line, n) => {
    if (line === "") return;
    if (line.startsWith("#")) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) {
        if (/^# (HELP|TYPE)\b/.test(line)) fail(n, line, "a HELP or TYPE line without its name");
        return; // a comment
      }
      const [, what, name, rest] = m;
      if (!NAME.test(name)) fail(n, line, `metric name ${name}`);
      if (what === "TYPE") {
        if (!TYPES.has(rest) || types.has(name)) fail(n, line, "an unknown or repeated TYPE");
        types.set(name, rest);
      } else {
        if (help.has(name)) fail(n, line, "a repeated HELP");
        help.set(name, rest);
      }
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) fail(n, line, "no metric name");
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) fail(n, line, `metric name ${name}`);
    const { labels, end } = line[nameEnd] === "{" ? readLabels(line, nameEnd, n) : { labels: {}, end: nameEnd };
    const rest = line.slice(end);
    const m = /^ (\S+)(?: (-?\d+))?$/.exec(rest);
    if (!m || !VALUE.test(m[1])) fail(n, line, "a value that is not a number");
    if (!familyOf(name, types)) fail(n, line, "a sample before its family's TYPE");
    const word = m[1].toLowerCase().replace(/inf(inity)?$/, "Infinity");
    samples.push({ name, labels, value: word === "nan" ? Number.NaN : Number(word) });
  });
  return { types, help, samples };
}

/** The value of the one sample with this name and these labels (0 when there is none: a counter not moved yet). */
export function sampleValue(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const found = scrape.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
