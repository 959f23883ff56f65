// A bulk batch's row, checked the same way in the browser's preview and in POST /api/batches: a
// row is what the charge form would accept (lib/charges/schema.ts, the same object), plus the
// customer's reference. Browser-safe: no server imports.
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { chargeFormSchema, type ChargeInput } from "@/lib/charges/schema";
import { NETWORK_CELL_PROBLEMS, networkOfCell } from "@/lib/market/networks";
import { DEFAULT_CURRENCY, currencyRefusal, type CurrencyCode } from "@/lib/money";
import { isPlainLine } from "@/lib/text";
import { BATCH_LABEL_MAX, type BatchColumn } from "./shape";

export const BATCH_MAX_ROWS = 10_000;
export const CUSTOMER_REFERENCE_MAX = 40;

/** A row as the file has it: each column's text ("" when the column is missing or empty). */
export type BatchRowText = Record<BatchColumn, string>;

/** A row ready to charge. */
export type BatchRowInput = Pick<ChargeInput, "phoneNumber" | "amountMinor" | "currency" | "provider" | "description"> & {
  customerReference: string;
};

export type RowCheck = { ok: true; row: BatchRowInput } | { ok: false; problems: Partial<Record<BatchColumn, string>> };

/** Which column of the file a charge form field comes from. */
const COLUMN_OF: Record<string, BatchColumn> = {
  phoneNumber: "phone",
  amount: "amount",
  currency: "currency",
  provider: "network",
  description: "description",
};

/**
 * One row, as the charge form would check it; problems are named by the file's columns. `accepted`:
 * the currencies the account accepts (CURRENCIES), the first one for an empty cell.
 */
export function checkBatchRow(text: BatchRowText, accepted: readonly CurrencyCode[] = [DEFAULT_CURRENCY]): RowCheck {
  const problems: Partial<Record<BatchColumn, string>> = {};
  const currency = text.currency.trim().toUpperCase() || accepted[0];
  // An empty network is read from the number's prefix, as the form suggests it; a named one must be known.
  const { provider, named } = networkOfCell(text.network, text.phone);
  if (named && !provider) problems.network = NETWORK_CELL_PROBLEMS.unknown;
  const parsed = chargeFormSchema.safeParse({
    amount: text.amount.trim(),
    currency,
    phoneNumber: text.phone,
    provider: provider ?? undefined,
    vouchers: "",
    description: text.description,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF[String(issue.path[0])];
      if (!column || problems[column]) continue;
      problems[column] = column === "network" && !named ? NETWORK_CELL_PROBLEMS.noPrefix : issue.message;
    }
  }
  const refused = parsed.success ? currencyRefusal(parsed.data.currency, accepted) : null;
  if (refused && !problems.currency) problems.currency = refused;
  const reference = text.customer_reference.trim();
  if (reference.length > CUSTOMER_REFERENCE_MAX) problems.customer_reference = `Keep the reference to ${CUSTOMER_REFERENCE_MAX} characters`;
  else if (!isPlainLine(reference)) problems.customer_reference = "Remove control characters and line breaks from the reference";
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };
  const { phoneNumber, amountMinor, provider: p, description } = parsed.data;
  return {
    ok: true,
    row: { phoneNumber, amountMinor, currency: parsed.data.currency, provider: p, description, customerReference: reference },
  };
}

/** A cell as the file has it: text, at most CELL_MAX characters (longer is no value of any column). */
const CELL_MAX = 500;
const cell = (column: BatchColumn) =>
  z._default(
    z.string({ error: `The ${column} must be text` }).check(z.maxLength(CELL_MAX, `The ${column} is longer than any value it can hold`)),
    "",
  );

/** The body of POST /api/batches: the rows as text, so the server checks them exactly as the preview did. */
export const newBatchSchema = z.object({
  label: plainText("name", BATCH_LABEL_MAX, { required: "Name the batch" }),
  rows: z
    .array(
      z.object({
        phone: cell("phone"),
        amount: cell("amount"),
        currency: cell("currency"),
        network: cell("network"),
        description: cell("description"),
        customer_reference: cell("customer_reference"),
        /** The row's line in the file (the heading is line 1), kept as its number everywhere; 1… in order when left out. */
        line: z.optional(
          z
            .number({ error: "The line is a whole number" })
            .check(
              z.int("The line is a whole number"),
              z.positive("The line is a whole number"),
              z.lte(1_000_000, "The line is a whole number"),
            ),
        ),
      }),
      { error: "Send the rows as a list" },
    )
    .check(
      z.minLength(1, "Add at least one row"),
      z.maxLength(BATCH_MAX_ROWS, `A batch has at most ${BATCH_MAX_ROWS.toLocaleString("en")} rows`),
    ),
});

/** The headings a file may use for each column (lib/headed-file.ts compares them). */
export const BATCH_HEADINGS: Record<BatchColumn, readonly string[]> = {
  phone: ["phone", "phone_number", "number", "msisdn", "mobile", "mobile_number", "momo_number"],
  amount: ["amount", "amount_ghs", "value"],
  currency: ["currency"],
  network: ["network", "provider", "operator"],
  description: ["description", "narration", "reason", "memo"],
  customer_reference: ["customer_reference", "reference", "customer_ref", "ref", "student_id", "customer_id"],
};

/** 10,000 rows of the longest values a row can hold, as JSON: the one body larger than 16 kB (with the customers' import). */
export const MAX_BATCH_BODY = 6 * 1024 * 1024;

/** POST /api/batches/{id}/decision: an owner approves (acknowledging any possible duplicates) or rejects. */
export const batchDecisionSchema = z.strictObject({
  approve: z.boolean({ error: "Say whether to approve (true) or reject (false)" }),
  acknowledgeDuplicates: z._default(z.boolean({ error: "acknowledgeDuplicates is true or false" }), false),
  /** Leave the possible duplicates out: they are never sent (recorded as skipped, with who decided). */
  skipDuplicates: z._default(z.boolean({ error: "skipDuplicates is true or false" }), false),
});

/** POST /api/batches/{id}/control: pause, resume or cancel. */
export const batchControlSchema = z.strictObject({
  action: z.enum(["pause", "resume", "cancel"], { error: "The action is pause, resume or cancel" }),
});
