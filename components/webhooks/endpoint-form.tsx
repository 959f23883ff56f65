"use client";
// An endpoint's address, description and events: the same form adds one (POST, the answer then
// carries its secret) and changes one (PATCH). The server's refusals land on the field they name:
// an address the key's mode does not allow is said under the address.
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import type { KeyMode } from "@/lib/market/key-mode";
import type { EndpointInput } from "@/lib/webhooks/schema";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/shape";
import type { EndpointView, SecretShown } from "@/lib/webhooks/view";

type Values = { url: string; description: string; eventTypes: WebhookEventType[] };
const FIELDS = ["url", "description", "eventTypes"] as const;

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<Values, EndpointInput>(() => import("@/lib/webhooks/schema").then((m) => m.endpointSchema));

/** What the key's mode allows, said under the address (lib/webhooks/address.ts checks it). */
function urlRules(mode: KeyMode): string {
  return mode === "test"
    ? "A public https:// address, or a receiver on this machine (this TEST key allows http://127.0.0.1:<port>/…). Addresses inside a private network are refused."
    : "A public https:// address. With a LIVE key, plain http and addresses inside a private network are refused.";
}

type Props = {
  mode: KeyMode;
  /** The endpoint to change; none to add one. */
  endpoint?: EndpointView;
  /** Added: the answer, the only one that carries the secret. */
  onCreated?: (shown: SecretShown) => void;
  /** Changed: the endpoint as saved. */
  onSaved?: (endpoint: EndpointView) => void;
};

export function EndpointForm({ mode, endpoint, onCreated, onSaved }: Props) {
  const id = endpoint ? `endpoint-${endpoint.id.slice(0, 8)}` : "new-endpoint";
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<Values, unknown, EndpointInput>({
    resolver,
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes }
      : { url: "", description: "", eventTypes: [] },
    mode: "onTouched",
  });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  const save = useAction({
    send: (values: EndpointInput) =>
      sendJson<SecretShown | { endpoint: EndpointView }>(
        endpoint ? "PATCH" : "POST",
        endpoint ? `/api/webhooks/${endpoint.id}` : "/api/webhooks",
        values,
      ),
    onSuccess: (answer) => {
      const saved = answer.endpoint;
      // The press left the focus in the form (components/ui/button.tsx). Leaving the emptied form
      // later (for the secret shown, or its Copy) would check the field left and say it is empty.
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && formRef.current?.contains(focused)) focused.blur();
      reset(endpoint ? { url: saved.url, description: saved.description, eventTypes: saved.eventTypes } : undefined);
      if (endpoint) onSaved?.(saved);
      else onCreated?.(answer as SecretShown);
    },
    onError: (e) => applyFieldErrors(e, setError, FIELDS),
  });
  const named = namesField(save.error, FIELDS);
  const eventsError = errors.eventTypes?.message ?? errors.eventTypes?.root?.message;
  const url = watch("url") ?? "";
  const picked = watch("eventTypes");
  const chosen = Array.isArray(picked) ? picked : [];
  const all = chosen.length === WEBHOOK_EVENT_TYPES.length;
  // What the form still needs, said before it is sent (the checks themselves arrive on first focus).
  const missing = [url.trim() ? null : "the endpoint's address", chosen.length ? null : "at least one event"].filter(Boolean);

  return (
    <form
      ref={formRef}
      onFocus={resolver.preload}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      noValidate
      className="space-y-4"
      data-testid={endpoint ? "endpoint-settings-form" : "endpoint-form"}
    >
      <Field id={`${id}-url`} label="Endpoint URL" hint={urlRules(mode)} error={errors.url?.message}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
            {...register("url")}
          />
        )}
      </Field>
      <Field
        id={`${id}-description`}
        label="Description (optional)"
        hint="For you: which system this is. At most 100 characters."
        error={errors.description?.message}
      >
        {(control) => <input {...control} autoComplete="off" className={inputClass} {...register("description")} />}
      </Field>
      <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined} className="space-y-1">
        <legend className="text-sm font-medium text-ink">Events to send</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0"
            checked={all}
            ref={(box) => {
              if (box) box.indeterminate = chosen.length > 0 && !all;
            }}
            onChange={() => setValue("eventTypes", all ? [] : [...WEBHOOK_EVENT_TYPES], { shouldDirty: true, shouldValidate: true })}
          />
          All events
        </label>
        <div className="grid gap-x-6 border-t border-line sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <label key={t} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" value={t} className="h-5 w-5 shrink-0" {...register("eventTypes")} />
              <span>
                {WEBHOOK_EVENT_LABELS[t]} <span className="font-mono text-xs text-ink-muted">{t}</span>
              </span>
            </label>
          ))}
        </div>
        <p id={`${id}-events-error`} aria-live="polite" className="text-sm font-medium text-status-failed">
          {eventsError ?? ""}
        </p>
      </fieldset>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {save.isError && !named ? <FormAlert>{save.error.message}</FormAlert> : null}
      {missing.length ? (
        <p id={`${id}-missing`} className="text-sm text-ink-muted" data-testid="endpoint-missing">
          Still needed: {missing.join(" and ")}.
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} aria-describedby={missing.length ? `${id}-missing` : undefined}>
        {endpoint ? (save.isPending ? "Saving…" : "Save changes") : save.isPending ? "Adding…" : "Add endpoint"}
      </Button>
    </form>
  );
}
