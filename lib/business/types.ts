// The Business page's view (pages/settings/index.tsx): types only, safe for the browser.
import type { BackupView } from "@/lib/backup/types";
import type { BusinessValues } from "./schema";

/** The Business page: the profile's form, the time zones to choose from, the logo and the backups. */
export type SettingsView = {
  business: BusinessValues;
  /** Every zone this server's Intl knows (and UTC), with the saved one kept even if it is not listed. */
  zones: string[];
  logoUrl: string | null;
  backups: BackupView;
};
