// GET /api/batches/{id} – a batch, its counts and its estimated finish (every role): the batch
// page polls it while the batch runs
import { batchView } from "@/lib/batches/views";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No batch has this id.";

export const GET = route("batch:read", { params: idParams(notFound) }, async (ctx) => {
  const batch = await batchView(ctx, ctx.params.id);
  if (!batch) throw new AppError("not_found", notFound);
  return { batch };
});
