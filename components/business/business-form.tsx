"use client";
// The business's name (on receipts and in the header) and its time zone (dates everywhere, and
// the days Insights counts). The zones offered are the server's list, so both agree.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useForm } from "react-hook-form";
import type { BusinessValues } from "@/lib/business/schema";
import { BUSINESS_NAME_MAX } from "@/lib/business/shape";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

const FIELDS = ["name", "timeZone", "contactPhone", "contactEmail"] as const;

// The form's checks arrive on its first focus (components/ui/lazy-resolver.ts).
const resolver = lazyZodResolver<BusinessValues>(() => import("@/lib/business/schema").then((m) => m.businessSchema));

export function BusinessForm({ initial, zones }: { initial: BusinessValues; zones: string[] }) {
  const navigation = useNavigation();
  const { register, handleSubmit, setError, formState } = useForm<BusinessValues>({
    resolver,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { errors } = formState;
  const mutation = useAction({
    send: (values: BusinessValues) => sendJson("PUT", "/api/business", values),
    onSuccess: () => navigation.refresh(),
    onError: (error) => applyFieldErrors(error, setError, FIELDS),
  });
  const named = namesField(mutation.error, FIELDS);
  const nameHint = `Shown on receipts and beside the dashboard's name. Up to ${BUSINESS_NAME_MAX} characters; leave empty for none.`;
  const zoneHint = "Dates and times are shown in this zone, and Insights counts its days from this zone's midnight.";
  const contactHint = "Customers see it on the pay page when their payment's outcome is not known yet, so they can ask you. Optional.";

  return (
    <form method="post" onFocus={resolver.preload} onSubmit={handleSubmit((v) => mutation.mutate(v))} noValidate className="space-y-4">
      <Field id="business-name" label="Business name" hint={nameHint} error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="organization" className={inputClass} {...register("name")} />}
      </Field>
      <Field id="time-zone" label="Time zone" hint={zoneHint} error={errors.timeZone?.message}>
        {(control) => (
          <select {...control} className={inputClass} {...register("timeZone")}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="contact-phone" label="Phone for customers" hint={contactHint} error={errors.contactPhone?.message}>
        {(control) => <input {...control} type="tel" autoComplete="tel" className={inputClass} {...register("contactPhone")} />}
      </Field>
      <Field id="contact-email" label="Email for customers" error={errors.contactEmail?.message}>
        {(control) => <input {...control} type="email" autoComplete="email" className={inputClass} {...register("contactEmail")} />}
      </Field>
      {errors.root ? <FormAlert>{errors.root.message}</FormAlert> : null}
      {mutation.isError && !named ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      {mutation.isSuccess ? (
        <p role="status" className="text-sm text-status-success">
          Saved.
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
