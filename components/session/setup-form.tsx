"use client";
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useForm } from "react-hook-form";
import type { SetupValues } from "@/lib/team/schema";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { holdJustChosenPassword } from "@/components/two-factor/just-chosen-password";

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<SetupValues>(() => import("@/lib/team/schema").then((m) => m.setupSchema));

export function SetupForm() {
  const navigation = useNavigation();
  const { register, handleSubmit, setError, formState } = useForm<SetupValues>({ resolver, mode: "onTouched" });
  const { errors } = formState;
  const mutation = useAction({
    send: (values: SetupValues) => sendJson<{ home: string }>("POST", "/api/setup", values),
    onSuccess: ({ home }, values) => {
      // A role that must use two-factor is led to set it up next: it need not ask for this again.
      if (home === "/two-factor") holdJustChosenPassword(values.password);
      navigation.replace(home);
      navigation.refresh();
    },
    onError: (error) => applyFieldErrors(error, setError),
  });
  const hint = `At least ${PASSWORD_MIN} characters. There is no default password: this one is yours.`;

  return (
    <form onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="name" label="Your name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="name" className={inputClass} {...register("name")} />}
      </Field>
      <Field id="email" label="Email" error={errors.email?.message}>
        {(control) => <input {...control} type="email" autoComplete="username" className={inputClass} {...register("email")} />}
      </Field>
      <Field id="password" label="Password" hint={hint} error={errors.password?.message}>
        {(control) => <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("password")} />}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {mutation.isError ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Creating…" : "Create the owner account"}
      </Button>
    </form>
  );
}
