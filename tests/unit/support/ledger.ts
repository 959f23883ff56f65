// createCharge's world in the ledger tests: the sandbox over real HTTP as the upstream, a client
// for it with a chosen timeout, and the number of charge requests it has received.
import type { Db } from "@/lib/db/open";
import { chargeEvents, type Charge } from "@/lib/db/schema";
import { clientFor } from "./charge";
import { addCharge, type ChargeOver } from "./rows";
import { useSandboxUpstream } from "./sandbox";

/** For the enclosing describe: `deps(timeoutMs)` for createCharge, `posts()` the charges sent. */
export function useChargeUpstream(db: () => Db) {
  const upstream = useSandboxUpstream();
  const deps = (timeoutMs = 3_000) => ({ db: db(), upstream: clientFor(upstream.url, { timeoutMs }) });
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  return { upstream, deps, posts };
}

/** A ledger row (chargeRow with `over`) planted as it is, any status or time, with its `created` event: the state a test starts from. */
export async function plantCharge(db: Db, over: ChargeOver = {}): Promise<{ charge: Charge }> {
  const charge = await addCharge(db, over);
  await db.insert(chargeEvents).values({ chargeId: charge.id, type: "created", status: charge.status, actor: charge.createdBy });
  return { charge };
}
