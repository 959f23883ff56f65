// Webhooks: the owner's endpoints, where each stands, and a form to add one (its signing secret
// shown once, in the answer that made it).
import type { Metadata } from "next";
import { Suspense } from "react";
import { AddEndpoint } from "@/components/webhooks/add-endpoint";
import { EndpointsTable } from "@/components/webhooks/endpoints-table";
import { Card, PageTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/states";
import type { Db } from "@/lib/db/open";
import { currentBusiness } from "@/lib/business";
import { upstreamMode } from "@/lib/momo/config";
import { requirePage } from "@/lib/session/guards";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { MAX_ENDPOINTS } from "@/lib/webhooks/shape";

export const metadata: Metadata = { title: "Webhooks" };

// No loading.tsx for this segment: the title and the form come at once and the list streams in
// behind its own boundary, so /settings/webhooks/{id} below has no boundary above it (its 404s
// stay 404s).
export default async function WebhooksPage() {
  const { db } = await requirePage("webhook:manage", "/settings/webhooks");
  return (
    <div className="space-y-8">
      <div>
        <PageTitle description="Your own systems told of events as they happen: each one is a signed POST to an address you choose, retried for about a day until it is taken.">
          Webhooks
        </PageTitle>
        <Suspense fallback={<LoadingState label="Loading the endpoints…" />}>
          <Endpoints db={db} />
        </Suspense>
      </div>
      <Card>
        <h2 className="text-lg font-semibold">Add an endpoint</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">At most {MAX_ENDPOINTS} endpoints; each receives only the events you choose.</p>
        <AddEndpoint mode={upstreamMode()} />
      </Card>
    </div>
  );
}

async function Endpoints({ db }: { db: Db }) {
  const [endpoints, { timeZone }] = await Promise.all([listEndpoints(db), currentBusiness()]);
  if (endpoints.length) return <EndpointsTable endpoints={endpoints} zone={timeZone} />;
  return (
    <Card>
      <p className="text-ink-muted" data-testid="no-endpoints">
        No endpoints yet. Add one below to have your systems told when a charge succeeds or fails, a bulk batch finishes or a pay link is
        paid.
      </p>
    </Card>
  );
}
