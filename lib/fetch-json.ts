// The browser's way to call our route handlers: JSON in, JSON out, errors as HttpError with
// the server's { error: { code, message, fields } } kept.
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

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new HttpError(0, "network", "Could not reach the dashboard's server. Check your connection.");
  }
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  } | null;
  if (!res.ok) {
    const e = body?.error;
    throw new HttpError(res.status, e?.code ?? "http_error", e?.message ?? `The server answered ${res.status}.`, e?.fields);
  }
  return body as T;
}
