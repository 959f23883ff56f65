// What the browser sees of a ledger row: no voucher, no idempotency key, no raw upstream body.
import type { Charge } from "@/lib/db/schema";

export type ChargeView = {
  id: string;
  status: Charge["status"];
  amountMinor: number;
  currency: string;
  phoneNumber: string;
  provider: string;
  description: string;
  reference: string | null;
  message: string | null;
  outcomeCode: string | null;
  createdBy: { id: string; name: string; email: string } | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
};

export function toChargeView(c: Charge, creator: ChargeView["createdBy"] = null): ChargeView {
  return {
    id: c.id,
    status: c.status,
    amountMinor: c.amountMinor,
    currency: c.currency,
    phoneNumber: c.phoneNumber,
    provider: c.provider,
    description: c.description,
    reference: c.reference,
    message: c.message,
    outcomeCode: c.outcomeCode,
    createdBy: creator,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
  };
}

/** One step of a charge's timeline. */
export type EventView = {
  id: number;
  type: "created" | "sent" | "answered" | "status_checked" | "interrupted" | "reconciled";
  status: string | null;
  at: string;
  actor: { id: string; name: string; email: string } | null;
  detail: Record<string, unknown>;
  /** The upstream's raw answer, for roles allowed to read it. */
  rawBody: string | null;
};
