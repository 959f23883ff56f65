"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

// zod/mini with its English messages and no JIT, as the dashboard's browser-side schemas are
// written and set up (lib/zod.ts).
z.config({ jitless: true, ...en() });
const schema = z.object({
  amount: z.string().check(z.trim(), z.regex(/^\d+(\.\d{1,2})?$/, "An amount such as 12.50")),
  phoneNumber: z.string().check(z.trim(), z.minLength(10, "A number such as 024 123 4567")),
  description: z.optional(z.string().check(z.maxLength(140))),
});

export function RefForm() {
  const { register, handleSubmit, formState } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema) });
  return (
    <form onSubmit={handleSubmit(() => {})} noValidate>
      <h1>Charge</h1>
      <label>
        Amount <input {...register("amount")} inputMode="decimal" />
      </label>
      {formState.errors.amount ? <p>{formState.errors.amount.message}</p> : null}
      <label>
        Number <input {...register("phoneNumber")} inputMode="tel" />
      </label>
      {formState.errors.phoneNumber ? <p>{formState.errors.phoneNumber.message}</p> : null}
      <label>
        Description <input {...register("description")} />
      </label>
      <button type="submit">Charge</button>
    </form>
  );
}
