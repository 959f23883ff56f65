"use client";
// The owner invites a member: name, email and role. The answer is a one-time link, shown here
// once to copy and pass on (there is no mail service); the invitee chooses their own password.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useForm } from "react-hook-form";
import { ROLE_LABELS, ROLES } from "@/lib/access/roles";
import type { InviteValues } from "@/lib/team/schema";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { InviteLink } from "./invite-link";

type Created = { id: string; path: string; expiresAt: string; emailed: boolean | null };
const FIELDS = ["name", "email", "role"] as const;

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<InviteValues>(() => import("@/lib/team/schema").then((m) => m.inviteSchema));

/** emailOn: the dashboard sends email, so the invitee gets the link by email too. */
export function InviteForm({ emailOn = false }: { emailOn?: boolean }) {
  const navigation = useNavigation();
  const { register, handleSubmit, reset, setError, formState } = useForm<InviteValues>({
    resolver,
    defaultValues: { role: "staff" },
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useAction({
    send: (values: InviteValues) =>
      sendJson<Created>("POST", "/api/team/invites", values).then((created) => ({ ...created, name: values.name })),
    onSuccess: () => {
      reset({ name: "", email: "", role: "staff" });
      navigation.refresh();
    },
    onError: (error) => applyFieldErrors(error, setError, FIELDS),
  });
  const named = namesField(mutation.error, FIELDS);

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted" data-testid="invite-once">
        {emailOn
          ? "The link goes to the new member by email, and is shown once, right here, if you also want to send it another way."
          : "The link is shown once, right here, when you create it: have a private message to the new member ready to paste it into."}{" "}
        Lost it? Make a new one from the open invites below.
      </p>
      <form
        method="post"
        onFocus={resolver.preload}
        onSubmit={handleSubmit((v) => mutation.mutate(v))}
        noValidate
        className="grid gap-4 sm:grid-cols-3"
      >
        <Field id="invite-name" label="Name" error={errors.name?.message}>
          {(control) => <input {...control} className={inputClass} {...register("name")} />}
        </Field>
        <Field id="invite-email" label="Email" error={errors.email?.message}>
          {(control) => <input {...control} type="email" autoComplete="off" className={inputClass} {...register("email")} />}
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          <select id="invite-role" className={inputClass} {...register("role")}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        <div className="space-y-3 sm:col-span-3">
          {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
          {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? "Creating the link…" : "Create invite link"}
          </Button>
        </div>
      </form>
      {mutation.isSuccess ? <InviteLink key={mutation.data.id} {...mutation.data} /> : null}
    </div>
  );
}
