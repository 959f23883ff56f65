// A whole day typed as the app writes dates, shared by the filters of the history and the audit log.
import type { ReactNode } from "react";
import { filterInputClass as small } from "./filter-form";

/**
 * A whole day, typed as the app writes dates ("23 Nov 2026") or as an ISO day; the server
 * reads both. A text field rather than type="date", whose look (mm/dd/yyyy, dd/mm/yyyy…)
 * follows the browser's language instead of the app.
 */
export function DayInput({ name, label, value, problem }: { name: string; label: string; value: string; problem?: string }) {
  const hintId = `${name}-day-hint`;
  return (
    <div className="text-sm">
      <label className="block font-medium">
        {label}
        <input
          name={name}
          type="text"
          autoComplete="off"
          spellCheck={false}
          defaultValue={value}
          placeholder="23 Nov 2026"
          aria-invalid={problem ? true : undefined}
          aria-describedby={hintId}
          className={`${small} mt-1`}
        />
      </label>
      <Hint id={hintId} problem={problem}>
        Day month year, like 23 Nov 2026
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
