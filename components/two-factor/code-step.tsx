"use client";
// The second step of sign-in: the 6-digit code from the member's authenticator app, or (after
// "Use a recovery code") one of their recovery codes. A sign-in that expired goes back to the
// password step.
import { useNavigation } from "@/components/ui/navigation";
import { type FormEvent, useState } from "react";
import { fieldMessage, HttpError, sendJson } from "@/components/ui/fetch-json";
import { safeNextPath } from "@/lib/safe-next";
import { useAction } from "@/components/ui/use-action";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

export function CodeStep({ next, onExpired }: { next: string | null; onExpired: () => void }) {
  const navigation = useNavigation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const mutation = useAction({
    send: () => sendJson<{ home: string }>("POST", "/api/session/two-factor", { code, recovery }),
    onSuccess: ({ home }) => {
      navigation.replace(safeNextPath(next) ?? home);
      navigation.refresh();
    },
    onError: (error) => {
      if (error instanceof HttpError && error.code === "two_factor_expired") onExpired();
      setCode("");
    },
  });
  const fieldError = fieldMessage(mutation.error, "code");
  const id = recovery ? "recovery-code" : "totp-code";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(undefined);
  };
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-ink-muted">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for Momo Dashboard."}
      </p>
      <Field id={id} label={recovery ? "Recovery code" : "Authenticator code"} error={fieldError}>
        {(control) => (
          <input
            {...control}
            key={id}
            // biome-ignore lint/a11y/noAutofocus: the page shows only this field; the member was typing the step before
            autoFocus
            inputMode={recovery ? "text" : "numeric"}
            autoComplete={recovery ? "off" : "one-time-code"}
            pattern={recovery ? undefined : "[0-9 ]*"}
            maxLength={recovery ? 12 : 7}
            spellCheck={false}
            className={`${inputClass} font-mono tracking-widest`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      {mutation.error && !fieldError ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={busy || code.trim() === ""} className="w-full">
        {busy ? "Checking…" : "Verify and sign in"}
      </Button>
      <button
        type="button"
        className="w-full text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
        onClick={() => {
          setRecovery(!recovery);
          setCode("");
          mutation.reset();
        }}
      >
        {recovery ? "Use your authenticator app instead" : "Use a recovery code"}
      </button>
    </form>
  );
}
