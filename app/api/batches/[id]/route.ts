// GET /api/batches/{id} – a batch, its counts and its estimated finish (every role): the batch
// page polls it while the batch runs
import { guard } from "@/lib/session/guards";
import { batchView } from "@/lib/batches/service";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard<{ id: string }>("batch:read", async (_req, member, { id }) => {
  const batch = isUuid(id) ? await batchView(id, member) : null;
  if (!batch) throw new AppError("not_found", "No batch has this id.");
  return Response.json({ batch });
});
