// Money is integer minor units everywhere inside the app; only the upstream sees a decimal.
// The currency list and each currency's exponent (ISO 4217) live here and nowhere else.

export const CURRENCIES = {
  GHS: { exponent: 2, name: "Ghana cedi" },
  NGN: { exponent: 2, name: "Nigerian naira" },
  KES: { exponent: 2, name: "Kenyan shilling" },
  UGX: { exponent: 0, name: "Ugandan shilling" },
  RWF: { exponent: 0, name: "Rwandan franc" },
  XOF: { exponent: 0, name: "West African CFA franc" },
  ZMW: { exponent: 2, name: "Zambian kwacha" },
  USD: { exponent: 2, name: "US dollar" },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = "GHS";

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/**
 * Why a charge in `currency` is refused when the account accepts only `accepted` (CURRENCIES in the
 * environment; GHS by default), or null when it is accepted. The form, a bulk file's preview and
 * the server say it in the same words.
 */
export function currencyRefusal(currency: string, accepted: readonly CurrencyCode[]): string | null {
  if ((accepted as readonly string[]).includes(currency)) return null;
  const list = accepted.length === 1 ? `${accepted[0]} only` : `${accepted.slice(0, -1).join(", ")} or ${accepted.at(-1)}`;
  return `This account charges in ${list}`;
}

/** Largest amount one charge may carry, in major units (our choice; the upstream shows none). */
export const MAX_AMOUNT_MAJOR = 1_000_000;

export function exponentOf(currency: CurrencyCode): number {
  return CURRENCIES[currency].exponent;
}

export type AmountParse = { ok: true; minor: number } | { ok: false; message: string };

const ZERO_OR_LESS: AmountParse = { ok: false, message: "The amount must be more than zero" };

/**
 * Reads what a person typed ("1,250.5", "20") as integer minor units, without floating point:
 * the digits are joined as text, so 0.1 + 0.2 problems never arise.
 */
export function parseAmount(input: string, currency: CurrencyCode): AmountParse {
  const text = input.trim().replace(/\s/g, "");
  if (text === "") return { ok: false, message: "Enter an amount" };
  // Commas only between groups of three ("1,250.50"): a decimal comma ("1,50") must not be
  // read as 150.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(text);
  // "-5" is a number, just not one a charge can be: say what is wrong with it.
  if (!match && /^-\d/.test(text)) return ZERO_OR_LESS;
  if (!match) return { ok: false, message: "Enter the amount as a number, like 25.00" };
  const whole = match[1].replace(/,/g, "");
  const fraction = match[2] ?? "";
  const exponent = exponentOf(currency);
  if (fraction.length > exponent) {
    return {
      ok: false,
      message:
        exponent === 0 ? `${currency} amounts have no decimal places` : `${currency} amounts have at most ${exponent} decimal places`,
    };
  }
  if (whole.replace(/^0+/, "").length > String(MAX_AMOUNT_MAJOR).length) {
    return { ok: false, message: tooLarge(currency) };
  }
  const minor = Number(whole + fraction.padEnd(exponent, "0"));
  if (minor <= 0) return ZERO_OR_LESS;
  if (minor > MAX_AMOUNT_MAJOR * 10 ** exponent) return { ok: false, message: tooLarge(currency) };
  return { ok: true, minor };
}

function tooLarge(currency: CurrencyCode): string {
  return `The amount can be at most ${MAX_AMOUNT_MAJOR.toLocaleString("en")} ${currency}`;
}

/** The decimal number the upstream's `amount` field carries (e.g. 1050 GHS minor → 10.5). */
export function toMajorNumber(minor: number, currency: CurrencyCode): number {
  // Division by a power of ten yields the double nearest the decimal value, which JSON
  // prints in its shortest exact form ("10.5", "0.07").
  return minor / 10 ** exponentOf(currency);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A minor-unit amount as money, with a formatter kept per style: making one costs far more
 * than using it (a 50-row table once spent a tenth of its time making them). `compact` is for
 * chart axes ("GH₵1.2K"), where the full amount would not fit.
 */
function money(minor: number, currency: string, locale: string, compact: boolean): string {
  const known = currency in CURRENCIES ? exponentOf(currency as CurrencyCode) : 2;
  const id = `${locale} ${currency} ${compact}`;
  let format = moneyFormats.get(id);
  if (!format) {
    format = compact
      ? new Intl.NumberFormat(locale, { style: "currency", currency, notation: "compact" })
      : new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: known, maximumFractionDigits: known });
    // Bounded: currency codes come from the ledger, and a cache must not grow without end.
    if (moneyFormats.size < 64) moneyFormats.set(id, format);
  }
  return format.format(minor / 10 ** known);
}

export function formatMoney(minor: number, currency: string, locale = "en-GH"): string {
  return money(minor, currency, locale, false);
}

/** Axis labels: "GH₵1.2K" fits beside a chart where "GH₵1,234.50" would not. */
export function formatCompactMoney(minor: number, currency: string): string {
  return money(minor, currency, "en-GH", true);
}

/** Integer minor units as a decimal string in major units ("1250" GHS → "12.50"), no floats. */
export function minorToDecimal(minor: number, currency: string): string {
  const exponent = currency in CURRENCIES ? exponentOf(currency as CurrencyCode) : 2;
  if (exponent === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, "0");
  return `${minor < 0 ? "-" : ""}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
