// The browser's way to call our route handlers: JSON in, JSON out, errors as HttpError with
// the server's { error: { code, message, fields } } kept. A sensitive action refused with
// 403 reauth_required (a stale password proof, lib/session/fresh.ts) asks the page's re-auth dialog
// (components/session/reauth-dialog.tsx, in the root layout) for the password, then is retried once.
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

/** Resolves true once the member has confirmed their password (or code), false if they cancelled. */
type ReauthPrompt = () => Promise<boolean>;
let prompt: ReauthPrompt | null = null;

/** The re-auth dialog registers itself here; returns its unregistering. */
export function onReauthRequired(handler: ReauthPrompt): () => void {
  prompt = handler;
  return () => {
    if (prompt === handler) prompt = null;
  };
}

/**
 * Before a sensitive GET the browser follows as a link (the CSV export): true when the session's
 * proof is recent enough for it (with half a minute to spare), else after the dialog's confirmation.
 */
export async function ensureFreshProof(): Promise<boolean> {
  const status = await fetchJson<{ secondsLeft: number }>("/api/session/reauth");
  if (status.secondsLeft > 30) return true;
  return prompt ? prompt() : false;
}

/**
 * A change sent to a route handler: `body` as JSON (none: an empty request); `init` adds headers
 * of its own (an Idempotency-Key) or keepalive. Answered, refused and retried after re-auth as by
 * fetchJson.
 */
export function sendJson<T = unknown>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  init: { headers?: Record<string, string>; keepalive?: boolean } = {},
): Promise<T> {
  if (body === undefined) return fetchJson<T>(url, { ...init, method });
  const headers = { "Content-Type": "application/json", ...init.headers };
  return fetchJson<T>(url, { ...init, method, headers, body: JSON.stringify(body) });
}

/** The server's message for one field, when the error is a refusal that names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fields?.[field] : undefined;
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  try {
    return await fetchOnce<T>(url, init);
  } catch (error) {
    if (!(error instanceof HttpError && error.code === "reauth_required" && prompt)) throw error;
    if (!(await prompt())) throw error;
    return fetchOnce<T>(url, init);
  }
}

async function fetchOnce<T>(url: string, init?: RequestInit): Promise<T> {
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
