"use client";
import { type ComponentProps, useContext } from "react";
import { type ButtonVariant, buttonClass } from "./button-class";
import { SubmitsHeld, useHydrated } from "./use-hydrated";

/**
 * A submit button is disabled until React has hydrated the page: a form sent before that would go
 * the browser's own way, a GET with every field in the address (a password, a note) that nothing
 * handles. A disabled default button also stops Enter from sending the form. In an island the
 * page's script holds such a form until React is ready, then sends it (SubmitsHeld): the button
 * works from the first paint.
 *
 * Any other button does nothing until then either (its work is its onClick): it is disabled too, so
 * that a press on a page that has just loaded (Copy link, as a pay link's page opens) is not lost
 * but waits — a person sees it wake, a test's click waits for it.
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
}: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  const hydrated = useHydrated();
  const held = useContext(SubmitsHeld);
  return (
    <button
      className={`${buttonClass(variant)} ${className}`}
      disabled={disabled || (!hydrated && !held)}
      onMouseDown={props.type === "submit" ? (e) => e.preventDefault() : undefined}
      {...props}
    />
  );
}
