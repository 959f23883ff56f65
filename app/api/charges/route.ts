// POST /api/charges – charge a customer (owner, staff; idempotent by the Idempotency-Key header)
// GET  /api/charges – the latest charges, newest first (every role)
import { guard } from "@/lib/session/guards";
import { canSeeWholePhone } from "@/lib/team/phone-visibility";
import type { Member } from "@/lib/team/types";
import { chargeFormSchema, idempotencyKeySchema } from "@/lib/charges/schema";
import { recentChargeViews, submitCharge } from "@/lib/charges/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";
import { customerForCharge } from "@/lib/customers/service";

export const dynamic = "force-dynamic";

export const POST = guard("charge:create", async (req, member) => {
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!key.success) throw new AppError("idempotency_key_required", key.error.issues[0].message);
  const { body, phoneHidden } = await withCustomer(await readJson(req), member);
  const input = chargeFormSchema.parse(body);
  // A possible duplicate (lib/charges/duplicate-guard.ts) is sent only once the member confirmed it.
  const confirm = (body as { confirmDuplicate?: unknown } | null)?.confirmDuplicate;
  if (confirm !== undefined && typeof confirm !== "boolean") {
    throw new AppError("invalid_request", "Some fields need attention.", { fields: { confirmDuplicate: "Must be true or false" } });
  }
  const { charge, replayed } = await submitCharge(input, key.data, member, { confirmedDuplicate: confirm === true, phoneHidden });
  return Response.json({ charge, replayed }, { status: replayed ? 200 : 201 });
});

/**
 * A charge to a customer of the directory ("Charge again") names them by `customerId`: their
 * stored number is charged (a member who sees it masked never has it), on their network unless
 * the form chose another.
 */
async function withCustomer(body: unknown, member: Member): Promise<{ body: unknown; phoneHidden: boolean }> {
  const id = (body as { customerId?: unknown } | null)?.customerId;
  if (id === undefined || body === null || typeof body !== "object") return { body, phoneHidden: false };
  const customer = typeof id === "string" && isUuid(id) ? await customerForCharge(id) : null;
  if (!customer)
    throw new AppError("invalid_request", "Some fields need attention.", { fields: { customerId: "No customer with this id" } });
  const b = body as Record<string, unknown>;
  return {
    body: { ...b, phoneNumber: customer.phoneNumber, provider: b.provider ?? customer.provider },
    // The charge keeps the number masked for a maker who sees the customer's masked.
    phoneHidden: !canSeeWholePhone(member, customer),
  };
}

export const GET = guard("charge:read", async (_req, member) => Response.json({ charges: await recentChargeViews(member, 50) }));
