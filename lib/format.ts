// Display formats shared by server and browser, so both render the same text.
import { providerById } from "@/lib/momo/market";

/** Times are shown in the merchant's zone (Ghana keeps UTC all year). */
export const DISPLAY_TIME_ZONE = "Africa/Accra";

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: DISPLAY_TIME_ZONE,
  }).format(new Date(iso));
}

export function providerLabel(id: string): string {
  return providerById(id)?.label ?? id;
}
