// The backup settings as the start reads them (lib/env.ts): defaults, and a wrong value stops the
// start naming the variable.
import { afterEach, describe, expect, test, vi } from "vitest";

describe("BACKUP_* settings", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const read = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries({ DATABASE_URL: "", DATA_DIR: "/srv/momo/data", ...values })) vi.stubEnv(name, value);
    vi.resetModules();
    const e = (await import("@/lib/env")).env();
    return { dir: e.BACKUP_DIR, hours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP, key: e.BACKUP_ENCRYPTION_KEY };
  };

  test("no scheduled backups unless BACKUP_DIR is set; once a day, the last 7, unencrypted by default", async () => {
    expect(await read({})).toEqual({ dir: undefined, hours: 24, keep: 7, key: undefined });
    const key = "k".repeat(32);
    expect(
      await read({ BACKUP_DIR: "/srv/momo/backups", BACKUP_INTERVAL_HOURS: "0.5", BACKUP_KEEP: "30", BACKUP_ENCRYPTION_KEY: key }),
    ).toEqual({
      dir: "/srv/momo/backups",
      hours: 0.5,
      keep: 30,
      key,
    });
  });

  test.each([
    [{ BACKUP_INTERVAL_HOURS: "0" }, /BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be a number of hours from 0.1 to 168/],
    [{ BACKUP_INTERVAL_HOURS: "daily" }, /BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be/],
    [{ BACKUP_KEEP: "0" }, /BACKUP_KEEP: BACKUP_KEEP must be a whole number from 1 to 1000/],
    [{ BACKUP_KEEP: "2.5" }, /BACKUP_KEEP: BACKUP_KEEP must be a whole number/],
    [{ BACKUP_ENCRYPTION_KEY: "too short" }, /BACKUP_ENCRYPTION_KEY: BACKUP_ENCRYPTION_KEY must be at least 32 characters/],
    [{ BACKUP_DIR: "/srv/momo/data/backups" }, /BACKUP_DIR: BACKUP_DIR must be outside DATA_DIR/],
    [{ BACKUP_DIR: "/srv/momo/data" }, /BACKUP_DIR: BACKUP_DIR must be outside DATA_DIR/],
  ])("%j stops the start, naming the variable", async (values, message) => {
    await expect(read(values)).rejects.toThrow(message);
  });
});
