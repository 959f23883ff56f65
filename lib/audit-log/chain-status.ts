// The audit page's chain check (hashes and signatures, with this server's signing key): the whole chain verified at
// most once a minute per process
// (one place to change it), so reloading the page is cheap; concurrent requests share one walk.
import "server-only";
import type { Db } from "@/lib/db/open";
import { verifyChain, type ChainResult } from "./chain";
import { auditSigningKey } from "@/lib/audit";

const MAX_AGE_MS = 60_000;
const KEY = Symbol.for("momo-dashboard.audit-chain-status");

export type ChainStatus = ChainResult & { checkedAt: Date };
type Holder = { [KEY]?: { startedAt: number; status: Promise<ChainStatus> } };

export function chainStatus(db: Db, now = Date.now()): Promise<ChainStatus> {
  const g = globalThis as Holder;
  const cached = g[KEY];
  if (cached && now - cached.startedAt < MAX_AGE_MS) return cached.status;
  const status = verifyChain(db, { key: auditSigningKey() }).then((r) => ({ ...r, checkedAt: new Date() }));
  g[KEY] = { startedAt: now, status };
  // A failed walk (the database was away) is not kept: the next page load tries again.
  status.catch(() => {
    if (g[KEY]?.status === status) delete g[KEY];
  });
  return status;
}
