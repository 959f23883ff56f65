// Whose words a charge's stored message is, so a screen never presents one speaker's words as another's.
import type { Charge } from "@/lib/db/schema";
import { isOurWording } from "@/lib/momo/outcome-codes";
import type { MessageSource } from "./view";

/** Outcome codes whose message the dashboard wrote itself (lib/charges/ledger.ts, answer.ts). */
const OUR_CODES = new Set(["interrupted", "duplicate_reference", "answer_mismatch"]);

export function messageSource(c: Pick<Charge, "outcomeCode" | "message">): MessageSource {
  if (c.outcomeCode === "reconciled") return "person";
  if ((c.outcomeCode && OUR_CODES.has(c.outcomeCode)) || (c.message !== null && isOurWording(c.message))) return "dashboard";
  return "upstream";
}
