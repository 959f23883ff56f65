// The secret part of a pay link, `/pay/<token>`: 18 random bytes (144 bits) as 24 base64url
// characters (the table's check holds that shape). Guessing one is hopeless
// (docs/decisions/payment-requests.md).
import "server-only";
import { randomBytes } from "node:crypto";

export function newToken(): string {
  return randomBytes(18).toString("base64url");
}
