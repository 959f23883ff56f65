// A refusal's field messages (components/ui/fetch-json.ts: HttpError's `fields`, 422's per-field words)
// shown where react-hook-form shows its own: under the field they name. What names no field of
// the form stays for the form's alert.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { HttpError } from "@/components/ui/fetch-json";

/**
 * Sets each message the server gave for one of `fields` on that field (no focus moves); without
 * `fields`, every field the server names. Anything else than a refusal with fields sets nothing.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields?: readonly Path<T>[]): void {
  if (!(error instanceof HttpError) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!fields || fields.includes(name as Path<T>)) setError(name as Path<T>, { message });
  }
}

/**
 * Whether the refusal names one of `fields` (its words are then under the field, so the form's
 * alert says nothing more); without `fields`, whether it names any field at all.
 */
export function namesField(error: unknown, fields?: readonly string[]): boolean {
  if (!(error instanceof HttpError) || !error.fields) return false;
  return fields ? Object.keys(error.fields).some((k) => fields.includes(k)) : true;
}
