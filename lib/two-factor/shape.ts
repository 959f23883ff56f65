// The name of the file the recovery codes are saved as, without the schemas
// (lib/two-factor/schema.ts): the profile page names it and loads no zod for it.

/** "momo-dashboard-recovery-codes-ama-example.com-2026-11-26.txt": whose codes, and when they were made. */
export function recoveryFileName(account: string, day: string): string {
  return `momo-dashboard-recovery-codes-${account.replace(/[^A-Za-z0-9.-]+/g, "-")}-${day}.txt`;
}
