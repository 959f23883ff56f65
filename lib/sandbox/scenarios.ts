// Which scenario the sandbox plays for a phone number: the list is lib/market/test-numbers.ts,
// which the charge form shows and the user guide (docs/user-guide.md) repeats, so the three cannot disagree.
import { TEST_NUMBERS, type Scenario } from "@/lib/market/test-numbers";

const BY_PHONE = new Map(TEST_NUMBERS.map((t) => [t.phone, t.scenario]));

/** The scenario of a test number; any other number succeeds instantly. */
export function scenarioFor(phone: string): Scenario {
  return BY_PHONE.get(phone) ?? { kind: "instant" };
}
