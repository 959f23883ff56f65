// POST /api/charges as a use case: the body as the form sent it (or "Charge again" naming a
// customer of the directory), the attempt's idempotency key, and the member who charges.
import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { currencyRefusal } from "@/lib/money";
import { getCustomer } from "@/lib/customers";
import { isUuid } from "@/lib/http/request";
import { canSeeWholePhone } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import { createCharge } from "./create";
import { duplicateRefusal } from "./duplicate-guard";
import { PossibleDuplicateCharge } from "./errors";
import { chargeFormSchema, idempotencyKeySchema } from "./schema";
import { viewsOf } from "./views";
import type { Db } from "@/lib/db/open";

/**
 * Charges once per idempotency key: the first attempt's charge for a repeated key (`replayed`).
 * A possible duplicate (lib/charges/duplicate-guard.ts) is sent only once the member confirmed it
 * (`confirmDuplicate: true` in the body).
 */
export async function submitCharge(ctx: Asker, body: unknown, idempotencyKey: string | null) {
  const { db, member } = ctx;
  const key = idempotencyKeySchema.safeParse(idempotencyKey ?? undefined);
  if (!key.success) throw new AppError("idempotency_key_required", key.error.issues[0].message);
  const { body: filled, phoneHidden } = await withCustomer(db, body, member);
  const input = chargeFormSchema.parse(filled);
  const refused = currencyRefusal(input.currency, env().CURRENCIES);
  if (refused) throw new AppError("invalid_request", undefined, { fields: { currency: refused } });
  const confirm = (filled as { confirmDuplicate?: unknown } | null)?.confirmDuplicate;
  if (confirm !== undefined && typeof confirm !== "boolean") {
    throw new AppError("invalid_request", undefined, { fields: { confirmDuplicate: "Must be true or false" } });
  }
  const { client, budget } = ctx.upstream();
  // The audit row ("charge_created", with the outcome) is written with the answer itself.
  const chargeAudit = { action: "charge_created" as const, actorId: member.id, actorEmail: member.email };
  const result = await createCharge(
    { db, upstream: client, budget, log: (e, d) => log("error", e, d), audit: chargeAudit },
    input,
    key.data,
    member.id,
    { phoneHidden, duplicateWindowMinutes: confirm === true ? 0 : env().DUPLICATE_WINDOW_MINUTES },
  ).catch((error: unknown) => {
    throw error instanceof PossibleDuplicateCharge ? duplicateRefusal(error.earlier) : error;
  });
  const { charge, replayed } = result;
  log("info", replayed ? "charge_replayed" : "charge_created", {
    chargeId: charge.id,
    status: charge.status,
    code: charge.outcomeCode,
    member: member.id,
  });
  return { charge: (await viewsOf(db, [charge], member))[0], replayed };
}

/**
 * A charge to a customer of the directory ("Charge again") names them by `customerId`: their
 * stored number is charged (a member who sees it masked never has it), on their network unless
 * the form chose another.
 */
async function withCustomer(db: Db, body: unknown, member: Member): Promise<{ body: unknown; phoneHidden: boolean }> {
  const id = (body as { customerId?: unknown } | null)?.customerId;
  if (id === undefined || body === null || typeof body !== "object") return { body, phoneHidden: false };
  const customer = typeof id === "string" && isUuid(id) ? await getCustomer(db, id) : null;
  if (!customer) throw new AppError("invalid_request", undefined, { fields: { customerId: "No customer with this id" } });
  const b = body as Record<string, unknown>;
  return {
    body: { ...b, phoneNumber: customer.phoneNumber, provider: b.provider ?? customer.provider },
    // The charge keeps the number masked for a maker who sees the customer's masked.
    phoneHidden: !canSeeWholePhone(member, customer),
  };
}
