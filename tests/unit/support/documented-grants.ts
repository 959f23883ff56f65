// docs/operations.md's grants for the app's least-privileged role, read from the guide itself, so
// that the tests grant exactly what it says (tests/unit/audit/least-privilege.test.ts, and after a
// restore: tests/unit/db-export/pg-backup.test.ts).
import { readFileSync } from "node:fs";

/** The guide's grant block: the SQL block of the least-privilege section that grants CONNECT. */
export function documentedGrants(): string[] {
  const guide = readFileSync("docs/operations.md", "utf8");
  const section = guide.slice(guide.indexOf("### Least privilege on PostgreSQL"));
  const block = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("GRANT CONNECT"));
  if (!block) throw new Error("docs/operations.md: no grant block under Least privilege on PostgreSQL");
  return block
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
}
