import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { EnrolFlow } from "@/components/two-factor/enrol-flow";
import { Card, PageTitle } from "@/components/ui/card";
import { currentMember, publicPage } from "@/lib/session/guards";
import { HOME } from "@/lib/access/roles";
import { mustEnrol, twoFactorOn } from "@/lib/two-factor/policy";

export const metadata: Metadata = { title: "Two-factor sign-in" };

// Setting up two-factor sign-in, every member; the one page (with Sign out) a member whose role
// requires it can open until it is done. requirePage would send them here, so this page checks
// the session itself.
export default async function TwoFactorPage() {
  const me = await currentMember();
  if (!me) redirect(`/sign-in?next=${encodeURIComponent("/two-factor")}`);
  const { db } = await publicPage();
  const required = await mustEnrol(db, me);
  const on = await twoFactorOn(db, me.id);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle
        description={
          required
            ? "Your team requires two-factor sign-in for your role. Set it up to continue: each sign-in will then ask for a code from your phone."
            : "Each sign-in will ask for a code from your phone as well as your password."
        }
      >
        Set up two-factor sign-in
      </PageTitle>
      <Card>
        {on ? (
          <p className="text-sm">
            Two-factor sign-in is on. Manage it on{" "}
            <Link className="font-medium underline" href="/profile">
              Your profile
            </Link>
            .
          </p>
        ) : (
          <EnrolFlow home={HOME} account={me.email} />
        )}
      </Card>
    </div>
  );
}
