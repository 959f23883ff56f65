// Renders any JSON value readably: the upstream's user record has no documented fields, so
// whatever it sends (nested objects and lists included) is shown with humanised labels.
import type { ReactNode } from "react";

function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalar(value: unknown): ReactNode {
  if (value === null || value === undefined || value === "") return <span className="text-ink-faint">—</span>;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value.toLocaleString("en");
  return String(value);
}

export function ValueTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-ink-faint">None</span>;
    if (value.every((v) => v === null || typeof v !== "object")) return <>{value.map((v) => String(v)).join(", ")}</>;
    return (
      <ol className="space-y-2">
        {value.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the upstream's list has no ids; it is shown once, never reordered
          <li key={i} className="rounded-lg border border-line p-3">
            <ValueTree value={v} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="text-ink-faint">Empty</span>;
    return (
      <dl className={depth === 0 ? "divide-y divide-line" : "space-y-1 border-l-2 border-line pl-3"}>
        {entries.map(([k, v]) => (
          <div key={k} className={depth === 0 ? "grid gap-1 py-3 sm:grid-cols-[12rem_1fr]" : "grid gap-1 sm:grid-cols-[10rem_1fr]"}>
            <dt className="text-sm text-ink-muted">{humanise(k)}</dt>
            <dd className="break-words text-sm font-medium">
              <ValueTree value={v} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{scalar(value)}</>;
}
