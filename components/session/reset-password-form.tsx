"use client";
// A new password with a reset link, typed twice. Every session of the member ends; they then sign
// in with it, and give their second factor as before.
import { useForm } from "react-hook-form";
import { TextLink } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { PASSWORD_MIN } from "@/lib/auth/shape";

type Values = { password: string; confirmPassword: string };
const FIELDS = ["password", "confirmPassword"] as const;
const resolver = lazyZodResolver<Values>(() => import("@/lib/team/schema").then((m) => m.resetPasswordFormSchema));

export function ResetPasswordForm({ token }: { token: string }) {
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: { password: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useAction({
    send: ({ password }: Values) => sendJson("POST", `/api/session/password-reset/${encodeURIComponent(token)}`, { password }),
    onError: (error) => applyFieldErrors(error, setError, FIELDS),
  });
  if (mutation.isSuccess) {
    return (
      <div role="status" className="space-y-3" data-testid="reset-done">
        <p className="text-base text-ink">Your password is changed, and every session of yours was signed out.</p>
        <TextLink tap href="/sign-in">
          Sign in with the new password
        </TextLink>
      </div>
    );
  }
  const named = namesField(mutation.error, FIELDS);
  return (
    <form onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="password" label="New password" hint={`At least ${PASSWORD_MIN} characters.`} error={errors.password?.message}>
        {(control) => <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("password")} />}
      </Field>
      <Field id="confirm-password" label="New password again" error={errors.confirmPassword?.message}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("confirmPassword")} />
        )}
      </Field>
      {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? "Saving…" : "Set the new password"}
      </Button>
    </form>
  );
}
