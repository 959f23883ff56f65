import { describe, expect, test } from "vitest";
import { DESCRIPTION_MAX, VOUCHER_MAX, chargeFormSchema, idempotencyKeySchema } from "@/lib/charges/schema";

const valid = { amount: "25.00", currency: "GHS", phoneNumber: "0241234567", provider: "mtn", vouchers: "", description: "Order 42" };

/** The first message for each field, as the API and the form resolver show them. */
function errors(input: unknown): Record<string, string> {
  const result = chargeFormSchema.safeParse(input);
  expect(result.success).toBe(false);
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) {
    const field = issue.path.join(".");
    out[field] ??= issue.message;
  }
  return out;
}

describe("chargeFormSchema", () => {
  test("valid input → the stored shape, with amountMinor instead of amount", () => {
    expect(chargeFormSchema.parse(valid)).toEqual({
      amountMinor: 2500,
      currency: "GHS",
      phoneNumber: "0241234567",
      provider: "mtn",
      vouchers: "",
      description: "Order 42",
    });
  });

  test("normalises the phone, trims vouchers and description, reads commas and exponents", () => {
    expect(
      chargeFormSchema.parse({
        ...valid,
        amount: " 1,250.5 ",
        phoneNumber: "+233 (24) 123-4567",
        vouchers: "  AB12cd ",
        description: "  hi  ",
      }),
    ).toEqual({ amountMinor: 125050, currency: "GHS", phoneNumber: "0241234567", provider: "mtn", vouchers: "AB12cd", description: "hi" });
    expect(chargeFormSchema.parse({ ...valid, currency: "UGX", amount: "1500" }).amountMinor).toBe(1500);
  });

  test("vouchers and description may be left out", () => {
    const { vouchers: _v, description: _d, ...rest } = valid;
    expect(chargeFormSchema.parse(rest)).toMatchObject({ vouchers: "", description: "" });
  });

  test("an empty form reports every field at once", () => {
    expect(errors({ amount: "", currency: "GHS", phoneNumber: "", provider: undefined, vouchers: "", description: "" })).toEqual({
      amount: "Enter an amount",
      phoneNumber: "Enter the customer's phone number",
      provider: "Choose the customer's network",
    });
    expect(errors({})).toEqual({
      amount: "Enter an amount",
      currency: "Choose a supported currency",
      phoneNumber: "Enter the customer's phone number",
      provider: "Choose the customer's network",
    });
  });

  test("the amount is checked even while the provider is empty or invalid", () => {
    for (const provider of ["", "MTN", "orange", undefined]) {
      expect(errors({ ...valid, provider, amount: "abc" })).toEqual({
        amount: "Enter the amount as a number, like 25.00",
        provider: "Choose the customer's network",
      });
    }
    expect(errors({ ...valid, provider: "", phoneNumber: "12", amount: "1.234" })).toEqual({
      amount: "GHS amounts have at most 2 decimal places",
      phoneNumber: "Enter a 10-digit number such as 024 123 4567",
      provider: "Choose the customer's network",
    });
  });

  test("every wrong field is named at once", () => {
    expect(
      errors({
        amount: "0",
        currency: "GHS",
        phoneNumber: "024-123",
        provider: "x",
        vouchers: "no spaces!",
        description: "d".repeat(DESCRIPTION_MAX + 1),
      }),
    ).toEqual({
      amount: "The amount must be more than zero",
      phoneNumber: "Enter a 10-digit number such as 024 123 4567",
      provider: "Choose the customer's network",
      vouchers: "A voucher has letters and digits only",
      description: `Keep the description to ${DESCRIPTION_MAX} characters`,
    });
  });

  test("amount rules depend on the currency", () => {
    expect(errors({ ...valid, currency: "UGX", amount: "10.5" })).toEqual({ amount: "UGX amounts have no decimal places" });
    expect(errors({ ...valid, amount: "1000000.01" })).toEqual({ amount: "The amount can be at most 1,000,000 GHS" });
    expect(errors({ ...valid, amount: 25 })).toEqual({ amount: "Enter an amount" });
    // Without a known currency the amount's decimals cannot be judged; only the currency is named.
    expect(errors({ ...valid, currency: "EUR", amount: "abc" })).toEqual({ currency: "Choose a supported currency" });
  });

  test("phone number rules", () => {
    expect(errors({ ...valid, phoneNumber: "" })).toEqual({ phoneNumber: "Enter the customer's phone number" });
    expect(errors({ ...valid, phoneNumber: "   " })).toEqual({ phoneNumber: "Enter the customer's phone number" });
    expect(errors({ ...valid, phoneNumber: "1241234567" })).toEqual({ phoneNumber: "Enter a 10-digit number such as 024 123 4567" });
    expect(errors({ ...valid, phoneNumber: "02412345678" })).toEqual({ phoneNumber: "Enter a 10-digit number such as 024 123 4567" });
  });

  test("voucher limits", () => {
    expect(chargeFormSchema.parse({ ...valid, vouchers: "A".repeat(VOUCHER_MAX) }).vouchers).toHaveLength(VOUCHER_MAX);
    expect(chargeFormSchema.parse({ ...valid, vouchers: ` ${"A".repeat(VOUCHER_MAX)} ` }).vouchers).toHaveLength(VOUCHER_MAX);
    expect(errors({ ...valid, vouchers: "A".repeat(VOUCHER_MAX + 1) })).toEqual({
      vouchers: `A voucher has at most ${VOUCHER_MAX} characters`,
    });
    for (const v of ["AB-12", "AB 12", "AB_12", "ÀB12"]) expect(Object.keys(errors({ ...valid, vouchers: v }))).toEqual(["vouchers"]);
  });

  test("description limits", () => {
    expect(chargeFormSchema.parse({ ...valid, description: "d".repeat(DESCRIPTION_MAX) }).description).toHaveLength(DESCRIPTION_MAX);
    // Surrounding spaces are trimmed before the length is counted.
    expect(chargeFormSchema.parse({ ...valid, description: `  ${"d".repeat(DESCRIPTION_MAX)}  ` }).description).toHaveLength(
      DESCRIPTION_MAX,
    );
    expect(errors({ ...valid, description: "d".repeat(DESCRIPTION_MAX + 1) })).toEqual({
      description: `Keep the description to ${DESCRIPTION_MAX} characters`,
    });
  });
});

describe("idempotencyKeySchema", () => {
  test.each(["a".repeat(16), "A".repeat(100), "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "abc_DEF-123_456789"])("accepts %j", (key) => {
    expect(idempotencyKeySchema.parse(key)).toBe(key);
  });

  const badKeys = [
    "",
    "a".repeat(15),
    "a".repeat(101),
    "abc def ghi jkl mno",
    "abcdefghijklmnop!",
    "abcdefghijklmnop\n",
    "ключключключключ",
  ];
  test.each(badKeys)("refuses %j", (key) => {
    const result = idempotencyKeySchema.safeParse(key);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe("The Idempotency-Key must be 16–100 letters, digits, - or _");
  });

  test("a missing header has its own message", () => {
    expect(idempotencyKeySchema.safeParse(undefined).error!.issues[0].message).toBe("An Idempotency-Key header is required");
    expect(idempotencyKeySchema.safeParse(null).success).toBe(false);
  });
});
