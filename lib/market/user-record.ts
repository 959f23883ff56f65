// Reading the upstream's user record for people. The record has no documented fields, so its
// values are recognised by their look: ISO timestamps, and amounts under keys that name money
// (`balance`, `amount`, `fee`, …, or any number inside a `balance` object). The upstream's
// amounts are decimal major units, as it takes them (lib/money.ts).
import { CURRENCIES, type CurrencyCode } from "@/lib/money";

/** 2025-03-14T09:26:53Z, with optional fraction; a zone (Z or ±hh:mm) is required, or the instant is not known. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Words (from snake_case, camelCase or kebab-case keys) that name an amount of money. */
const MONEY_WORDS = new Set(["amount", "amounts", "balance", "balances", "fee", "fees", "payout", "payouts", "revenue"]);

/** A key's words, lower case: `availableBalance` and `available_balance` → ["available", "balance"]. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words that make a key a count, an id or a rate even beside money (`fee_count`, a payout's `id`). */
const NOT_MONEY_WORDS = new Set(["id", "count", "number", "rate", "percent", "percentage", "limit", "requests", "remaining"]);

const namesMoney = (key: string | undefined) => key !== undefined && keyWords(key).some((w) => MONEY_WORDS.has(w));
const namesOther = (key: string | undefined) => key !== undefined && keyWords(key).some((w) => NOT_MONEY_WORDS.has(w));

export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === "string" && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && Object.hasOwn(CURRENCIES, value);
}

/**
 * Whether a value is an amount of money: a number (or a numeric string) under a key that names
 * money, or any number directly inside an object whose key does (`balance: { available, pending }`).
 */
export function isAmount(value: unknown, key: string | undefined, parentKey: string | undefined): boolean {
  const numeric = (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && /^-?\d+(?:\.\d+)?$/.test(value));
  return numeric && !namesOther(key) && (namesMoney(key) || namesMoney(parentKey));
}

/**
 * A decimal major-unit amount in integer minor units, from its digits (no floating-point drift),
 * or null if it has more decimals than the currency.
 */
export function toMinorUnits(value: number | string, currency: CurrencyCode): number | null {
  const exponent = CURRENCIES[currency].exponent;
  const text = typeof value === "number" ? numberText(value) : value;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (fraction.length > exponent) return null;
  const minor = Number(match[2] + fraction.padEnd(exponent, "0"));
  return Number.isSafeInteger(minor) ? (match[1] ? -minor : minor) : null;
}

/** A number as plain decimal digits (never 1e+21 notation). */
function numberText(n: number): string {
  return Math.abs(n) < 1e21 ? n.toLocaleString("en", { useGrouping: false, maximumFractionDigits: 20 }) : String(n);
}
