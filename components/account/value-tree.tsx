// Renders any JSON value readably: the upstream's user record has no documented fields, so
// whatever it sends (nested objects and lists included) is shown with humanised labels, its
// amounts as money and its timestamps as the rest of the app shows times (lib/market/user-record).
import type { ReactNode } from "react";
import { DEFAULT_CURRENCY, formatMoney, type CurrencyCode } from "@/lib/money";
import { isAmount, isCurrencyCode, isIsoTimestamp, toMinorUnits } from "@/lib/market/user-record";
import { DateTime } from "@/components/ui/date-time";
import { EmptyValue } from "@/components/ui/empty-value";

function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a value sits: its key, its parent's key, the currency its amounts are in and the zone its times are written in. */
type Place = { name?: string; parent?: string; currency: CurrencyCode; zone: string };

function scalar(value: unknown, place: Place): ReactNode {
  if (value === null || value === undefined || value === "") return <EmptyValue className="text-ink-faint" />;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (isIsoTimestamp(value)) return <DateTime iso={value} zone={place.zone} />;
  if ((typeof value === "number" || typeof value === "string") && isAmount(value, place.name, place.parent)) {
    const minor = toMinorUnits(value, place.currency);
    if (minor !== null) return formatMoney(minor, place.currency);
  }
  if (typeof value === "number") return value.toLocaleString("en");
  return String(value);
}

/** The currency named by an object's own `currency` (or `default_currency`) field, else the one around it. */
function currencyOf(value: Record<string, unknown>, around: CurrencyCode): CurrencyCode {
  for (const key of ["currency", "default_currency", "defaultCurrency"]) if (isCurrencyCode(value[key])) return value[key];
  return around;
}

/** `zone`: the business's time zone, in which its timestamps are written (as server HTML). */
export function ValueTree({ value, zone }: { value: unknown; zone: string }) {
  return <Node value={value} depth={0} place={{ currency: DEFAULT_CURRENCY, zone }} />;
}

function Node({ value, depth, place }: { value: unknown; depth: number; place: Place }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-ink-faint">None</span>;
    if (value.every((v) => v === null || typeof v !== "object")) return <>{value.map((v) => String(v)).join(", ")}</>;
    return (
      <ol className="space-y-2">
        {value.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the upstream's list has no ids; it is shown once, never reordered
          <li key={i} className="rounded-lg border border-line p-3">
            <Node value={v} depth={depth + 1} place={place} />
          </li>
        ))}
      </ol>
    );
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record);
    if (entries.length === 0) return <span className="text-ink-faint">Empty</span>;
    const currency = currencyOf(record, place.currency);
    return (
      <dl className={depth === 0 ? "divide-y divide-line" : "space-y-1 border-l-2 border-line pl-3"}>
        {entries.map(([k, v]) => (
          <div key={k} className={depth === 0 ? "grid gap-1 py-3 sm:grid-cols-[12rem_1fr]" : "grid gap-1 sm:grid-cols-[10rem_1fr]"}>
            <dt className="text-sm text-ink-muted">{humanise(k)}</dt>
            <dd className="break-words text-sm font-medium">
              <Node value={v} depth={depth + 1} place={{ name: k, parent: place.name, currency, zone: place.zone }} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{scalar(value, place)}</>;
}
