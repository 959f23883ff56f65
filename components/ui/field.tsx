// A labelled form control with its hint and error wired for screen readers. The control is given
// its wiring: `<Field id label hint error>{(control) => <input {...control} … />}</Field>` spreads
// the id, aria-invalid and aria-describedby (the hint and the error) onto it, so no form repeats them.
import type { ReactNode } from "react";

/** What a field's control carries: its id, and its hint and error for screen readers. */
export type ControlProps = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

export const inputClass =
  "block w-full min-h-11 rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-sm placeholder:text-ink-faint " +
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-status-failed";

export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode | ((control: ControlProps) => ReactNode);
}) {
  const control: ControlProps = { id, "aria-invalid": !!error, "aria-describedby": describedBy(id, hint, error) };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {typeof children === "function" ? children(control) : children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} aria-live="polite" className="min-h-0 text-sm font-medium text-status-failed">
        {error ?? ""}
      </p>
    </div>
  );
}
