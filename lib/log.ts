// Structured logs: one JSON line per event. Values that look like API keys are redacted, so
// a key that slips into an error message still never reaches the log.
type Level = "info" | "warn" | "error";

const KEY_LIKE = /\b(sk|pk|rk)_(live|test)_[A-Za-z0-9_]+/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi; // RFC 6750 token characters

/** The text without the configured key (and `also`), Bearer tokens, or anything shaped like a key. */
export function redact(text: string, also?: string): string {
  for (const key of [process.env.MOMO_API_KEY, also]) {
    if (key && key.length >= 8) text = text.split(key).join("[redacted-key]");
  }
  return text.replace(BEARER, "Bearer [redacted]").replace(KEY_LIKE, "[redacted-key]");
}

export function log(level: Level, event: string, detail: Record<string, unknown> = {}): void {
  const line = redact(JSON.stringify({ time: new Date().toISOString(), level, event, ...detail }));
  (level === "error" ? console.error : console.log)(line);
}
