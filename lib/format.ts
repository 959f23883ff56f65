// Display formats shared by server and browser, so both render the same text.
import { providerById } from "@/lib/market/networks";

/** Times are shown in the merchant's zone (Ghana keeps UTC all year). */
const DISPLAY_TIME_ZONE = "Africa/Accra";

/** What every screen shows for a value that is not there: one dash, the em dash, everywhere. */
export const EMPTY_VALUE = "—";

// Made once: building an Intl formatter costs far more than using one (a 50-row table
// formatted each cell with a new one, a tenth of the page's server time).
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: DISPLAY_TIME_ZONE });
const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: DISPLAY_TIME_ZONE });
const TIME = new Intl.DateTimeFormat("en-GB", { timeStyle: "medium", timeZone: DISPLAY_TIME_ZONE });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** "14 Mar 2025, 09:02:10–14:05:40"; both dates in full when the range spans days. */
export function formatTimeRange(fromIso: string, toIso: string): string {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  return DAY.format(from) === DAY.format(to)
    ? `${DATE_TIME.format(from)}–${TIME.format(to)}`
    : `${DATE_TIME.format(from)} – ${DATE_TIME.format(to)}`;
}

export function providerLabel(id: string): string {
  return providerById(id)?.label ?? id;
}
