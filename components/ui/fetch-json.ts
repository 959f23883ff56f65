// The browser's way to call our route handlers: JSON in, JSON out, errors as HttpError with
// the server's { error: { code, message, fields } } kept. A sensitive action refused with
// 403 reauth_required (a stale password proof, lib/session/fresh.ts) asks the re-auth dialog
// (components/session/reauth-dialog.tsx) for the password, then is retried once. The dialog is
// loaded the first time a call needs it: every signed-in page may need it, few ever show it.
// One call, without the retry: ./http.ts (which the re-auth form uses).
import { fetchOnce, HttpError, jsonInit } from "./http";

export { fieldMessage, HttpError } from "./http";

/** Resolves true once the member has confirmed their password (or code), false if they cancelled. */
type ReauthPrompt = () => Promise<boolean>;
let prompt: ReauthPrompt | null = null;

/** The page's dialog, loaded when it is first needed. */
const dialog: ReauthPrompt = () => import("@/components/session/reauth-dialog").then((m) => m.askForProof());
/** Who asks: a handler registered here (a test's), else the dialog in a browser, else nobody. */
const asker = (): ReauthPrompt | null => prompt ?? (typeof document === "undefined" ? null : dialog);

/** Registers another way to ask (a test's); returns its unregistering. */
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
  const ask = asker();
  return ask ? ask() : false;
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
  return fetchJson<T>(url, jsonInit(method, body, init));
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  try {
    return await fetchOnce<T>(url, init);
  } catch (error) {
    const ask = asker();
    if (!(error instanceof HttpError && error.code === "reauth_required" && ask)) throw error;
    if (!(await ask())) throw error;
    return fetchOnce<T>(url, init);
  }
}
