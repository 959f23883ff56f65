import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SetupForm } from "@/components/session/setup-form";
import { Card, PageTitle } from "@/components/ui/card";
import { isSetUp } from "@/lib/team/members";
import { publicPage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Set up" };

// Exists only until the first owner is created; afterwards it is gone for good.
export default async function SetupPage() {
  if (await isSetUp((await publicPage()).db)) notFound();
  return (
    <div className="mx-auto max-w-sm">
      <PageTitle description="Welcome. Create the owner account: the owner adds the rest of the team and sees the account.">
        Set up Momo Dashboard
      </PageTitle>
      <Card>
        <SetupForm />
      </Card>
    </div>
  );
}
