// What an idempotency key remembers of its request, to refuse the key with another request.
import { createHash } from "node:crypto";
import type { ChargeInput } from "./schema";

type Parts = Pick<ChargeInput, "amountMinor" | "currency" | "phoneNumber" | "provider" | "vouchers" | "description">;

/** sha-256 of the parsed request. */
export function requestHash(input: Parts): string {
  const canonical = [input.amountMinor, input.currency, input.phoneNumber, input.provider, input.vouchers, input.description];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/**
 * The hash a charge keeps once retention has masked it: without the number and the description.
 * A hash of them would still name the customer (a number is one of a billion: that many hashes
 * take minutes, and an empty description adds nothing), so replaying an old key is checked on
 * what is left.
 */
export function redactedRequestHash(input: { amountMinor: number; currency: string; provider: string; vouchers: string }): string {
  const canonical = ["redacted", input.amountMinor, input.currency, input.provider, input.vouchers];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}
