// Errors the charge use case raises on purpose; route handlers turn them into responses.
import type { PossibleDuplicate } from "./duplicates";

export class ChargeError extends Error {
  constructor(
    readonly code: "idempotency_mismatch" | "not_found",
    message: string,
  ) {
    super(message);
    this.name = "ChargeError";
  }
}

/** A recent charge to the number for the amount may be this one again (lib/charges/duplicate-guard.ts words it). */
export class PossibleDuplicateCharge extends Error {
  constructor(readonly earlier: PossibleDuplicate) {
    super("possible duplicate");
    this.name = "PossibleDuplicateCharge";
  }
}
