"use client";
// The invitee's side of an invite: their name (the owner's spelling, theirs to correct) and the
// password they choose. Accepting signs them in and takes them to their start page.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useForm } from "react-hook-form";
import type { AcceptInviteValues } from "@/lib/team/schema";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { holdJustChosenPassword } from "@/components/two-factor/just-chosen-password";

const FIELDS = ["name", "password"] as const;

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<AcceptInviteValues>(() => import("@/lib/team/schema").then((m) => m.acceptInviteSchema));

export function AcceptInviteForm({ token, name, email }: { token: string; name: string; email: string }) {
  const navigation = useNavigation();
  const { register, handleSubmit, setError, formState } = useForm<AcceptInviteValues>({
    resolver,
    defaultValues: { name, password: "" },
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useAction({
    send: (values: AcceptInviteValues) => sendJson<{ home: string }>("POST", `/api/invites/${encodeURIComponent(token)}`, values),
    onSuccess: ({ home }, values) => {
      // A role that must use two-factor is led to set it up next: it need not ask for this again.
      if (home === "/two-factor") holdJustChosenPassword(values.password);
      navigation.replace(home);
      navigation.refresh();
    },
    onError: (error) => applyFieldErrors(error, setError, FIELDS),
  });
  const named = namesField(mutation.error, FIELDS);
  const hint = `At least ${PASSWORD_MIN} characters. Only you will know it.`;

  return (
    <form onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <p className="block text-sm font-medium text-ink">Email</p>
        <p className="text-base text-ink-muted" data-testid="invite-email">
          {email}
        </p>
      </div>
      <Field id="name" label="Your name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="name" className={inputClass} {...register("name")} />}
      </Field>
      {/* For password managers: the account this password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label="Choose a password" hint={hint} error={errors.password?.message}>
        {(control) => <input {...control} type="password" autoComplete="new-password" className={inputClass} {...register("password")} />}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Joining…" : "Join the team"}
      </Button>
    </form>
  );
}
