"use client";
// The sign-in form: email and password, checked by the schema the handler uses (each field once
// it has been left, then as it changes; all of them on submit, the first wrong one focused).
// The first page every member loads, on any phone: two fields need neither a form library nor
// React Query, so the page carries neither, and the schema (with zod) comes on the form's first
// focus (docs/benchmarks.md, "JavaScript per page").
import { useNavigation } from "@/components/ui/navigation";
import { type FormEvent, useRef, useState } from "react";
import type { SignInValues } from "@/lib/team/schema";
import { sendJson } from "@/components/ui/fetch-json";
import { safeNextPath } from "@/lib/safe-next";
import { CodeStep } from "@/components/two-factor/code-step";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { CHECKS_UNAVAILABLE } from "@/components/ui/lazy-resolver";
import { onFirstUse } from "@/components/ui/on-first-use";
import { useAction } from "@/components/ui/use-action";

type Name = keyof SignInValues;
const NAMES: Name[] = ["email", "password"];

const schema = onFirstUse(() => import("@/lib/team/schema").then((m) => m.signInSchema));

/** The form's values, parsed as the handler parses them, or the first problem of each field. */
async function check(form: HTMLFormElement) {
  const data = new FormData(form);
  const signInSchema = await schema();
  const parsed = signInSchema.safeParse({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") });
  const problems: Partial<Record<Name, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as Name] ??= issue.message;
  return { values: parsed.success ? parsed.data : null, problems };
}

export function SignInForm({ next }: { next: string | null }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const touched = useRef(new Set<Name>());
  // After the right password, a member with two-factor gives their code (components/two-factor/code-step.tsx).
  const [codeStep, setCodeStep] = useState(false);
  const [expired, setExpired] = useState(false);
  const [unchecked, setUnchecked] = useState(false);
  // A second press while the first is being checked sends nothing more (the button is disabled
  // only once the request is under way).
  const checking = useRef(false);
  const mutation = useAction({
    send: (values: SignInValues) => sendJson<{ home?: string; twoFactor?: true }>("POST", "/api/session", values),
    onSuccess: ({ home, twoFactor }) => {
      if (twoFactor) {
        setExpired(false);
        setCodeStep(true);
        return;
      }
      navigation.replace(safeNextPath(next) ?? home ?? "/");
      navigation.refresh();
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

  const recheck = async (name: Name) => {
    if (!form.current || !touched.current.has(name)) return;
    // Until the checks have loaded, a field's message waits for them (the submit says if they never do).
    const { problems } = await check(form.current).catch(() => ({ problems: {} as Partial<Record<Name, string>> }));
    setErrors((e) => ({ ...e, [name]: problems[name] }));
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (checking.current) return;
    checking.current = true;
    const el = e.currentTarget;
    for (const name of NAMES) touched.current.add(name);
    let checked: Awaited<ReturnType<typeof check>>;
    try {
      checked = await check(el);
    } catch {
      // The checks did not load: nothing is sent, and the next press tries again.
      setUnchecked(true);
      return;
    } finally {
      checking.current = false;
    }
    setUnchecked(false);
    const { values, problems } = checked;
    setErrors(problems);
    const wrong = NAMES.find((n) => problems[n]);
    if (wrong) (el.elements.namedItem(wrong) as HTMLInputElement | null)?.focus();
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
      void recheck(name);
    },
    onChange: () => void recheck(name),
  });

  return (
    <form
      ref={form}
      method="post"
      onFocus={() => void schema().catch(() => {})}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4"
    >
      <Field id="email" label="Email" error={errors.email}>
        <input type="email" autoComplete="username" {...input("email")} />
      </Field>
      <Field id="password" label="Password" error={errors.password}>
        <input type="password" autoComplete="current-password" {...input("password")} />
      </Field>
      {expired && !mutation.isError ? (
        <FormAlert>Your sign-in expired before the code was given. Enter your password again.</FormAlert>
      ) : null}
      {unchecked ? <FormAlert>{CHECKS_UNAVAILABLE}</FormAlert> : null}
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <Button type="submit" disabled={mutation.isPending || mutation.isSuccess} className="w-full">
        {mutation.isPending || mutation.isSuccess ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
