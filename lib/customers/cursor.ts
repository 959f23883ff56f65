// The directory's keyset cursor (name, id) as it travels in a URL: base64url of JSON, read back
// only when it has exactly that shape (anything else is no cursor, never an error page).
import { isUuid } from "@/lib/http/request";
import { CUSTOMER_NAME_MAX } from "./schema";

export type CustomerCursor = { name: string; id: string };

export const encodeCustomerCursor = (c: CustomerCursor) => Buffer.from(JSON.stringify([c.name, c.id])).toString("base64url");

export function decodeCustomerCursor(value: string | undefined | null): CustomerCursor | undefined {
  if (!value || value.length > 400) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString());
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [name, id] = parsed as unknown[];
    if (typeof name !== "string" || name.length > CUSTOMER_NAME_MAX || typeof id !== "string" || !isUuid(id)) return undefined;
    return { name, id };
  } catch {
    return undefined;
  }
}
