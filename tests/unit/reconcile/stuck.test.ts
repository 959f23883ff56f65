// A charge pending past RECONCILE_PENDING_MINUTES is reported once (charge.stuck_pending), however
// many sweeps run at once; not one that is younger, settled, or from before the last day.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { events } from "@/lib/db/schema";
import { reportStuckPending } from "@/lib/reconcile/stuck";
import { backends, useLedger } from "../support/db";
import { addCharge } from "../support/rows";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe.each(backends)("stuck pending charges on $name", (backend) => {
  const db = useLedger(backend);
  const charge = async (status: "pending" | "success", createdAt: Date, n: number) =>
    (await addCharge(db(), { idempotencyKey: `k${n}`, status, createdAt })).id;

  test("once per charge, from five sweeps at once; never a young, settled or old one", async () => {
    const stuck = await charge("pending", minutesAgo(20), 1);
    await charge("pending", minutesAgo(5), 2);
    await charge("success", minutesAgo(20), 3);
    await charge("pending", minutesAgo(3 * 24 * 60), 4);
    const counts = await Promise.all(Array.from({ length: 5 }, () => reportStuckPending(db(), 15)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reportStuckPending(db(), 15)).toBe(0);
    const rows = await db().select().from(events).where(eq(events.type, "charge.stuck_pending"));
    expect(rows.map((r) => r.subjectId)).toEqual([stuck]);
    expect(JSON.stringify(rows)).not.toContain("1234567");
  });
});
