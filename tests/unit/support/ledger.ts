// createCharge's world in the ledger tests: the sandbox over real HTTP as the upstream, a client
// for it with a chosen timeout, and the number of charge requests it has received.
import type { Db } from "@/lib/db/open";
import { clientFor } from "./charge";
import { useSandboxUpstream } from "./sandbox";

/** For the enclosing describe: `deps(timeoutMs)` for createCharge, `posts()` the charges sent. */
export function useChargeUpstream(db: () => Db) {
  const upstream = useSandboxUpstream();
  const deps = (timeoutMs = 3_000) => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs }) });
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  return { upstream, deps, posts };
}
