"use client";
// "Confirm it's you": the password again, or (for a member with two-factor) a code from the
// authenticator app. Used by the re-auth dialog and by the /reauth page a stale export link leads to.
import { type FormEvent, useEffect, useId, useState } from "react";
import { fetchOnce, fieldMessage, HttpError, jsonInit } from "@/components/ui/http";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

type Method = "password" | "code";

export function ReauthForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [method, setMethod] = useState<Method>("password");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; alert?: string }>({});
  const id = useId();
  // Whether a code may stand in for the password (the member has two-factor on).
  const [twoFactor, setTwoFactor] = useState(false);
  useEffect(() => {
    fetchOnce<{ twoFactor: boolean }>("/api/session/reauth").then(
      (s) => setTwoFactor(s.twoFactor),
      () => setTwoFactor(false),
    );
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!value) return setError({ field: method === "password" ? "Enter your password" : "Enter the code" });
    setBusy(true);
    setError({});
    try {
      await fetchOnce("/api/session/reauth", jsonInit("POST", { [method]: value }));
      setValue("");
      onDone();
    } catch (err) {
      const field = fieldMessage(err, method);
      setError(field && err instanceof HttpError && err.status === 422 ? { field } : { alert: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const inputId = `${id}-${method}`;
  const switchTo = (m: Method) => {
    setMethod(m);
    setValue("");
    setError({});
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {method === "password" ? (
        <Field id={inputId} label="Your password" error={error.field}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              // biome-ignore lint/a11y/noAutofocus: the dialog opens for this one field
              autoFocus
              className={inputClass}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field id={inputId} label="Code from your authenticator app" error={error.field}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              // biome-ignore lint/a11y/noAutofocus: the dialog opens for this one field
              autoFocus
              className={inputClass}
              value={value}
              onChange={(e) => setValue(e.target.value.replace(/\s/g, ""))}
            />
          )}
        </Field>
      )}
      {error.alert ? <FormAlert>{error.alert}</FormAlert> : null}
      {twoFactor ? (
        <button
          type="button"
          className="min-h-11 text-left text-sm font-medium text-link underline"
          onClick={() => switchTo(method === "password" ? "code" : "password")}
        >
          {method === "password" ? "Use a code from your authenticator app instead" : "Use your password instead"}
        </button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? "Checking…" : "Confirm"}
        </Button>
      </div>
    </form>
  );
}
