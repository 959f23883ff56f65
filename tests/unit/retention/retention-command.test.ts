// `npm run data:retention -- --older-than 400d [--apply]` (docs/operations.md, "Personal data") as
// a process on a PGlite folder: the dry run says what it would mask and masks nothing, --apply
// masks it, and a period under the floor is a usage error (exit 2) naming the option. What exactly
// is masked, on both databases, is retention.test.ts's.
import { rm } from "node:fs/promises";
import { expect, test } from "vitest";
import { migratedFolder, npmRun } from "../support/commands";
import { addCharge } from "../support/rows";

const LONG_AGO = new Date(Date.now() - 500 * 86_400_000);

test("dry run, then --apply, on a folder with one settled charge of 500 days ago", { timeout: 90_000 }, async () => {
  const dir = await migratedFolder((db) => addCharge(db, { status: "success", createdAt: LONG_AGO, settledAt: LONG_AGO }));
  const env = { DATA_DIR: dir, DATABASE_URL: "" };
  try {
    const [dry, typo] = await Promise.all([
      npmRun("data:retention", ["--older-than", "400d"], env),
      npmRun("data:retention", ["--older-than", "7d"], env),
    ]);
    expect(dry, dry.err).toMatchObject({ code: 0 });
    expect(dry.out).toMatch(/^dry run: would mask the phone number and description of 1 settled charge made before \d{4}-\d\d-\d\d/);
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/--older-than must be from 30d/);
    const applied = await npmRun("data:retention", ["--older-than", "400d", "--apply"], env);
    expect(applied.out, applied.err).toMatch(
      /^masked the phone number and description of 1 settled charge .*\(recorded in the audit log\)/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
