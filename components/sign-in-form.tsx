"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { signInSchema, type SignInValues } from "@/lib/auth/schemas";
import { fetchJson } from "@/lib/fetch-json";
import { safeNextPath } from "@/lib/safe-next";
import { CodeStep } from "./two-factor/code-step";
import { Button } from "./ui/button";
import { describedBy, Field, inputClass } from "./ui/field";
import { FormAlert } from "./ui/form-alert";

export function SignInForm({ next }: { next: string | null }) {
  const router = useRouter();
  const { register, handleSubmit, formState } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), mode: "onTouched" });
  const { errors } = formState;
  // After the right password, a member with two-factor gives their code (components/two-factor/code-step.tsx).
  const [codeStep, setCodeStep] = useState(false);
  const [expired, setExpired] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: SignInValues) =>
      fetchJson<{ home?: string; twoFactor?: true }>("/api/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(values),
      }),
    onSuccess: ({ home, twoFactor }) => {
      if (twoFactor) {
        setExpired(false);
        setCodeStep(true);
        return;
      }
      router.replace(safeNextPath(next) ?? home ?? "/");
      router.refresh();
    },
  });

  if (codeStep)
    return (
      <CodeStep
        next={next}
        onExpired={() => {
          setCodeStep(false);
          setExpired(true);
          mutation.reset();
        }}
      />
    );

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
      {expired && !mutation.isError ? (
        <FormAlert>Your sign-in expired before the code was given. Enter your password again.</FormAlert>
      ) : null}
      {mutation.isError ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
