// Display formats shared by server and browser, so both render the same text.
import { providerById } from "@/lib/market/networks";

/** Times are shown in the merchant's zone (Ghana keeps UTC all year). */
const DISPLAY_TIME_ZONE = "Africa/Accra";

// Made once: building an Intl formatter costs far more than using one (a 50-row table
// formatted each cell with a new one, a tenth of the page's server time).
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: DISPLAY_TIME_ZONE });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

export function providerLabel(id: string): string {
  return providerById(id)?.label ?? id;
}
