// The customer form's pages' views (pages/customers/new.tsx and pages/customers/[id]/edit.tsx; the
// form is an island, components/customers/customer-form.island.tsx): a new customer's start —
// "Save as customer" from a charge (?charge=<id>) brings its number and network when this member
// may see the number — or the customer being changed.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { isUuid } from "@/lib/http/request";
import { FORBIDDEN } from "@/lib/layout/types";
import type { ProviderId } from "@/lib/market/networks";
import { toCustomerView } from "./directory";
import { getCustomer } from "./queries";
import type { CustomerFormView } from "./types";

/**
 * A charge as "Save as customer" reads it. lib/charges reads charges and already uses this
 * feature (its "Charge again"), so start-up hands the reader in (lib/startup.ts) rather than this
 * feature importing that one back.
 */
export type ChargeForPrefill = (
  ctx: Asker,
  id: string,
) => Promise<{ phoneNumber: string; provider: string; phoneMasked: boolean; redactedAt: string | null } | null>;

export async function newCustomerView(
  ctx: Asker,
  query: Record<string, string | string[] | undefined>,
  chargeOf: ChargeForPrefill,
): Promise<CustomerFormView> {
  const id = query.charge;
  const charge = typeof id === "string" && isUuid(id) ? await chargeOf(ctx, id) : null;
  // A number this member sees masked, or one erased by retention, is not copied into the form.
  const prefill =
    charge && !charge.phoneMasked && !charge.redactedAt
      ? { phoneNumber: charge.phoneNumber, provider: charge.provider as ProviderId }
      : null;
  return { initial: null, prefill };
}

/** The customer being changed; none by that id is a 404, and a number this member sees masked a 403 (changing it would show it). */
export async function editCustomerView(ctx: Asker, id: string): Promise<CustomerFormView | null | typeof FORBIDDEN> {
  const found = isUuid(id) ? await getCustomer(ctx.db, id) : null;
  if (!found) return null;
  const c = toCustomerView(found, ctx.member);
  if (c.phoneMasked) return FORBIDDEN;
  return {
    initial: {
      id: c.id,
      name: c.name,
      phoneNumber: c.phoneNumber,
      provider: c.provider as ProviderId,
      reference: c.reference ?? "",
      email: c.email ?? "",
      note: c.note,
    },
    prefill: null,
  };
}
