// The gate before this pass's fault injection, which times the upstream and wants the machine to
// itself. When scripts/test.sh runs the PGlite and PostgreSQL passes side by side, they take turns
// here: the PostgreSQL pass says its other work is done (E2E_ANNOUNCE names a file to make) and
// waits for the PGlite pass to end; the PGlite pass waits for that announcement (E2E_WAIT_FOR).
// scripts/test.sh also makes each file when its pass ends, whatever happened, so that neither
// can wait for a pass that failed. Run alone (no variable set), the gate opens at once.
import { existsSync, writeFileSync } from "node:fs";
import { test } from "@playwright/test";

test("the other pass leaves the machine to this one", async () => {
  const announce = process.env.E2E_ANNOUNCE;
  const waitFor = process.env.E2E_WAIT_FOR;
  if (announce) writeFileSync(announce, `${new Date().toISOString()}\n`);
  if (!waitFor) return;
  // Bounded: the other pass ends (and its file is made) well within this.
  test.setTimeout(30 * 60_000);
  while (!existsSync(waitFor)) await new Promise((r) => setTimeout(r, 500));
});
