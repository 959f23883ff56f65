// Structured logs: one JSON line per event. Values that look like API keys are redacted, so
// a key that slips into an error message still never reaches the log.
type Level = "info" | "warn" | "error";

const KEY_LIKE = /\b(sk|pk|rk)_(live|test)_[A-Za-z0-9_]+/g;
const BEARER = /Bearer\s+[^\s"']+/gi;

export function redact(text: string): string {
  const key = process.env.MOMO_API_KEY;
  if (key && key.length >= 8) text = text.split(key).join("[redacted-key]");
  return text.replace(BEARER, "Bearer [redacted]").replace(KEY_LIKE, "[redacted-key]");
}

export function log(level: Level, event: string, detail: Record<string, unknown> = {}): void {
  const line = redact(JSON.stringify({ time: new Date().toISOString(), level, event, ...detail }));
  (level === "error" ? console.error : console.log)(line);
}
