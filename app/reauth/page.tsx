import type { Metadata } from "next";
import { ReauthThenGo } from "@/components/session/reauth-then-go";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { sessionPolicy } from "@/lib/session/policy";
import { safeNextPath } from "@/lib/safe-next";

export const metadata: Metadata = { title: "Confirm it’s you" };

// Where a sensitive link followed with a stale proof leads (an export typed or bookmarked, say):
// the reason in words instead of an API's JSON, the password, then the same address again.
export default async function ReauthPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const asked = (await searchParams).next;
  const next = safeNextPath(typeof asked === "string" ? asked : null) ?? "/";
  await requirePage("profile:own", "/reauth");
  const minutes = sessionPolicy().proofMs / 60_000;
  const back = next.startsWith("/api/charges/export") ? `/transactions${next.slice("/api/charges/export".length)}` : "/";
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageTitle description="For your customers' safety, exports and changes to the team ask for your password again.">
        Confirm it’s you
      </PageTitle>
      <Card>
        <p className="mb-4 text-sm text-ink-muted">
          You last gave your password more than {minutes} {minutes === 1 ? "minute" : "minutes"} ago. Confirm it to continue; nothing was
          exported or changed yet.
        </p>
        <ReauthThenGo next={next} back={back} />
      </Card>
    </div>
  );
}
