"use client";
// Forgot password: the member's email; the answer is the same whether or not it is a member's (the
// server says so in words), so the page never tells a stranger who is on the team.
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";

type Values = { email: string };
const resolver = lazyZodResolver<Values>(() => import("@/lib/team/schema").then((m) => m.resetAskSchema));

export function ForgotPasswordForm() {
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver, defaultValues: { email: "" }, mode: "onTouched" });
  const { errors } = formState;
  const mutation = useAction({
    send: (values: Values) => sendJson<{ message: string }>("POST", "/api/session/password-reset", values),
    onError: (error) => applyFieldErrors(error, setError, ["email"]),
  });
  if (mutation.isSuccess) {
    return (
      <p role="status" className="text-base text-ink" data-testid="reset-asked">
        {mutation.data.message} Check your inbox, and its spam folder.
      </p>
    );
  }
  const named = namesField(mutation.error, ["email"]);
  return (
    <form onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="email" label="Email" hint="The address you sign in with." error={errors.email?.message}>
        {(control) => <input {...control} type="email" autoComplete="username" className={inputClass} {...register("email")} />}
      </Field>
      {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? "Sending…" : "Send me a reset link"}
      </Button>
    </form>
  );
}
