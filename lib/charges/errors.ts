// A signal the charge use case raises to its caller, not an answer: the caller (POST /api/charges
// through lib/charges/duplicate-guard.ts, a batch row) decides what a possible duplicate means for it.
import type { PossibleDuplicate } from "./duplicates";

/** A recent charge to the number for the amount may be this one again (lib/charges/duplicate-guard.ts words it). */
export class PossibleDuplicateCharge extends Error {
  constructor(readonly earlier: PossibleDuplicate) {
    super("possible duplicate");
    this.name = "PossibleDuplicateCharge";
  }
}
