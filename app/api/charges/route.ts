// POST /api/charges – charge a customer (idempotent by the Idempotency-Key header)
// GET  /api/charges – the latest charges, newest first
import { getDb } from "@/lib/db/client";
import { listRecentCharges } from "@/lib/charges/ledger";
import { chargeFormSchema, idempotencyKeySchema } from "@/lib/charges/schema";
import { submitCharge } from "@/lib/charges/service";
import { toChargeView } from "@/lib/charges/view";
import { ApiError, handleApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function POST(req: Request) {
  try {
    const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
    if (!key.success) throw new ApiError(400, "idempotency_key_required", key.error.issues[0].message);
    const input = chargeFormSchema.parse(await readJson(req));
    const { charge, replayed } = await submitCharge(input, key.data, null);
    return Response.json({ charge: toChargeView(charge), replayed }, { status: replayed ? 200 : 201 });
  } catch (error) {
    return handleApiError(error);
  }
}

export async function GET() {
  try {
    const rows = await listRecentCharges(await getDb(), 50);
    return Response.json({ charges: rows.map(toChargeView) });
  } catch (error) {
    return handleApiError(error);
  }
}
