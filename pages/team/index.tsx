// GET /team – the team (owners): members and their roles, invites, two-factor. A Pages Router
// page that runs no framework JavaScript (docs/decisions/forms-as-islands.md): the page is server
// HTML, and only its controls are hydrated, as one island (components/team/team.island.tsx); its
// gate, frame and view come through lib/layout/team-bridge.ts.
import teamIsland from "@/components/team/team.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { PageTitle } from "@/components/ui/card";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";
import { teamPages } from "@/lib/layout/team-bridge";
import type { TeamView } from "@/lib/team/types";

type Props = IslandProps<TeamView>;

export const getServerSideProps = oneIslandPage(teamIsland, (request) => teamPages.get().team(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function TeamPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Team"
      islands={props.files ?? undefined}
      failed={{ title: "The team could not be loaded", message: "The database did not answer. Nothing was changed.", retry: props.url }}
    >
      <PageTitle
        description={
          "Owners manage the team and see the account; staff make charges; support reviews them. " +
          "Deactivating a member signs them out at once."
        }
      >
        Team
      </PageTitle>
      {island ? <IslandSlot island={island} of={teamIsland} /> : null}
    </StaffFrame>
  );
}
