// POST /api/charges – charge a customer (owner, staff; idempotent by the Idempotency-Key header)
// GET  /api/charges – the latest charges, newest first (every role)
import { submitCharge } from "@/lib/charges/submit";
import { recentChargeViews } from "@/lib/charges/views";
import { anyJson } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("charge:create", { body: anyJson }, async (ctx) => {
  const { charge, replayed } = await submitCharge(ctx, ctx.body, ctx.req.headers.get("idempotency-key"));
  return Response.json({ charge, replayed }, { status: replayed ? 200 : 201 });
});

export const GET = route("charge:read", {}, async (ctx) => ({ charges: await recentChargeViews(ctx, 50) }));
