// What retention leaves of the texts a charge carries besides its own columns: the upstream's
// raw answers, its messages, the timeline's details and notes. The charge's number (in any of
// its forms) and its description are taken out wherever they stand; any other phone number too.
import { maskPhonesIn, RETAINED_DESCRIPTION, retainedPhone } from "@/lib/market/phone-mask";

type Personal = { phoneNumber: string; description: string };

/** A text with the charge's number, any other phone number and the description masked. */
export function scrubText(text: string, p: Personal): string {
  let out = maskPhonesIn(text);
  // The nine digits after the 0 catch the number however the upstream wrote it (233…, without the 0).
  if (/^0\d{9}$/.test(p.phoneNumber)) out = out.replaceAll(p.phoneNumber.slice(1), retainedPhone(p.phoneNumber).slice(1));
  const d = p.description;
  // A description of one or two characters is not looked for inside other words; only whole.
  if (d.length >= 3) {
    out = out.replaceAll(d, RETAINED_DESCRIPTION);
    // As a JSON string writes it (quotes, backslashes, control characters escaped).
    const escaped = JSON.stringify(d).slice(1, -1);
    if (escaped !== d) out = out.replaceAll(escaped, RETAINED_DESCRIPTION);
  } else if (d && out === d) out = RETAINED_DESCRIPTION;
  return out;
}

/** Every string (and property name) inside a stored JSON value scrubbed; numbers that are phone numbers too. */
export function scrubDeep(value: unknown, p: Personal): unknown {
  if (typeof value === "string") return scrubText(value, p);
  if (typeof value === "number" && Number.isInteger(value)) {
    const s = scrubText(String(value), p);
    return s === String(value) ? value : s;
  }
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, p));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k, p), scrubDeep(v, p)]));
  return value;
}

/** A raw answer: as JSON when it is JSON (so short descriptions are found as whole values), else as text. */
export function scrubBody(body: string | null, p: Personal): string | null {
  if (body === null) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") return scrubText(JSON.stringify(scrubDeep(parsed, p)), p);
  } catch {
    // not JSON (a proxy's HTML page, a truncated answer): scrubbed as text
  }
  return scrubText(body, p);
}
