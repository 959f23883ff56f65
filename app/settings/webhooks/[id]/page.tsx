// One webhook endpoint: its status, settings, signing secret and delivery log.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Providers } from "@/components/ui/providers";
import { PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { EndpointDetail } from "@/components/webhooks/endpoint-detail";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";
import { upstreamMode } from "@/lib/momo/config";
import { requirePage } from "@/lib/session/guards";
import { deliveryLog, getEndpoint } from "@/lib/webhooks/endpoints";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { db } = await requirePage("webhook:manage", `/settings/webhooks/${id}`);
  if (!isUuid(id)) notFound();
  const found = await Promise.all([getEndpoint(db, id), deliveryLog(db, id)]).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!found) notFound();
  const [endpoint, log] = found;
  return (
    <Providers>
      <TextLink tap href="/settings/webhooks" className="mb-2 text-sm">
        ← All endpoints
      </TextLink>
      <PageTitle description={<span className="font-mono break-all">{endpoint.url}</span>}>
        {endpoint.description || new URL(endpoint.url).host}
      </PageTitle>
      <EndpointDetail initial={endpoint} log={log} mode={upstreamMode()} />
    </Providers>
  );
}
