// Recovery codes a person can read back without doubt: 10 codes of 10 characters from an alphabet
// with nothing easy to confuse (no I, l or 1, no O or 0, no lower case), written as two groups of
// five. Given to Better Auth's two-factor plugin, which stores them encrypted and accepts each once.
import { randomInt } from "node:crypto";

export const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const RECOVERY_CODES = 10;
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const code = Array.from({ length: LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
