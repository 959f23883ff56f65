"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { signInSchema, type SignInValues } from "@/lib/auth/schemas";
import { fetchJson } from "@/lib/fetch-json";
import { safeNextPath } from "@/lib/safe-next";
import { Button } from "./ui/button";
import { describedBy, Field, inputClass } from "./ui/field";
import { FormAlert } from "./ui/form-alert";

export function SignInForm({ next }: { next: string | null }) {
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), mode: "onTouched" });
  const { errors } = formState;
  const mutation = useMutation({
    mutationFn: (values: SignInValues) =>
      fetchJson<{ home: string }>("/api/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      }),
    onSuccess: ({ home }) => {
      router.replace(safeNextPath(next) ?? home);
      router.refresh();
    },
  });

  return (
    <form onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="email" label="Email" error={errors.email?.message}>
        <input
          id="email"
          type="email"
          autoComplete="username"
          className={inputClass}
          aria-invalid={!!errors.email}
          aria-describedby={describedBy("email", undefined, errors.email?.message)}
          {...register("email")}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          className={inputClass}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy("password", undefined, errors.password?.message)}
          {...register("password")}
        />
      </Field>
      {mutation.isError ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
