import type { Metadata } from "next";
import { BackupCard } from "@/components/backup/backup-card";
import { BusinessForm } from "@/components/business/business-form";
import { LogoForm } from "@/components/business/logo-form";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { getBusinessProfile } from "@/lib/business/profile";
import { backupSettings } from "@/lib/backup";

export const metadata: Metadata = { title: "Business" };

/** Every zone this server's Intl knows (and UTC), with the saved one kept even if it is not listed. */
function zoneChoices(current: string): string[] {
  return [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone"), current])].sort((a, b) => a.localeCompare(b));
}

export default async function SettingsPage() {
  const { db } = await requirePage("business:manage", "/settings");
  const [profile, backups] = await Promise.all([getBusinessProfile(db), backupSettings()]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle description="How receipts and the dashboard present your business, and the time zone its days are counted in.">
        Business
      </PageTitle>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Name, time zone and contact</h2>
        <BusinessForm
          initial={{
            name: profile.name,
            timeZone: profile.timeZone,
            contactPhone: profile.contact.phone,
            contactEmail: profile.contact.email,
          }}
          zones={zoneChoices(profile.timeZone)}
        />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Logo</h2>
        <LogoForm logoUrl={profile.logoUrl} />
      </Card>
      <BackupCard view={backups} />
    </div>
  );
}
