// A fresh key for one charge attempt. getRandomValues works on plain-HTTP origins too, where
// crypto.randomUUID is missing (a dashboard opened by LAN address, for instance).
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chg_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
