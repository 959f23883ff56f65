// POST /api/batches/{id}/control – { action: "pause" | "resume" | "cancel" } by an owner or the
// member who prepared the batch; cancel stops every row not yet sent
import { control } from "@/lib/batches/decide";
import { batchControlSchema } from "@/lib/batches/schema";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("batch:create", { params: idParams("No batch has this id."), body: batchControlSchema }, async (ctx) => ({
  batch: await control(ctx, ctx.params.id, ctx.body.action),
}));
