"use client";
// A password asked again before a two-factor change (start, turn off, new recovery codes).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { fieldMessage } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

export function PasswordStep({
  id,
  action,
  busy,
  error,
  onSubmit,
  variant = "primary",
}: {
  id: string;
  action: string;
  busy: boolean;
  error: Error | null;
  onSubmit: (password: string) => void;
  variant?: "primary" | "danger";
}) {
  const [password, setPassword] = useState("");
  const field = useRef<HTMLInputElement>(null);
  // Typed before the page's scripts had run (a page loaded whole, as the enrolment page is from
  // Your profile's link): the field shows it, so the form takes it, and Continue wakes.
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) setPassword(typed);
  }, []);
  const fieldError = fieldMessage(error, "password");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <Field id={id} label="Your password" error={fieldError}>
        {(control) => (
          <input
            {...control}
            ref={field}
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {error && !fieldError ? <FormAlert>{error.message}</FormAlert> : null}
      <Button type="submit" variant={variant} disabled={busy || !password}>
        {busy ? "Checking…" : action}
      </Button>
    </form>
  );
}
