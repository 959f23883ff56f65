// POST /api/pay/{token} – a customer pays a pay link from their own phone (anyone holding the
// link; no session, none is set). Idempotent by the Idempotency-Key header the page makes for
// each attempt. 404 an unknown link, 410 one that takes no payments (paid, expired, paused,
// cancelled), 409 while another attempt holds the payment, 429 past a limit (lib/payment-requests/limits.ts).
import { anyJson } from "@/lib/http/route";
import { payLink } from "@/lib/payment-requests/pay";
import { publicRoute } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = publicRoute<unknown, undefined, { token: string }>({ body: anyJson }, async (ctx) => {
  const { attempt, replayed } = await payLink(ctx, ctx.params.token, ctx.body, ctx.req.headers.get("idempotency-key"));
  return Response.json({ attempt, replayed }, { status: replayed ? 200 : 201 });
});
