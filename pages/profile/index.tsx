// GET /profile – every member's own page: password, sessions, two-factor, email choices and
// colour scheme. A Pages Router page that runs no framework JavaScript
// (docs/decisions/forms-as-islands.md): the page is server HTML, and only its forms are hydrated,
// as one island (components/session/profile.island.tsx); its gate, frame and view come through
// lib/layout/session-bridge.ts.
import profileIsland from "@/components/session/profile.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { PageTitle } from "@/components/ui/card";
import { ROLE_LABELS } from "@/lib/access/roles";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";
import { sessionPages } from "@/lib/layout/session-bridge";
import type { ProfileView } from "@/lib/session/types";

type Props = IslandProps<ProfileView>;

export const getServerSideProps = oneIslandPage(profileIsland, (request) => sessionPages.get().profile(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function ProfilePage(props: Props) {
  const [island] = props.islands;
  const me = props.view?.me;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Your profile"
      islands={props.files ?? undefined}
      failed={{ title: "Your profile could not be loaded", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      <div className="mx-auto max-w-xl space-y-6">
        <PageTitle description={me ? `${me.name} · ${me.email} · ${ROLE_LABELS[me.role]}` : undefined}>Your profile</PageTitle>
        {island ? <IslandSlot island={island} of={profileIsland} /> : null}
      </div>
    </StaffFrame>
  );
}
