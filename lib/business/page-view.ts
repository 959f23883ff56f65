// The Business page's view (pages/settings/index.tsx; its forms are an island,
// components/business/settings.island.tsx): the profile, the logo and the backups.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { backupSettings } from "@/lib/backup";
import { getBusinessProfile } from "./profile";
import type { SettingsView } from "./types";

function zoneChoices(current: string): string[] {
  return [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone"), current])].sort((a, b) => a.localeCompare(b));
}

export async function settingsView({ db }: Asker): Promise<SettingsView> {
  const [profile, backups] = await Promise.all([getBusinessProfile(db), backupSettings()]);
  return {
    business: {
      name: profile.name,
      timeZone: profile.timeZone,
      contactPhone: profile.contact.phone,
      contactEmail: profile.contact.email,
    },
    zones: zoneChoices(profile.timeZone),
    logoUrl: profile.logoUrl,
    backups,
  };
}
