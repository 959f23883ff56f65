// Structured logs: one JSON line per event, and no key in any of them, however it got there.
import { afterEach, expect, test, vi } from "vitest";
import { log, redact } from "@/lib/log";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

test("redact removes the configured key, an extra secret, Bearer tokens and key-shaped text", () => {
  vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
  expect(redact("sent merchant-secret-0042 twice: merchant-secret-0042")).toBe("sent [redacted-key] twice: [redacted-key]");
  expect(redact("other one-off-secret-99", "one-off-secret-99")).toBe("other [redacted-key]");
  expect(redact('{"auth":"Bearer abc.DEF_123-xyz="}')).toBe('{"auth":"Bearer [redacted]"}');
  expect(redact("keys sk_live_abcdef123 and pk_test_ZZZ_999.")).toBe("keys [redacted-key] and [redacted-key].");
  // Short values are not treated as keys (they would redact ordinary words).
  expect(redact("abc", "abc")).toBe("abc");
});

test("log writes one JSON line with time, level and event, and redacts nested values", () => {
  vi.stubEnv("MOMO_API_KEY", "merchant-secret-0042");
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(`E ${line}`));
  log("info", "charge_created", { detail: { message: "upstream said merchant-secret-0042" } });
  log("error", "sweep_failed", { error: "Authorization: Bearer merchant-secret-0042" });
  expect(lines).toHaveLength(2);
  const info = JSON.parse(lines[0]);
  expect(info).toMatchObject({ level: "info", event: "charge_created", detail: { message: "upstream said [redacted-key]" } });
  expect(Date.parse(info.time)).not.toBeNaN();
  expect(lines[1].startsWith("E ")).toBe(true);
  expect(JSON.parse(lines[1].slice(2))).toMatchObject({ level: "error", event: "sweep_failed" });
  expect(lines.join("\n")).not.toContain("merchant-secret-0042");
});
