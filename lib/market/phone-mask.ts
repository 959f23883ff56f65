// How a customer's phone number is shown to someone who may not see it whole (lib/team/phone-
// visibility.ts decides who), how the log masks any number it meets, and what retention leaves
// in the ledger. Browser-safe: the charge views carry the mask already made on the server, and
// components only print it.

/** The character that stands for a hidden digit. */
export const HIDDEN = "•";

/**
 * What a charge keeps of its number after retention (npm run data:retention): its first three
 * digits (the network's prefix, so Insights and the network filter still make sense of the row)
 * and its last two, the rest hidden. `0241234567` → `024•••••67`.
 */
export function retainedPhone(phone: string): string {
  const c = compact(phone);
  return c.length >= 8 ? `${c.slice(0, 3)}${HIDDEN.repeat(c.length - 5)}${c.slice(-2)}` : HIDDEN.repeat(Math.max(c.length, 3));
}

/** The description a charge keeps after retention. */
export const RETAINED_DESCRIPTION = "[removed by retention]";

/**
 * A number as shown to a member who may not see it whole: the network's prefix and the last
 * two digits, in the grouping of formatPhone. `0241234567` → `024 ••• ••67`. A number already
 * masked by retention reads the same; anything shorter than 8 characters hides every one, so a
 * short or odd value never shows most of itself.
 */
export function maskPhone(phone: string): string {
  const c = compact(phone);
  if (c.length < 8) return HIDDEN.repeat(Math.max(c.length, 3));
  if (c.length === 10) return `${c.slice(0, 3)} ${HIDDEN.repeat(3)} ${HIDDEN.repeat(2)}${c.slice(-2)}`;
  return `${c.slice(0, 3)}${HIDDEN.repeat(c.length - 5)}${c.slice(-2)}`;
}

function compact(phone: string): string {
  return phone.trim().replace(/[\s\-.()]/g, "");
}

// A Ghana number: 0 and 9 digits, or (+|00)233 and 9 digits, in groups of 2-3-4 digits that a
// space or dash may separate. Not when it is part of a longer run of digits, letters or dashes:
// a TXN-MOMO-… reference, a timestamp or a UUID's last group is not a phone number.
const PHONE_IN_TEXT = /(?<![\w+-])(?:(?:\+|00)?233[ -]?|0)\d{2}[ -]?\d{3}[ -]?\d{4}(?![\w-])/g;

/**
 * Every phone number inside a text (an upstream's message, a note, a raw body, a log line)
 * masked to its first 3 and last 2 digits, as `mask` writes them (`024•••••67` by default).
 */
export function maskPhonesIn(text: string, mask: (digits: string) => string = retainedPhone): string {
  return text.replace(PHONE_IN_TEXT, (match) => {
    const digits = match.replace(/\D/g, "");
    return `${match.startsWith("+") ? "+" : ""}${mask(digits)}`;
  });
}
