// A whole day picked from the browser's calendar, shared by the filters of the history and the audit log.
import type { ReactNode } from "react";
import { filterInputClass as small } from "./filter-form";

/** What the field holds: an ISO day, or nothing (a date field cannot show text that is not one). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A whole day from the browser's own calendar (type="date", docs/decisions/saved-views.md): it
 * sends an ISO day ("2026-11-23"), which the server reads (lib/day.ts), however the browser shows
 * it. A day the server could not read (a hand-made link's) is named in the hint and the field is
 * left empty; where a browser has no calendar, the field is a text box that takes an ISO day.
 */
export function DayInput({ name, label, value, problem }: { name: string; label: string; value: string; problem?: string }) {
  const hintId = `${name}-day-hint`;
  return (
    <div className="text-sm">
      <label className="block font-medium">
        {label}
        <input
          name={name}
          type="date"
          autoComplete="off"
          defaultValue={ISO_DAY.test(value) ? value : ""}
          placeholder="2026-11-23"
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          className={`${small} mt-1`}
        />
      </label>
      <Hint id={hintId} problem={problem}>
        Pick a day from the calendar
      </Hint>
    </div>
  );
}

function Hint({ id, problem, children }: { id: string; problem?: string; children: ReactNode }) {
  return (
    <p id={id} className={`mt-1 text-xs ${problem ? "font-medium text-status-failed" : "text-ink-muted"}`}>
      {problem ?? children}
    </p>
  );
}
