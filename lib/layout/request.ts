// A Pages Router staff page's request, as lib/layout/staff-page.ts reads it (pages/transactions/…).
/** A request's headers as a Headers object, from Node's request (one value per name, as sent). */
export function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === "string") headers.set(k, v);
    else if (Array.isArray(v)) for (const one of v) headers.append(k, one);
  }
  return headers;
}
