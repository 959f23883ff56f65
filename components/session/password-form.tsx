"use client";
// Change your own password: the current one, then the new one twice. Every other session of the
// member ends (another browser, a forgotten tab); this one carries on with a fresh session.
import { useAction } from "@/components/ui/use-action";
import { useForm } from "react-hook-form";
import type { PasswordChangeFormValues } from "@/lib/team/schema";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<PasswordChangeFormValues>(() => import("@/lib/team/schema").then((m) => m.passwordChangeFormSchema));

export function PasswordForm() {
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordChangeFormValues>({
    resolver,
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useAction({
    send: ({ currentPassword, newPassword }: PasswordChangeFormValues) =>
      sendJson("POST", "/api/profile/password", { currentPassword, newPassword }),
    onSuccess: () => reset(EMPTY),
    onError: (error) => applyFieldErrors(error, setError, FIELDS),
  });
  const hint = `At least ${PASSWORD_MIN} characters.`;
  // A refusal the fields do not name (too many tries, a lost connection) is said above the button.
  const named = namesField(mutation.error, FIELDS);

  return (
    <form method="post" onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <input {...control} type="password" autoComplete="current-password" className={inputClass} {...register("currentPassword")} />
        )}
      </Field>
      <Field id="new-password" label="New password" hint={hint} error={errors.newPassword?.message}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("newPassword")} />
        )}
      </Field>
      <Field id="confirm-password" label="New password again" error={errors.confirmPassword?.message}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("confirmPassword")} />
        )}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      {mutation.isSuccess ? (
        <p role="status" className="text-sm text-status-success">
          Password changed. You were signed out everywhere else.
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        {mutation.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
