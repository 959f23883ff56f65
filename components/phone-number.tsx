// A customer's number as the server sent it: whole, or masked for a member who may not see it
// (the mask is made on the server; this only says so, in words as well as dots).
import type { ChargeView } from "@/lib/charges/view";
import { formatPhone } from "@/lib/market/networks";

export function PhoneNumber({
  charge,
  className,
}: {
  charge: Pick<ChargeView, "phoneNumber" | "phoneMasked" | "redactedAt">;
  className?: string;
}) {
  const hidden = charge.phoneMasked || !!charge.redactedAt;
  if (!hidden) return <span className={className}>{formatPhone(charge.phoneNumber)}</span>;
  const why = charge.redactedAt
    ? "Removed by the data retention policy"
    : "Partly hidden: the whole number is for owners, support and the member who made the charge";
  return (
    <span className={className} title={why} data-testid="masked-phone">
      {formatPhone(charge.phoneNumber)}
      <span className="sr-only"> ({why.toLowerCase()})</span>
    </span>
  );
}
