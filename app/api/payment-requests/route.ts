// GET  /api/payment-requests?before= – payment requests, newest first, 25 a page (every role)
// POST /api/payment-requests – make one (owner, staff): its link is in the answer's `path`
import { createPaymentRequest, pageQuery, paymentRequestsPage } from "@/lib/payment-requests/requests";
import { paymentRequestSchema } from "@/lib/payment-requests/schema";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("request:read", { query: pageQuery }, (ctx) => paymentRequestsPage(ctx, ctx.query.before ?? null));

export const POST = route("request:create", { body: paymentRequestSchema, status: 201 }, async (ctx) => ({
  request: await createPaymentRequest(ctx, ctx.body),
}));
