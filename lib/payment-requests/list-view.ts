// The Pay links page's decisions (pages/pay-links/index.tsx and
// components/payment-requests/pay-links-content.tsx only render them): every payment request,
// newest first (25 a page), where each stands, the next page's link, the business's zone for the
// times, and whether the member may make one. A cursor that is not one (lib/cursor.ts) starts
// from the newest, as any list does with a stale link.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { AppError } from "@/lib/errors";
import { paymentRequestsPage } from "./requests";

type Params = Record<string, string | string[] | undefined>;

export async function payLinksView(ctx: Asker, params: Params) {
  const before = typeof params.before === "string" ? params.before : null;
  // ?attempt=unknown (the home page's link): only the links with an attempt whose outcome is unknown.
  const unknownOnly = params.attempt === "unknown";
  const [page, { timeZone }] = await Promise.all([
    paymentRequestsPage(ctx, before, unknownOnly).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "invalid_request") return paymentRequestsPage(ctx, null, unknownOnly);
      throw error;
    }),
    currentBusiness(),
  ]);
  const link = (extra: Record<string, string>) =>
    `/pay-links?${new URLSearchParams({ ...(unknownOnly ? { attempt: "unknown" } : {}), ...extra })}`;
  return {
    requests: page.requests,
    unknownOnly,
    next: page.next ? link({ before: page.next }) : null,
    timeZone,
    canCreate: can(ctx.member.role, "request:create"),
  };
}

/** What the Pay links page shows. */
export type PayLinksView = Awaited<ReturnType<typeof payLinksView>>;
