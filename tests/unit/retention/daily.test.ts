// Retention's daily run (RETENTION_DAYS): one claim a day across every caller at once, on PGlite
// and PostgreSQL; the setting refuses a period that could wipe recent charges.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { claimDailyRetention, dailyRetention } from "@/lib/retention/daily";
import { auditEvents } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";

describe.each(backends)("the daily retention claim on $name", (backend) => {
  const db = useLedger(backend);

  test("ten instances asking at once: one runs today's retention; after the day has passed, one again", async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDailyRetention(db())));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyRetention(db())).toBe(false);
    await db().execute(sql`update rate_limits set expire = now() - interval '1 second' where key = 'data_retention:daily'`);
    const next = await Promise.all(Array.from({ length: 10 }, () => claimDailyRetention(db())));
    expect(next.filter(Boolean)).toHaveLength(1);
  });

  test("the run that claimed the day is in the audit log as the daily run; the others do nothing", async () => {
    const reports = await Promise.all([dailyRetention(db(), 400), dailyRetention(db(), 400), dailyRetention(db(), 400)]);
    expect(reports.filter((r) => r !== null)).toHaveLength(1);
    expect(await db().select().from(auditEvents)).toMatchObject([
      { action: "data_retention_run", actorEmail: "daily run", detail: { olderThanDays: 400, charges: 0 } },
    ]);
  });
});

describe("RETENTION_DAYS", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const read = async (value: string) => {
    vi.stubEnv("RETENTION_DAYS", value);
    vi.resetModules();
    return (await import("@/lib/env")).env().RETENTION_DAYS;
  };

  test("unset or empty: no daily run; a whole number of days from 30 to 3660 is kept", async () => {
    expect(await read("")).toBeUndefined();
    expect(await read("400")).toBe(400);
    expect(await read("30")).toBe(30);
  });

  test.each(["7", "29", "0", "-400", "400d", "1.5", "3661", "forever"])("%j is refused at start with the reason", async (value) => {
    await expect(read(value)).rejects.toThrow(/RETENTION_DAYS: .*(30|3660|whole number)/);
  });
});
