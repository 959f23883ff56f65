// Customer data the tests typed (descriptions, notes), remembered so that the log scan at the
// end of the run (tests/e2e/log-scan.spec.ts) can prove none of it reached a server's log.
import { appendFileSync, mkdirSync } from "node:fs";
import { inRun, RUN_DIR } from "./ports";

export const USED_TEXT_FILE = inRun("used-text.jsonl");

export function remember<T extends string>(text: T): T {
  mkdirSync(RUN_DIR, { recursive: true });
  appendFileSync(USED_TEXT_FILE, `${JSON.stringify(text)}\n`);
  return text;
}
