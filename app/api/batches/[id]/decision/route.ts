// POST /api/batches/{id}/decision – an owner approves ({ approve: true }, with
// acknowledgeDuplicates when rows repeat a charge) or rejects ({ approve: false }) a batch
import { decide } from "@/lib/batches/decide";
import { batchDecisionSchema } from "@/lib/batches/schema";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("batch:approve", { params: idParams("No batch has this id."), body: batchDecisionSchema }, async (ctx) => ({
  batch: await decide(ctx, ctx.params.id, ctx.body),
}));
