// The attempt a customer's tab made on a pay link, kept by its key in the tab's sessionStorage
// before it is sent (a second tap, a reload, a retry after a lost answer send the same key, and
// the server answers the first attempt instead of making another), and watched until it settles.
import { useEffect, useState } from "react";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import type { PayAttemptView } from "@/lib/payment-requests/view";

/** How often the page asks about an attempt waiting for the customer's approval. */
const POLL_MS = 2_000;
const SETTLED = new Set(["success", "failed", "unknown"]);

const storeName = (token: string) => `momo-pay:${token}`;

function storedKey(token: string): string | null {
  try {
    return sessionStorage.getItem(storeName(token));
  } catch {
    return null; // storage refused (a private mode): the attempt is kept for this page's life only
  }
}

export function storeKey(token: string, key: string | null): void {
  try {
    if (key) sessionStorage.setItem(storeName(token), key);
    else sessionStorage.removeItem(storeName(token));
  } catch {}
}

/** 128 random bits, base64url: crypto.randomUUID exists only on HTTPS, this everywhere. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The attempt this tab made on link `token`, if any, watched until it settles: looked up once
 * when the key is known, then every POLL_MS while it waits for the customer.
 */
export function useAttempt(token: string) {
  const [key, setKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<PayAttemptView | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => setKey(storedKey(token)), [token]);

  const open = attempt ? !SETTLED.has(attempt.status) : null;
  useEffect(() => {
    if (!key || open === false) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      let next: PayAttemptView | null | undefined;
      try {
        next = (await fetchJson<{ attempt: PayAttemptView }>(`/api/pay/${token}/attempts/${key}`, { cache: "no-store" })).attempt;
      } catch (error) {
        next = error instanceof HttpError && error.status === 404 ? null : undefined;
      }
      if (!alive) return;
      setUnreachable(next === undefined);
      if (next) setAttempt(next);
      // No attempt has this key yet (it was made but never sent): nothing to watch.
      if (next === null && open === null) return;
      if (next === undefined || (next && !SETTLED.has(next.status)) || (next === null && open)) timer = setTimeout(look, POLL_MS);
    };
    void look();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [token, key, open]);

  return { key, setKey, attempt, setAttempt, unreachable };
}
