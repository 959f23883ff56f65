"use client";
// The sign-in form: email and password, checked by the schema the handler uses (each field once
// it has been left, then as it changes; all of them on submit, the first wrong one focused).
// The first page every member loads, on any phone: two fields need neither a form library nor
// React Query, so the page carries neither (docs/benchmarks.md, "JavaScript per page").
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { signInSchema, type SignInValues } from "@/lib/team/schema";
import { fetchJson } from "@/lib/fetch-json";
import { safeNextPath } from "@/lib/safe-next";
import { CodeStep } from "@/components/two-factor/code-step";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useAction } from "@/components/ui/use-action";

type Name = keyof SignInValues;
const NAMES: Name[] = ["email", "password"];

/** The form's values, parsed as the handler parses them, or the first problem of each field. */
function check(form: HTMLFormElement) {
  const data = new FormData(form);
  const parsed = signInSchema.safeParse({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") });
  const problems: Partial<Record<Name, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as Name] ??= issue.message;
  return { values: parsed.success ? parsed.data : null, problems };
}

export function SignInForm({ next }: { next: string | null }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const touched = useRef(new Set<Name>());
  // After the right password, a member with two-factor gives their code (components/two-factor/code-step.tsx).
  const [codeStep, setCodeStep] = useState(false);
  const [expired, setExpired] = useState(false);
  const mutation = useAction({
    send: (values: SignInValues) =>
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

  const recheck = (name: Name) => {
    if (!form.current || !touched.current.has(name)) return;
    const { problems } = check(form.current);
    setErrors((e) => ({ ...e, [name]: problems[name] }));
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { values, problems } = check(e.currentTarget);
    for (const name of NAMES) touched.current.add(name);
    setErrors(problems);
    const wrong = NAMES.find((n) => problems[n]);
    if (wrong) (e.currentTarget.elements.namedItem(wrong) as HTMLInputElement | null)?.focus();
    else if (values) mutation.mutate(values);
  };
  const input = (name: Name) => ({
    id: name,
    name,
    className: inputClass,
    "aria-invalid": !!errors[name],
    "aria-describedby": describedBy(name, undefined, errors[name]),
    onBlur: () => {
      touched.current.add(name);
      recheck(name);
    },
    onChange: () => recheck(name),
  });

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      <Field id="email" label="Email" error={errors.email}>
        <input type="email" autoComplete="username" {...input("email")} />
      </Field>
      <Field id="password" label="Password" error={errors.password}>
        <input type="password" autoComplete="current-password" {...input("password")} />
      </Field>
      {expired && !mutation.isError ? (
        <FormAlert>Your sign-in expired before the code was given. Enter your password again.</FormAlert>
      ) : null}
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
