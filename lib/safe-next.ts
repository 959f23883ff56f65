// Only same-site paths may be a post-sign-in destination (no open redirect to another host).
// The value is resolved the way a browser would (which drops tabs and newlines and reads "\"
// as "/"), and kept only if it stays on a placeholder origin.
const PLACEHOLDER = "http://dashboard.invalid";

export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    const url = new URL(next, PLACEHOLDER);
    return url.origin === PLACEHOLDER ? next : null;
  } catch {
    return null;
  }
}
