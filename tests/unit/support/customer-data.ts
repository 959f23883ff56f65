// No customer data in the app's log lines or its audit log (docs/security.md), for what runs the
// route handlers in-process (./route-harness.ts), as tests/e2e/log-scan.spec.ts checks the servers'
// logs and audit log at the end of an end-to-end run: whatever was sent, refused or broken.
import { expect } from "vitest";
import type { Db } from "@/lib/db/open";
import { auditEvents } from "@/lib/db/schema";
import { PHONE } from "../../e2e/support/used-text";

const phones = (text: string) => [...new Set([...text.matchAll(PHONE)].map((m) => m[0]))];

/** No phone number or query parameters in `lines` (the app's log lines), no phone number in any audit entry. */
export async function expectNoCustomerData(db: Db, lines: string[]): Promise<void> {
  const logged = lines.join("\n");
  expect(phones(logged), "log lines: phone numbers").toEqual([]);
  expect(logged.includes("params:"), "log lines: a query's parameters").toBe(false);
  const entries = await db.select().from(auditEvents);
  expect(entries.length, "audit entries to scan").toBeGreaterThan(0);
  expect(phones(JSON.stringify(entries)), "audit entries: phone numbers").toEqual([]);
}
