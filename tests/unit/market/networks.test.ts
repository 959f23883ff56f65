import { describe, expect, test } from "vitest";
import { LOCAL_NUMBER, PROVIDERS, PROVIDER_IDS, formatPhone, normalizePhone, providerById, suggestProvider } from "@/lib/market/networks";

describe("normalizePhone", () => {
  test.each([
    ["0241234567", "0241234567"],
    ["+233241234567", "0241234567"],
    ["+233 24 123 4567", "0241234567"],
    ["00233241234567", "0241234567"],
    ["00 233 24 123 4567", "0241234567"],
    ["233241234567", "0241234567"],
    ["233 24 123 4567", "0241234567"],
    ["024 123 4567", "0241234567"],
    ["024-123-4567", "0241234567"],
    ["024.123.4567", "0241234567"],
    ["(024) 123-4567", "0241234567"],
    ["+233 (24) 123.45-67", "0241234567"],
    ["  0241234567\t", "0241234567"],
  ])("%j → %j", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
    expect(LOCAL_NUMBER.test(normalizePhone(input))).toBe(true);
  });

  test("leaves what it cannot read as typed (minus separators), for the schema to reject", () => {
    expect(normalizePhone("")).toBe("");
    expect(normalizePhone("024 123")).toBe("024123");
    expect(normalizePhone("abc-def")).toBe("abcdef");
    // 233 followed by the wrong number of digits is not a country code we can strip.
    expect(normalizePhone("23324123456")).toBe("23324123456");
    expect(normalizePhone("+44 20 7946 0958")).toBe("442079460958");
    for (const s of ["024 123", "abc-def", "23324123456", "+44 20 7946 0958"]) {
      expect(LOCAL_NUMBER.test(normalizePhone(s))).toBe(false);
    }
  });

  test("is idempotent", () => {
    for (const s of ["+233 24 123 4567", "0241234567", "(024) 123-4567", "junk"]) {
      expect(normalizePhone(normalizePhone(s))).toBe(normalizePhone(s));
    }
  });
});

describe("suggestProvider", () => {
  const table = PROVIDERS.flatMap((p) => p.prefixes.map((prefix) => [prefix, p.id] as const));

  test("the table has the three default networks and no prefix belongs to two of them", () => {
    expect(PROVIDER_IDS).toEqual(["mtn", "vodafone", "airteltigo"]);
    const prefixes = table.map(([prefix]) => prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^0\d\d$/);
  });

  test.each(table)("prefix %s → %s, in every way the number may be written", (prefix, id) => {
    const rest = prefix.slice(1);
    expect(suggestProvider(prefix)).toBe(id);
    expect(suggestProvider(`${prefix}1234567`)).toBe(id);
    expect(suggestProvider(`${prefix} 123 4567`)).toBe(id);
    expect(suggestProvider(`+233${rest}1234567`)).toBe(id);
    expect(suggestProvider(`00233 ${rest} 123 4567`)).toBe(id);
    expect(suggestProvider(`233${rest}1234567`)).toBe(id);
    expect(suggestProvider(`(${prefix}) 123-4567`)).toBe(id);
  });

  test("an unknown prefix, or too few digits, gives null", () => {
    const known = new Set<string>(table.map(([prefix]) => prefix));
    for (let n = 0; n < 100; n++) {
      const prefix = `0${String(n).padStart(2, "0")}`;
      if (!known.has(prefix)) expect(suggestProvider(`${prefix}1234567`)).toBeNull();
    }
    expect(suggestProvider("")).toBeNull();
    expect(suggestProvider("0")).toBeNull();
    expect(suggestProvider("02")).toBeNull();
    expect(suggestProvider("1241234567")).toBeNull();
    expect(suggestProvider("+44 20 7946 0958")).toBeNull();
  });

  test("providerById", () => {
    expect(providerById("vodafone")?.label).toBe("Telecel Cash (Vodafone)");
    expect(providerById("vodafone")?.voucher).toMatch(/voucher/);
    expect(providerById("mtn")?.voucher).toBeNull();
    expect(providerById("MTN")).toBeNull();
    expect(providerById("")).toBeNull();
  });
});

describe("formatPhone", () => {
  test("groups a local number as 3-3-4", () => {
    expect(formatPhone("0241234567")).toBe("024 123 4567");
    expect(formatPhone("0501112222")).toBe("050 111 2222");
  });

  test("leaves anything that is not a local number untouched", () => {
    for (const s of ["", "024123456", "02412345678", "+233241234567", "024 123 4567", "abcdefghij"]) {
      expect(formatPhone(s)).toBe(s);
    }
  });
});
