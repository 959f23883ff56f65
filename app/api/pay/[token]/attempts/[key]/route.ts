// GET /api/pay/{token}/attempts/{key} – the customer's own attempt on a pay link, by the key
// their page made for it: what the pay page's live status and receipt show (the number masked).
// Anyone holding the link and the key; 404 for any other key. A pending attempt is looked up at
// the upstream at most once every two seconds (lib/payment-requests/public.ts).
import { payAttempt } from "@/lib/payment-requests/public";
import { publicRoute } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute<undefined, undefined, { token: string; key: string }>({}, async (ctx) => {
  const attempt = await payAttempt(ctx, ctx.params.token, ctx.params.key);
  return Response.json({ attempt }, { headers: { "Cache-Control": "no-store" } });
});
