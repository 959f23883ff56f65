// The currencies the account accepts (CURRENCIES, GHS by default): read from the environment, the
// only ones a bulk file's row may name, refused in the same words by the form, the preview and the
// server (POST /api/charges is attacked over HTTP in e2e charges/charge-form).
import { afterEach, describe, expect, test, vi } from "vitest";
import { checkBatchRow } from "@/lib/batches/schema";
import { currencyRefusal } from "@/lib/money";

describe("CURRENCIES", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const read = async (value: string | undefined) => {
    if (value !== undefined) vi.stubEnv("CURRENCIES", value);
    vi.resetModules();
    return (await import("@/lib/env")).env().CURRENCIES;
  };

  test("GHS unless set (or empty); a list in any case and spacing, each once, the first the default", async () => {
    expect(await read(undefined)).toEqual(["GHS"]);
    // Empty is unset, as for every setting.
    expect(await read("")).toEqual(["GHS"]);
    expect(await read(" ghs , usd,GHS ")).toEqual(["GHS", "USD"]);
    expect(await read("KES")).toEqual(["KES"]);
  });

  test.each([" , ", "EUR", "GHS,XYZ", "GHS;USD", "constructor", "__proto__"])(
    "%j is refused at start, naming CURRENCIES",
    async (value) => {
      await expect(read(value)).rejects.toThrow(/CURRENCIES must list known currency codes/);
    },
  );
});

describe("currencyRefusal", () => {
  test("names what the account accepts, or nothing when the currency is one of them", () => {
    expect(currencyRefusal("GHS", ["GHS"])).toBeNull();
    expect(currencyRefusal("USD", ["GHS"])).toBe("This account charges in GHS only");
    expect(currencyRefusal("NGN", ["GHS", "USD"])).toBe("This account charges in GHS or USD");
    expect(currencyRefusal("XOF", ["GHS", "KES", "USD"])).toBe("This account charges in GHS, KES or USD");
    expect(currencyRefusal("ghs", ["GHS"])).not.toBeNull();
  });
});

describe("a bulk file's row and the accepted currencies", () => {
  const row = (currency: string) => ({
    phone: "0241234567",
    amount: "5.00",
    currency,
    network: "",
    description: "Fees",
    customer_reference: "",
  });

  test("an empty cell is the account's first currency; another accepted one is kept; any other is named", () => {
    expect(checkBatchRow(row(""), ["GHS"])).toMatchObject({ ok: true, row: { currency: "GHS", amountMinor: 500 } });
    expect(checkBatchRow(row(""), ["KES", "GHS"])).toMatchObject({ ok: true, row: { currency: "KES" } });
    expect(checkBatchRow(row("usd"), ["GHS", "USD"])).toMatchObject({ ok: true, row: { currency: "USD" } });
    expect(checkBatchRow(row("USD"), ["GHS"])).toEqual({ ok: false, problems: { currency: "This account charges in GHS only" } });
    // A code the app does not know at all keeps the schema's own message.
    expect(checkBatchRow(row("EUR"), ["GHS"])).toMatchObject({ ok: false, problems: { currency: expect.not.stringContaining("account") } });
  });
});
