"use client";
// Adding or changing a customer: the same schema as the server's; the network follows the
// number's prefix until the member picks one; a number already in the directory links to them.
// It is the island of its pages (./customer-form.island.tsx): its links are plain.
import { NetworkOptions } from "@/components/charges/network-options";
import { useAction } from "@/components/ui/use-action";
import { textLinkClass } from "@/components/ui/link-class";
import { useNavigation } from "@/components/ui/navigation";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { CustomerFormValues, CustomerInput } from "@/lib/customers/schema";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import type { CustomerView } from "@/lib/customers/view";
import { fieldMessage, sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { suggestProvider } from "@/lib/market/networks";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

/** `initial`: the customer being changed; `prefill`: a new one's number and network (from a charge). */
type Props = { initial?: CustomerFormValues & { id: string }; prefill?: Pick<CustomerFormValues, "phoneNumber" | "provider"> };

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<CustomerFormValues, CustomerInput>(() => import("@/lib/customers/schema").then((m) => m.customerSchema));

export function CustomerForm({ initial, prefill }: Props) {
  const navigation = useNavigation();
  const form = useForm<CustomerFormValues, unknown, CustomerInput>({
    resolver,
    defaultValues: initial ?? { name: "", phoneNumber: "", provider: undefined, reference: "", email: "", note: "", ...prefill },
    mode: "onTouched",
  });
  const { register, handleSubmit, watch, setValue, getValues, setError, formState } = form;
  const { errors } = formState;
  const picked = useRef(!!initial || !!prefill?.provider);
  const phone = watch("phoneNumber");
  const suggested = suggestProvider(phone ?? "");
  useEffect(() => {
    if (!picked.current && suggested && suggested !== getValues("provider")) setValue("provider", suggested);
  }, [suggested, getValues, setValue]);

  const save = useAction({
    send: (values: CustomerFormValues) =>
      sendJson<{ customer: CustomerView }>(initial ? "PATCH" : "POST", initial ? `/api/customers/${initial.id}` : "/api/customers", values),
    onSuccess: ({ customer }) => {
      navigation.go(`/customers/${customer.id}`, { toast: initial ? `${customer.name} is saved` : `${customer.name} is in the directory` });
      navigation.refresh();
    },
    onError: (e) => applyFieldErrors(e, setError, ["name", "phoneNumber", "provider", "reference", "email", "note"]),
  });
  const existing = fieldMessage(save.error, "customerId");
  const err = (k: keyof CustomerFormValues) => errors[k]?.message;
  const text = (id: keyof CustomerFormValues, label: string, extra: { hint?: string; type?: string } = {}) => (
    <Field id={`customer-${id}`} label={label} hint={extra.hint} error={err(id)}>
      {(control) => <input {...control} type={extra.type ?? "text"} autoComplete="off" className={inputClass} {...register(id)} />}
    </Field>
  );

  return (
    // POST: with no script the browser sends it to the page, which shows the form again and keeps
    // no field in the address (components/layout/island-slot.tsx says the form needs JavaScript).
    <form method="post" onFocus={resolver.preload} onSubmit={handleSubmit((v) => save.mutate(v))} noValidate className="space-y-1">
      {text("name", "Name")}
      {text("phoneNumber", "Phone number", { type: "tel", hint: "Local digits such as 024 123 4567; +233 is fine too." })}
      <Field id="customer-provider" label="Network" error={err("provider")}>
        {(control) => (
          <select {...control} className={inputClass} {...register("provider", { onChange: () => (picked.current = true) })}>
            <NetworkOptions prompt="Choose the network…" />
          </select>
        )}
      </Field>
      {text("reference", "Your reference (optional)", { hint: "A student ID or member number; at most 40 characters." })}
      {text("email", "Email (optional)", {
        type: "email",
        hint: "Pay links can be emailed to this address when the dashboard sends email.",
      })}
      <Field id="customer-note" label="Note (optional)" error={err("note")}>
        {(control) => <textarea {...control} rows={3} className={inputClass} {...register("note")} />}
      </Field>
      {existing ? (
        <p className="text-sm">
          <a href={`/customers/${existing}`} className={textLinkClass()}>
            Open the customer with this number
          </a>
        </p>
      ) : null}
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {save.isError && !namesField(save.error) ? <FormAlert>{save.error.message}</FormAlert> : null}
      <div className="pt-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : initial ? "Save changes" : "Add customer"}
        </Button>
      </div>
    </form>
  );
}
