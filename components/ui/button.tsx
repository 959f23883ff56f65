"use client";
import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200 disabled:text-brand-900/60",
  secondary: "border border-line bg-surface text-ink hover:bg-canvas disabled:text-ink-faint",
  danger: "border border-status-failed/40 bg-status-failed-bg text-status-failed hover:border-status-failed disabled:opacity-60",
} as const;

const BASE = [
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2",
  "text-sm font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-wait",
].join(" ");

/** A button's look, for a link that acts as one (an app to open, a download). */
export const buttonClass = (variant: keyof typeof VARIANTS = "primary") => `${BASE} ${VARIANTS[variant]}`;

/**
 * A submit button is disabled until React has hydrated the page: a form sent before that would go
 * the browser's own way, a GET with every field in the address (a password, a note) that nothing
 * handles. A disabled default button also stops Enter from sending the form.
 *
 * Pressing a submit button does not take the focus from the field being typed in. Otherwise the
 * press itself blurs that field, its check (on leaving a field) shows its message, the form grows
 * and the button moves, and the release lands beside it: the form was not sent and showed one
 * message. Measured on the charge form: an empty amount, then a press on Charge, sent nothing and
 * said only "Enter an amount". Now the press sends it, and every field says what it needs.
 */
export function Button({
  variant = "primary",
  className = "",
  disabled,
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof VARIANTS }) {
  const hydrated = useHydrated();
  return (
    <button
      className={`${BASE} ${VARIANTS[variant]} ${className}`}
      disabled={disabled || (props.type === "submit" && !hydrated)}
      onMouseDown={props.type === "submit" ? (e) => e.preventDefault() : undefined}
      {...props}
    />
  );
}
