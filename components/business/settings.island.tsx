// The Business page's island (pages/settings/index.tsx; docs/decisions/forms-as-islands.md): the
// profile's form, the logo's and the backups' download — what the browser hydrates of the page,
// as one root (a page has one island). scripts/islands.mjs builds it for the browser and for the
// server.
import { BackupCard } from "@/components/backup/backup-card";
import { Card } from "@/components/ui/card";
import { defineIsland } from "@/components/ui/island";
import type { SettingsView } from "@/lib/business/types";
import { BusinessForm } from "./business-form";
import { LogoForm } from "./logo-form";

function Settings({ business, zones, logoUrl, backups }: SettingsView) {
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Name, time zone and contact</h2>
        <BusinessForm initial={business} zones={zones} />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Logo</h2>
        <LogoForm logoUrl={logoUrl} />
      </Card>
      <BackupCard view={backups} />
    </div>
  );
}

export default defineIsland("settings", Settings);
