// The charge form's schema: the browser's form resolver and POST /api/charges parse with
// this same object, so a value the form accepts is a value the server accepts. Written with
// zod/mini (the same checks and messages as zod's chained API, as functions a bundler can
// leave out when unused) because the charge form carries it to the browser.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { CURRENCIES, CURRENCY_CODES, parseAmount } from "@/lib/money";
import { phoneNumberField, providerField } from "@/lib/market/customer-fields";
import { isPlainLine } from "@/lib/text";

export const DESCRIPTION_MAX = 140;
export const VOUCHER_MAX = 32;

const chargeFields = z.object({
  amount: z.string({ error: "Enter an amount" }).check(z.refine(isPlainLine, "Enter the amount as a number")),
  currency: z.enum(CURRENCY_CODES, { error: "Choose a supported currency" }),
  phoneNumber: phoneNumberField,
  provider: providerField,
  vouchers: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(VOUCHER_MAX, `A voucher has at most ${VOUCHER_MAX} characters`),
        z.regex(/^[A-Za-z0-9]*$/, "A voucher has letters and digits only"),
      ),
    "",
  ),
  description: z._default(plainText("description", DESCRIPTION_MAX), ""),
});
type ChargeFields = z.output<typeof chargeFields>;

export const chargeFormSchema = z.pipe(
  // The amount depends on the currency (its decimal places), so it is checked on the whole
  // object; `when` runs the check even while other fields are still wrong, so the form shows
  // every field's message at once.
  chargeFields.check(
    z.superRefine<ChargeFields>(
      (value, ctx) => {
        const amount = parseAmount(value.amount, value.currency);
        if (!amount.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: amount.message });
      },
      { when: ({ value }) => amountCheckable(value) },
    ),
  ),
  z.transform(({ amount, ...rest }: ChargeFields) => {
    const parsed = parseAmount(amount, rest.currency);
    // The refinement above has already rejected anything that is not ok.
    return { ...rest, amountMinor: parsed.ok ? parsed.minor : 0 };
  }),
);

function amountCheckable(value: unknown): value is { amount: string; currency: keyof typeof CURRENCIES } {
  const v = value as { amount?: unknown; currency?: unknown } | null;
  return typeof v?.amount === "string" && typeof v.currency === "string" && v.currency in CURRENCIES;
}

export type ChargeFormValues = z.input<typeof chargeFormSchema>;
export type ChargeInput = z.output<typeof chargeFormSchema>;

/** Idempotency keys travel in the `Idempotency-Key` header of POST /api/charges. */
export const idempotencyKeySchema = z
  .string({ error: "An Idempotency-Key header is required" })
  .check(z.regex(/^[A-Za-z0-9_-]{16,100}$/, "The Idempotency-Key must be 16–100 letters, digits, - or _"));
