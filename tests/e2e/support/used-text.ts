// Customer data the tests typed (descriptions, notes), remembered so that the log scan at the
// end of the run (tests/e2e/log-scan.spec.ts) can prove none of it reached a server's log.
import { appendFileSync, mkdirSync } from "node:fs";
import { inRun, RUN_DIR } from "./ports";

export const USED_TEXT_FILE = inRun("used-text.jsonl");

/**
 * A Ghanaian number as we store or receive it (10 local digits, or 233 and 9 digits), also
 * written in groups; not inside a longer run of letters, digits or dashes (a UUID's last group,
 * a TXN-MOMO-… reference, a timestamp). The scans look for it in logs and audit entries.
 */
export const PHONE = /(?<![\w+-])(?:0\d{9}|\+?233\d{9}|0\d{2}[ -]\d{3}[ -]\d{4})(?![\w-])/g;

export function remember<T extends string>(text: T): T {
  mkdirSync(RUN_DIR, { recursive: true });
  appendFileSync(USED_TEXT_FILE, `${JSON.stringify(text)}\n`);
  return text;
}
