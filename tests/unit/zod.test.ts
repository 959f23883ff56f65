// plainText (lib/zod.ts): one line a person types, trimmed, bounded and free of control characters,
// with words naming the field. The schemas that use it keep their words exactly as they were
// before it (users and the forms' tests read them), so each field's three refusals are written out.
import * as z from "zod/mini";
import { describe, expect, test } from "vitest";
import { newBatchSchema } from "@/lib/batches/schema";
import { businessSchema } from "@/lib/business/schema";
import { chargeFormSchema } from "@/lib/charges/schema";
import { customerSchema } from "@/lib/customers/schema";
import { paymentRequestSchema } from "@/lib/payment-requests/schema";
import { inviteSchema } from "@/lib/team/schema";
import { endpointSchema } from "@/lib/webhooks/schema";
import { plainText } from "@/lib/zod";

/** The first refusal's words, as the route's 422 and the form's resolver both give them; null when accepted. */
function first(schema: z.ZodMiniType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : result.error.issues[0].message;
}

describe("plainText", () => {
  const name = plainText("name", 10);

  test("keeps the line trimmed and allows an empty one unless required", () => {
    expect(z.parse(name, "  Ama Mensah ")).toBe("Ama Mensah");
    expect(z.parse(name, "   ")).toBe("");
  });

  test("counts the length once trimmed, and names the field in its words", () => {
    expect(first(name, ` ${"a".repeat(10)} `)).toBeNull();
    expect(first(name, "a".repeat(11))).toBe("Keep the name to 10 characters");
    expect(first(name, "Ama\nMensah")).toBe("Remove control characters and line breaks from the name");
    expect(first(name, "Ama\u0000")).toBe("Remove control characters and line breaks from the name");
    expect(first(name, "Ama \ud800")).toBe("Remove control characters and line breaks from the name");
  });

  test("too long is said before a control character", () => {
    expect(first(name, `${"a".repeat(10)}\u0007`)).toBe("Keep the name to 10 characters");
  });

  test("required: an empty line or none at all is refused with the words given", () => {
    const label = plainText("name", 10, { required: "Name the batch" });
    expect(first(label, "  ")).toBe("Name the batch");
    expect(first(label, undefined)).toBe("Name the batch");
    expect(first(label, 42)).toBe("Name the batch");
    expect(first(label, "a".repeat(11))).toBe("Keep the name to 10 characters");
  });

  test("other words when a field says it differently", () => {
    const description = plainText("description", 5, { tooLong: "At most 5 characters", notPlain: "On one line" });
    expect(first(description, "abcdef")).toBe("At most 5 characters");
    expect(first(description, "a\tb")).toBe("On one line");
  });
});

// Each field as it was before plainText: [schema, too long, with a line break, empty].
const LONG = "x".repeat(300);
const FIELDS: [string, z.ZodMiniType, string, string, string | null][] = [
  ["a member's name", inviteSchema.shape.name, "Keep the name to 80 characters", "Remove control characters from the name", "Enter a name"],
  ["the business's name", businessSchema.shape.name, "Keep the name to 80 characters", "Remove control characters from the name", null],
  [
    "a charge's description",
    chargeFormSchema.def.in.shape.description,
    "Keep the description to 140 characters",
    "Remove control characters and line breaks from the description",
    null,
  ],
  [
    "a customer's name",
    customerSchema.shape.name,
    "Keep the name to 100 characters",
    "Remove control characters and line breaks from the name",
    "Enter the customer's name",
  ],
  [
    "a customer's reference",
    customerSchema.shape.reference,
    "Keep the reference to 40 characters",
    "Remove control characters and line breaks from the reference",
    null,
  ],
  [
    "a pay link's description",
    paymentRequestSchema.def.in.shape.description,
    "Keep the description to 140 characters",
    "Remove control characters and line breaks from the description",
    "Say what the payment is for",
  ],
  [
    "a pay link's reference",
    paymentRequestSchema.def.in.shape.reference,
    "Keep the reference to 40 characters",
    "Remove control characters and line breaks from the reference",
    null,
  ],
  [
    "a webhook endpoint's description",
    endpointSchema.shape.description,
    "At most 100 characters",
    "Use letters, digits and punctuation on one line",
    null,
  ],
  [
    "a batch's name",
    newBatchSchema.shape.label,
    "Keep the name to 100 characters",
    "Remove control characters and line breaks from the name",
    "Name the batch",
  ],
];

describe.each(FIELDS)("%s keeps its words", (_what, schema, tooLong, notPlain, empty) => {
  test("too long, a line break, empty", () => {
    expect(first(schema, LONG)).toBe(tooLong);
    expect(first(schema, "two\nlines")).toBe(notPlain);
    expect(first(schema, "  ")).toBe(empty);
    expect(first(schema, " Term 2 fees ")).toBeNull();
  });
});
