// POST /api/charges – charge a customer (owner, staff; idempotent by the Idempotency-Key header)
// GET  /api/charges – the latest charges, newest first (every role)
import { guard } from "@/lib/auth/guards";
import { chargeFormSchema, idempotencyKeySchema } from "@/lib/charges/schema";
import { recentChargeViews, submitCharge } from "@/lib/charges/service";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = guard("charge:create", async (req, member) => {
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!key.success) throw new ApiError(400, "idempotency_key_required", key.error.issues[0].message);
  const body = await readJson(req);
  const input = chargeFormSchema.parse(body);
  // A possible duplicate (lib/charges/duplicate-guard.ts) is sent only once the member confirmed it.
  const confirm = (body as { confirmDuplicate?: unknown } | null)?.confirmDuplicate;
  if (confirm !== undefined && typeof confirm !== "boolean") {
    throw new ApiError(422, "invalid_request", "Some fields need attention.", { confirmDuplicate: "Must be true or false" });
  }
  const { charge, replayed } = await submitCharge(input, key.data, member, confirm === true);
  return Response.json({ charge, replayed }, { status: replayed ? 200 : 201 });
});

export const GET = guard("charge:read", async (_req, member) => Response.json({ charges: await recentChargeViews(member, 50) }));
