// A customer's number as the server sent it: whole, or masked for a member who may not see it
// (the mask is made on the server; this only says so, in words as well as dots).
import type { ChargeView } from "@/lib/charges/view";
import { formatPhone } from "@/lib/market/networks";

type Shown = Pick<ChargeView, "phoneNumber" | "phoneMasked" | "redactedAt">;

/** Why a number is not shown whole (null: it is), in words for the title and screen readers. */
export function phoneHiddenReason(charge: Omit<Shown, "phoneNumber">): string | null {
  if (charge.redactedAt) return "Removed by the data retention policy";
  if (charge.phoneMasked) return "Partly hidden: the whole number is for owners, support and the member who made the charge";
  return null;
}

export function PhoneNumber({ charge, className }: { charge: Shown; className?: string }) {
  const why = phoneHiddenReason(charge);
  if (!why) return <span className={className}>{formatPhone(charge.phoneNumber)}</span>;
  return (
    <span className={className} title={why} data-testid="masked-phone">
      {formatPhone(charge.phoneNumber)}
      <span className="sr-only"> ({why.toLowerCase()})</span>
    </span>
  );
}
