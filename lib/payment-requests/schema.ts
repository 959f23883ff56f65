// A payment request as the form that makes one and POST /api/payment-requests read it (zod/mini:
// the form carries it to the browser). Amounts are typed as on the charge form and kept as
// integer minor units; a fixed amount, or a range the customer chooses in.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { providerField } from "@/lib/market/customer-fields";
import { CURRENCIES, CURRENCY_CODES, parseAmount, type CurrencyCode } from "@/lib/money";
import { isPlainLine, isPlainText } from "@/lib/text";
import {
  EXPIRY_DEFAULT_DAYS,
  EXPIRY_MAX_DAYS,
  MAX_PAYMENTS_LIMIT,
  SHARE_MESSAGE_MAX,
  REQUEST_CONTROLS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_REFERENCE_MAX,
} from "./shape";

const requestFields = z.object({
  amountKind: z._default(z.enum(["fixed", "open"], { error: "Choose a fixed amount or one the customer enters" }), "fixed"),
  amount: z._default(z.string().check(z.refine(isPlainLine, "Enter the amount as a number")), ""),
  minAmount: z._default(z.string().check(z.refine(isPlainLine, "Enter the smallest amount as a number")), ""),
  maxAmount: z._default(z.string().check(z.refine(isPlainLine, "Enter the largest amount as a number")), ""),
  currency: z.enum(CURRENCY_CODES, { error: "Choose a supported currency" }),
  description: plainText("description", REQUEST_DESCRIPTION_MAX).check(z.minLength(1, "Say what the payment is for")),
  /** A directory customer's id, or empty for anyone with the link. */
  customerId: z._default(z.union([z.literal(""), z.uuid("Choose a customer from the directory")]), ""),
  expiresInDays: z._default(
    z.string({ error: `Enter a number of days from 1 to ${EXPIRY_MAX_DAYS}` }).check(
      z.trim(),
      z.refine(
        (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= EXPIRY_MAX_DAYS,
        `Enter a number of days from 1 to ${EXPIRY_MAX_DAYS}`,
      ),
    ),
    String(EXPIRY_DEFAULT_DAYS),
  ),
  reusable: z._default(z.boolean({ error: "Say whether the link can be paid more than once" }), false),
  /** Reusable only: how many successful payments at most; empty for no maximum. */
  maxPayments: z._default(
    z.string().check(
      z.trim(),
      z.refine(
        (v) => v === "" || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_PAYMENTS_LIMIT),
        `Enter a whole number from 1 to ${MAX_PAYMENTS_LIMIT.toLocaleString("en")}, or leave it empty`,
      ),
    ),
    "",
  ),
  reference: z._default(plainText("reference", REQUEST_REFERENCE_MAX), ""),
});
type RequestFields = z.output<typeof requestFields>;

/** Each amount field at fault, with its message; none when the amounts can be read. */
function amountProblems(v: RequestFields): { path: string; message: string }[] {
  const currency = v.currency as CurrencyCode;
  if (v.amountKind === "fixed") {
    const a = parseAmount(v.amount, currency);
    return a.ok ? [] : [{ path: "amount", message: a.message }];
  }
  const min = parseAmount(v.minAmount, currency);
  const max = parseAmount(v.maxAmount, currency);
  const problems = [];
  if (!min.ok) problems.push({ path: "minAmount", message: min.message });
  if (!max.ok) problems.push({ path: "maxAmount", message: max.message });
  if (min.ok && max.ok && max.minor < min.minor) problems.push({ path: "maxAmount", message: "The largest amount is below the smallest" });
  return problems;
}

export const paymentRequestSchema = z.pipe(
  requestFields.check(
    z.superRefine<RequestFields>(
      (value, ctx) => {
        for (const p of amountProblems(value)) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
        if (!value.reusable && value.maxPayments !== "") {
          ctx.addIssue({ code: "custom", path: ["maxPayments"], message: "A link paid once has no maximum of payments" });
        }
      },
      { when: ({ value }) => checkable(value) },
    ),
  ),
  z.transform((v: RequestFields) => {
    const currency = v.currency as CurrencyCode;
    const minor = (text: string) => {
      const a = parseAmount(text, currency);
      return a.ok ? a.minor : 0; // refused above
    };
    return {
      amount:
        v.amountKind === "fixed"
          ? ({ kind: "fixed", minor: minor(v.amount) } as const)
          : ({ kind: "open", min: minor(v.minAmount), max: minor(v.maxAmount) } as const),
      currency,
      description: v.description,
      customerId: v.customerId === "" ? null : v.customerId,
      expiresInDays: Number(v.expiresInDays),
      reusable: v.reusable,
      maxPayments: v.reusable && v.maxPayments !== "" ? Number(v.maxPayments) : null,
      reference: v.reference === "" ? null : v.reference,
    };
  }),
);

function checkable(value: unknown): value is RequestFields {
  const v = value as Partial<Record<keyof RequestFields, unknown>> | null;
  return (
    typeof v?.currency === "string" &&
    v.currency in CURRENCIES &&
    (v.amountKind === "fixed" || v.amountKind === "open") &&
    typeof v.amount === "string" &&
    typeof v.minAmount === "string" &&
    typeof v.maxAmount === "string" &&
    typeof v.maxPayments === "string" &&
    typeof v.reusable === "boolean"
  );
}

export type PaymentRequestFormValues = z.input<typeof paymentRequestSchema>;
export type PaymentRequestInput = z.output<typeof paymentRequestSchema>;

export const requestControlSchema = z.object({
  action: z.enum(REQUEST_CONTROLS, { error: "Choose pause, resume or cancel" }),
});

/**
 * What a customer sends from a pay link's page: their number (none when the link is for a
 * directory customer: theirs is used), their network, and the amount when the link lets them
 * choose it. The number and the amount are checked against the link by lib/payment-requests/pay.ts.
 */
export const payAttemptSchema = z.object({
  phoneNumber: z._default(z.string().check(z.refine(isPlainLine, "Enter a 10-digit number such as 024 123 4567")), ""),
  provider: z._default(z.union([z.literal(""), providerField]), ""),
  amount: z._default(z.string().check(z.refine(isPlainLine, "Enter the amount as a number")), ""),
});

/** The email's text: what the member wrote, which must carry the link's own address (`url`). */
export const shareEmailSchema = z.object({
  message: z
    .string({ error: "Write the message" })
    .check(
      z.trim(),
      z.minLength(1, "Write the message"),
      z.maxLength(SHARE_MESSAGE_MAX, `Keep the message to ${SHARE_MESSAGE_MAX.toLocaleString("en")} characters`),
      z.refine(isPlainText, "Remove control characters from the message"),
    ),
});

export type ShareEmailInput = z.output<typeof shareEmailSchema>;
