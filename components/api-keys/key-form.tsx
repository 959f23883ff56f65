"use client";
// Making an API key: its name and scopes (the same schema as the route, lib/api-keys/schema.ts);
// the answer is the only one that carries the key and its signing secret (./key-shown.tsx).
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { useAction } from "@/components/ui/use-action";
import type { ApiKeyInput } from "@/lib/api-keys/schema";
import { API_KEY_NAME_MAX, API_SCOPE_LABELS, API_SCOPES, type ApiScope } from "@/lib/api-keys/shape";
import type { ApiKeyShown } from "@/lib/api-keys/view";
import { sendJson } from "@/components/ui/fetch-json";

type Values = { name: string; scopes: ApiScope[] };
const FIELDS = ["name", "scopes"] as const;

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<Values, ApiKeyInput>(() => import("@/lib/api-keys/schema").then((m) => m.apiKeySchema));

export function KeyForm({ onCreated }: { onCreated: (shown: ApiKeyShown) => void }) {
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, ApiKeyInput>({
    resolver,
    defaultValues: { name: "", scopes: [] },
    mode: "onTouched",
  });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  const make = useAction({
    send: (values: ApiKeyInput) => sendJson<ApiKeyShown>("POST", "/api/api-keys", values),
    onSuccess: (shown) => {
      // Leaving the emptied form for the key shown would check the field left and say it is empty.
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && formRef.current?.contains(focused)) focused.blur();
      reset();
      onCreated(shown);
    },
    onError: (e) => applyFieldErrors(e, setError, FIELDS),
  });
  const named = namesField(make.error, FIELDS);
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form
      ref={formRef}
      onFocus={resolver.preload}
      onSubmit={handleSubmit((v) => make.mutate(v))}
      noValidate
      className="space-y-4"
      data-testid="api-key-form"
    >
      <Field
        id="api-key-name"
        label="Name"
        hint={`The system that will hold it ("Web shop"). At most ${API_KEY_NAME_MAX} characters.`}
        error={errors.name?.message}
      >
        {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("name")} />}
      </Field>
      <fieldset aria-describedby={scopesError ? "api-key-scopes-error" : undefined} className="space-y-1">
        <legend className="text-sm font-medium text-ink">What it may do</legend>
        {API_SCOPES.map((s) => (
          <label key={s} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" value={s} className="h-5 w-5 shrink-0" {...register("scopes")} />
            <span>
              {API_SCOPE_LABELS[s]} <span className="font-mono text-xs text-ink-muted">{s}</span>
            </span>
          </label>
        ))}
        <p id="api-key-scopes-error" aria-live="polite" className="text-sm font-medium text-status-failed">
          {scopesError ?? ""}
        </p>
      </fieldset>
      {make.isError && !named ? <FormAlert>{make.error.message}</FormAlert> : null}
      <Button type="submit" disabled={make.isPending}>
        {make.isPending ? "Making…" : "Make key"}
      </Button>
    </form>
  );
}
