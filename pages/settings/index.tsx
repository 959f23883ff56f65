// GET /settings – the business (owners): its name, time zone, contact, logo and backups. A Pages
// Router page that runs no framework JavaScript (docs/decisions/forms-as-islands.md): the page is
// server HTML, and only its forms are hydrated, as one island
// (components/business/settings.island.tsx); its gate, frame and view come through
// lib/layout/settings-bridge.ts.
import settingsIsland from "@/components/business/settings.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { PageTitle } from "@/components/ui/card";
import type { SettingsView } from "@/lib/business/types";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";
import { settingsPages } from "@/lib/layout/settings-bridge";

type Props = IslandProps<SettingsView>;

export const getServerSideProps = oneIslandPage(settingsIsland, (request) => settingsPages.get().business(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function SettingsPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Business"
      islands={props.files ?? undefined}
      failed={{ title: "The business could not be loaded", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      <div className="mx-auto max-w-xl space-y-6">
        <PageTitle description="How receipts and the dashboard present your business, and the time zone its days are counted in.">
          Business
        </PageTitle>
        {island ? <IslandSlot island={island} of={settingsIsland} /> : null}
      </div>
    </StaffFrame>
  );
}
