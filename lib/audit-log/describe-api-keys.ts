// The API keys' entries of the audit log in words (describe.ts hands them here), as Settings → API
// keys says them: the key by its name and the prefix the owner sees, its scopes by their labels,
// its mode as TEST or LIVE. And what a key did (a pay link made or cancelled through the API):
// which key, never the key.
import { API_SCOPE_LABELS } from "@/lib/api-keys/shape";

const text = (v: unknown) => (typeof v === "string" && v ? v : null);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** “Shop” (mdk_test_Ab12…). */
function keyName(d: Record<string, unknown>): string | null {
  const name = text(d.name);
  const prefix = text(d.prefix);
  if (!name && !prefix) return null;
  return [name ? `“${name}”` : null, prefix ? `(${prefix}…)` : null].filter(Boolean).join(" ");
}

function scopes(v: unknown): string | null {
  if (!Array.isArray(v)) return null;
  const labels = v.map((s) =>
    typeof s === "string" && Object.hasOwn(API_SCOPE_LABELS, s) ? lower(API_SCOPE_LABELS[s as keyof typeof API_SCOPE_LABELS]) : String(s),
  );
  return labels.length ? `May: ${labels.join("; ")}` : null;
}

const mode = (v: unknown) => (v === "test" ? "TEST mode" : v === "live" ? "LIVE mode" : null);

/** The API key a change came through (a `via` detail), in words; null for a change made in the dashboard. */
export function viaApiKey(via: unknown): string | null {
  if (!via || typeof via !== "object") return null;
  const name = keyName(via as Record<string, unknown>);
  return name ? `Through the API key ${name}` : "Through an API key";
}

export function apiKeyDetails(action: string, d: Record<string, unknown>): (string | null)[] | null {
  switch (action) {
    case "api_key_created":
      return [keyName(d), scopes(d.scopes), mode(d.mode)];
    case "api_key_revoked":
      return [keyName(d)];
    default:
      return null;
  }
}
