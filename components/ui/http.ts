// One call to our route handlers from the browser: JSON in, JSON out, errors as HttpError with
// the server's { error: { code, message, fields } } kept. ./fetch-json.ts is the way the pages
// call: it adds the re-auth dialog's retry. The re-auth form itself calls through this file, so
// that the dialog it is in does not depend on itself.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The server's message for one field, when the error is a refusal that names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fields?.[field] : undefined;
}

/** A change's request: `body` as JSON (none: an empty request), with `init`'s own headers. */
export function jsonInit(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  body: unknown,
  init: { headers?: Record<string, string>; keepalive?: boolean } = {},
): RequestInit {
  if (body === undefined) return { ...init, method };
  return { ...init, method, headers: { "Content-Type": "application/json", ...init.headers }, body: JSON.stringify(body) };
}

export async function fetchOnce<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new HttpError(0, "network", "Could not reach the dashboard's server. Check your connection.");
  }
  const body = (await res.json().catch((error: unknown) => {
    // Cancelled while the body was on its way (the page moved on, the text changed): that is the
    // caller's abort, not an empty answer. Answered as null, a caller read `{ customers }` of null.
    if (init?.signal?.aborted) throw error;
    return null;
  })) as {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  } | null;
  if (!res.ok) {
    const e = body?.error;
    throw new HttpError(res.status, e?.code ?? "http_error", e?.message ?? `The server answered ${res.status}.`, e?.fields);
  }
  return body as T;
}
