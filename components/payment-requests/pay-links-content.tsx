// The Pay links page's content (pages/pay-links/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/payment-requests/list-view.ts decided,
// as server HTML.
import { RequestsTable } from "@/components/payment-requests/requests-table";
import { Card, PageTitle } from "@/components/ui/card";
import { CursorNav } from "@/components/ui/cursor-nav";
import { ButtonLink } from "@/components/ui/link";
import { textLinkClass } from "@/components/ui/link-class";
import type { PayLinksView } from "@/lib/payment-requests/types";

export function PayLinksContent({ view: v }: { view: PayLinksView }) {
  return (
    <>
      <PageTitle description="Links a customer pays from their own phone: share one in a chat, a message or as a QR code. Each payment is a charge like any other, never made twice.">
        Pay links
      </PageTitle>
      {v.canCreate ? (
        <div className="mb-4 flex justify-end">
          <ButtonLink href="/pay-links/new">New pay link</ButtonLink>
        </div>
      ) : null}
      {v.unknownOnly ? (
        <p className="mb-4 text-sm text-ink-muted" data-testid="unknown-only">
          Showing the pay links with an attempt whose outcome is unknown: settle each in{" "}
          <a href="/reconcile?status=unknown" className={textLinkClass()}>
            Reconcile
          </a>
          .{" "}
          <a href="/pay-links" className={textLinkClass()}>
            Show every pay link
          </a>
        </p>
      ) : null}
      {v.requests.length ? (
        <RequestsTable requests={v.requests} zone={v.timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">{v.unknownOnly ? "No pay link has an attempt whose outcome is unknown." : "No pay links yet."}</p>
        </Card>
      )}
      <CursorNav on={v.next} />
    </>
  );
}
