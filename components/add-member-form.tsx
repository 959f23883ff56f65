"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { newMemberSchema, PASSWORD_MIN, type NewMemberValues } from "@/lib/auth/schemas";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { Button } from "./ui/button";
import { Field, inputClass } from "./ui/field";
import { FormAlert } from "./ui/form-alert";

export function AddMemberForm() {
  const router = useRouter();
  const { register, handleSubmit, reset, setError, formState } = useForm<NewMemberValues>({
    resolver: zodResolver(newMemberSchema),
    defaultValues: { role: "staff" },
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useMutation({
    mutationFn: (values: NewMemberValues) =>
      fetchJson("/api/team", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(values) }),
    onSuccess: () => {
      reset({ name: "", email: "", password: "", role: "staff" });
      router.refresh();
    },
    onError: (error) => {
      if (error instanceof HttpError && error.fields)
        for (const [k, m] of Object.entries(error.fields)) setError(k as keyof NewMemberValues, { message: m });
    },
  });

  return (
    <form onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field id="member-name" label="Name" error={errors.name?.message}>
        <input id="member-name" className={inputClass} aria-invalid={!!errors.name} {...register("name")} />
      </Field>
      <Field id="member-email" label="Email" error={errors.email?.message}>
        <input
          id="member-email"
          type="email"
          autoComplete="off"
          className={inputClass}
          aria-invalid={!!errors.email}
          {...register("email")}
        />
      </Field>
      <Field id="member-role" label="Role" error={errors.role?.message}>
        <select id="member-role" className={inputClass} {...register("role")}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="member-password"
        label="First password"
        hint={`At least ${PASSWORD_MIN} characters; share it with them privately.`}
        error={errors.password?.message}
      >
        <input
          id="member-password"
          type="password"
          autoComplete="new-password"
          className={inputClass}
          aria-invalid={!!errors.password}
          {...register("password")}
        />
      </Field>
      <div className="space-y-3 sm:col-span-2">
        {mutation.isError && !(mutation.error instanceof HttpError && mutation.error.fields) ? (
          <FormAlert>{mutation.error.message}</FormAlert>
        ) : null}
        {mutation.isSuccess ? (
          <p role="status" className="text-sm text-status-success">
            Member added.
          </p>
        ) : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? "Adding…" : "Add member"}
        </Button>
      </div>
    </form>
  );
}
