"use client";
// The owner's choice of the roles that must sign in with two-factor. A member of a newly
// required role who has not set it up is led to do so at their next page, and can do nothing else.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { type FormEvent, useState } from "react";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/access/roles";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";

export function TwoFactorPolicyForm({ initial }: { initial: Role[] }) {
  const navigation = useNavigation();
  const [roles, setRoles] = useState<Role[]>(initial);
  const save = useAction({
    send: () => sendJson<{ roles: Role[] }>("PUT", "/api/security/two-factor", { roles }),
    onSuccess: ({ roles: saved }) => {
      toast(
        saved.length
          ? `Two-factor is now required for ${saved.map((r) => ROLE_LABELS[r]).join(", ")}`
          : "Two-factor is now optional for every role",
      );
      navigation.refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form method="post" onSubmit={submit} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium">Required for</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {ROLES.map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={roles.includes(r)}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
              />
              {ROLE_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      {save.isError ? <FormAlert>{save.error.message}</FormAlert> : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save requirement"}
      </Button>
    </form>
  );
}
