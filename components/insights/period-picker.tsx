// The period lives in the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included) so a link
// shows the same figures to whoever opens it. Presets are links and the custom range a plain
// GET form: both work without any JavaScript. While a preset's page is on its way, the header's
// script shows its bar at the top of the window (components/layout/header-script.ts, `data-pending`).
import { inputClass } from "@/components/ui/field";
import { lastDayOf, lastDays, PRESET_DAYS, type Period } from "@/lib/insights/shape";
import { formatDay } from "@/lib/day";

const pill = "inline-flex min-h-11 items-center rounded-full border px-3.5 text-sm font-medium transition-colors";
const idle = "border-line bg-surface text-ink hover:bg-canvas";
const active = "border-brand-600 bg-brand-600 text-white";

const insightsHref = (p: Period) => `/insights?from=${p.from}&to=${lastDayOf(p)}`;

export function PeriodPicker({ period, today }: { period: Period; today: string }) {
  const last = lastDayOf(period);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {PRESET_DAYS.map((n) => {
            const p = lastDays(n, today);
            const current = p.from === period.from && p.to === period.to;
            return (
              <li key={n}>
                <a
                  href={insightsHref(p)}
                  data-pending=""
                  aria-current={current ? "page" : undefined}
                  className={`${pill} ${current ? active : idle}`}
                >
                  Last {n} days
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Keyed by the period so the fields follow a preset chosen after them. */}
      <form
        key={`${period.from}/${last}`}
        action="/insights"
        method="get"
        className="flex flex-wrap items-end gap-2"
        aria-label="Custom period"
      >
        <DateField name="from" label="From" value={period.from} />
        <DateField name="to" label="To" value={last} />
        <button type="submit" className={`${pill} ${idle} min-h-11 rounded-lg`}>
          Show
        </button>
        <p id="period-date-hint" className="w-full text-xs text-ink-muted">
          Days like 23 Nov 2026
        </p>
      </form>
    </div>
  );
}

// Text, not <input type="date">: the browser's date field writes the reader's locale
// (mm/dd/yyyy), where the app writes "23 Nov 2026"; this one shows and takes the app's way.
function DateField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="w-40 space-y-1">
      <label htmlFor={`period-${name}`} className="block text-xs font-medium text-ink-muted">
        {label}
      </label>
      <input
        id={`period-${name}`}
        name={name}
        type="text"
        inputMode="text"
        autoComplete="off"
        required
        defaultValue={formatDay(value)}
        aria-describedby="period-date-hint"
        className={inputClass}
      />
    </div>
  );
}

const NOTICE = "rounded-lg border border-status-pending/30 bg-status-pending-bg px-4 py-3 text-sm text-status-pending";

export function PeriodNotice({ children }: { children: string }) {
  return (
    <p role="alert" data-testid="period-error" className={NOTICE}>
      {children}
    </p>
  );
}
