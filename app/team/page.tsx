import type { Metadata } from "next";
import { AddMemberForm } from "@/components/add-member-form";
import { Providers } from "@/components/providers";
import { TeamTable } from "@/components/team-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { listMembers } from "@/lib/auth/members";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const me = await requirePage("team:manage", "/team");
  const members = await listMembers(await getDb());
  return (
    <Providers>
      <div className="space-y-8">
        <div>
          <PageTitle
            description={
              "Owners manage the team and see the account; staff make charges; support reviews them. " +
              "Deactivating a member signs them out at once."
            }
          >
            Team
          </PageTitle>
          <TeamTable members={members} me={me.id} />
        </div>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">Add a member</h2>
          <AddMemberForm />
        </Card>
      </div>
    </Providers>
  );
}
