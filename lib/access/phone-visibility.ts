// Who sees a customer's phone number whole: the one rule every page, route handler, timeline
// and export applies on the server before a number leaves it (docs/operations.md, "Personal data").
// Plain data, like the role table beside it.
import { maskPhone, maskPhonesIn } from "@/lib/market/phone-mask";
import { can, type Role } from "./roles";

/**
 * Owner and support see every number whole (they reconcile with the customer and the upstream);
 * any other member sees it whole only on the charges they made themselves (they typed it) — not
 * on one made through a directory customer whose number they see masked (`phoneHidden`). The
 * same rule serves the customers directory, with the member who added the customer.
 */
export function canSeeWholePhone(member: { id: string; role: Role }, record: { createdBy: string | null; phoneHidden?: boolean }): boolean {
  return can(member.role, "charge:phone") || (record.createdBy !== null && record.createdBy === member.id && !record.phoneHidden);
}

/** The number as this member may see it. */
export function phoneFor(
  member: { id: string; role: Role },
  charge: { createdBy: string | null; phoneHidden?: boolean; phoneNumber: string },
): string {
  return canSeeWholePhone(member, charge) ? charge.phoneNumber : maskPhone(charge.phoneNumber);
}

/**
 * Any number inside a text (an upstream's message, a note, a raw answer) masked as maskPhone
 * shows it; with `phone`, that number's nine digits after the 0 also wherever they stand (an
 * upstream may write it as 233… or without the 0, in a run the general pattern leaves alone).
 */
export function maskPhonesForDisplay(text: string, phone?: string): string {
  const masked = maskPhonesIn(text, maskPhone);
  const national = phone && /^0\d{9}$/.test(phone) ? phone.slice(1) : null;
  return national ? masked.replaceAll(national, maskPhone(phone as string).slice(1)) : masked;
}

/** Every string inside a stored detail (a timeline event's), numbers in them masked; keys too. */
export function maskPhonesDeep(value: unknown, phone?: string): unknown {
  if (typeof value === "string") return maskPhonesForDisplay(value, phone);
  if (typeof value === "number" && Number.isInteger(value)) {
    const masked = maskPhonesForDisplay(String(value), phone);
    return masked === String(value) ? value : masked;
  }
  if (Array.isArray(value)) return value.map((v) => maskPhonesDeep(v, phone));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskPhonesForDisplay(k, phone), maskPhonesDeep(v, phone)]));
  }
  return value;
}
