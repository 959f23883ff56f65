// Pay links: every payment request, newest first (25 a page), with where each stands.
import type { Metadata } from "next";
import { RequestsTable } from "@/components/payment-requests/requests-table";
import { Card, PageTitle } from "@/components/ui/card";
import { CursorNav } from "@/components/ui/cursor-nav";
import { ButtonLink } from "@/components/ui/link";
import { AppError } from "@/lib/errors";
import { paymentRequestsPage } from "@/lib/payment-requests/requests";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { currentBusiness } from "@/lib/business";

export const metadata: Metadata = { title: "Pay links" };

type Params = Record<string, string | string[] | undefined>;

export default async function PayLinksPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("request:read", "/pay-links");
  const before = (await searchParams).before;
  // A cursor that is not one (lib/cursor.ts) starts from the newest, as any list does with a stale link.
  const page = await paymentRequestsPage(ctx, typeof before === "string" ? before : null).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "invalid_request") return paymentRequestsPage(ctx, null);
    throw error;
  });
  const { timeZone } = await currentBusiness();
  return (
    <>
      <PageTitle description="Links a customer pays from their own phone: share one in a chat, a message or as a QR code. Each payment is a charge like any other, never made twice.">
        Pay links
      </PageTitle>
      {can(ctx.member.role, "request:create") ? (
        <div className="mb-4 flex justify-end">
          <ButtonLink href="/pay-links/new">New pay link</ButtonLink>
        </div>
      ) : null}
      {page.requests.length ? (
        <RequestsTable requests={page.requests} zone={timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">No pay links yet.</p>
        </Card>
      )}
      <CursorNav on={page.next && `/pay-links?before=${page.next}`} />
    </>
  );
}
