// Recovery codes a person can read back: ten, distinct, two groups of five from an alphabet with
// nothing easy to confuse; accepted by the code step's reader (lib/two-factor/schema.ts).
import { expect, test } from "vitest";
import { newRecoveryCodes, RECOVERY_ALPHABET } from "@/lib/auth/recovery-codes";
import { recoveryFileName } from "@/lib/two-factor/shape";
import { recoveryCode } from "@/lib/two-factor/schema";

test("ten distinct codes, none with I, l, 1, O, 0 or lower case, each accepted as typed", () => {
  const codes = Array.from({ length: 50 }, () => newRecoveryCodes()).flat();
  for (const c of codes) {
    expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(c).not.toMatch(/[IlO01]/);
    expect(recoveryCode(c)).toBe(c);
    expect(recoveryCode(c.replace("-", " "))).toBe(c);
  }
  expect(new Set(codes).size).toBe(codes.length);
  expect(newRecoveryCodes()).toHaveLength(10);
  expect(RECOVERY_ALPHABET).not.toMatch(/[IlO01a-z]/);
  // Every letter of the alphabet turns up: the codes are not drawn from a smaller set by mistake.
  expect(new Set(codes.join("").replace(/-/g, ""))).toEqual(new Set(RECOVERY_ALPHABET));
});

test("the download names whose codes they are and the day, with nothing a file name cannot hold", () => {
  expect(recoveryFileName("ama@example.com", "2026-11-26")).toBe("momo-dashboard-recovery-codes-ama-example.com-2026-11-26.txt");
  expect(recoveryFileName("a/b\\c d@x.y", "2026-11-26")).toBe("momo-dashboard-recovery-codes-a-b-c-d-x.y-2026-11-26.txt");
});
