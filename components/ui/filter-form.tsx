// The one shape of a list's filters (the history, the reconciliation queue, the audit log): a plain
// GET form, so the URL carries every filter (a link shows the same list) and it works before any
// JavaScript has loaded; Apply, Clear filters, and what else the list offers beside them (an export).
import { Card } from "./card";
import { TextLink } from "./link";
import type { InputHTMLAttributes, ReactNode } from "react";
import { inputClass } from "./field";

/** A filter's control: a size smaller than a form's, so four fit in a row. */
export const filterInputClass = inputClass.replace("min-h-11", "min-h-11 sm:min-h-10").replace("text-base", "text-sm");

export type FilterOptions = readonly (readonly [value: string, label: string])[];

export function FilterForm({
  action,
  label,
  children,
  aside,
}: {
  /** The list's own address: Apply goes there with the filters, Clear filters without them. */
  action: string;
  /** The search landmark's name, read out by screen readers. */
  label: string;
  children: ReactNode;
  /** Beside Apply and Clear filters, at the row's end (an export link). */
  aside?: ReactNode;
}) {
  return (
    // A <form> with role="search" is the landmark; <search> would need a form inside it anyway.
    <Card as="form" flush method="get" action={action} role="search" aria-label={label} className="mb-6 p-4">
      {children}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="min-h-11 sm:min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Apply
        </button>
        <TextLink tap href={action} className="text-sm">
          Clear filters
        </TextLink>
        {aside}
      </div>
    </Card>
  );
}

/** A choice among options; `any` is the empty choice's words (none: a choice must be made). */
export function FilterSelect({
  name,
  label,
  value,
  options,
  any = "Any",
  invalid,
}: {
  name: string;
  label: string;
  value?: string;
  options: FilterOptions;
  any?: string | null;
  invalid?: boolean;
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} aria-invalid={invalid || undefined} className={`${filterInputClass} mt-1`}>
        {any !== null ? <option value="">{any}</option> : null}
        {options.map(([id, text]) => (
          <option key={id} value={id}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A typed filter: its label around it, marked invalid when the list could not apply it. */
export function FilterInput({
  label,
  invalid,
  className = "text-sm font-medium",
  ...input
}: { label: string; invalid?: boolean; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <label className={className}>
      {label}
      <input {...input} aria-invalid={invalid || undefined} className={`${filterInputClass} mt-1`} />
    </label>
  );
}
