// The charge use cases wired to this process's database and configured upstream.
import "server-only";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { momo } from "@/lib/momo/client";
import { createCharge } from "./create-charge";
import { refreshCharge } from "./refresh-charge";
import type { ChargeInput } from "./schema";

export async function submitCharge(input: ChargeInput, idempotencyKey: string, actor: string | null) {
  const db = await getDb();
  const result = await createCharge({ db, upstream: momo(), log: (e, d) => log("error", e, d) }, input, idempotencyKey, actor);
  log("info", result.replayed ? "charge_replayed" : "charge_created", {
    chargeId: result.charge.id,
    status: result.charge.status,
    code: result.charge.outcomeCode,
  });
  return result;
}

export async function currentCharge(id: string) {
  return refreshCharge({ db: await getDb(), upstream: momo() }, id);
}
