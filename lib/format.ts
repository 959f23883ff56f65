// Display formats shared by server and browser, so both render the same text.
import { providerById } from "@/lib/market/networks";

/** The zone dates are shown in until the owner chooses one (Ghana keeps UTC all year). */
export const DEFAULT_TIME_ZONE = "Africa/Accra";

/** An IANA zone name (Africa/Accra, UTC, America/Argentina/Salta) that Intl knows; no offsets. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]{0,39}(?:\/[A-Za-z0-9_+-]{1,40}){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// Made once per zone: building an Intl formatter costs far more than using one (a 50-row table
// formatted each cell with a new one, a tenth of the page's server time).
const DATE_TIME = new Map<string, Intl.DateTimeFormat>();

/** A moment as the business reads it: in its time zone (the business profile's, see lib/business). */
export function formatDateTime(iso: string, timeZone: string): string {
  let format = DATE_TIME.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone });
    DATE_TIME.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

export function providerLabel(id: string): string {
  return providerById(id)?.label ?? id;
}
