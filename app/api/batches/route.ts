// POST /api/batches – prepare a bulk batch from a file's rows (owner, staff); every row is checked
// again as the preview checked it, and one bad row refuses the whole batch (422 naming rows.N.column)
import { MAX_BATCH_BODY } from "@/lib/batches/schema";
import { prepareBatch } from "@/lib/batches/prepare";
import { anyJson } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("batch:create", { body: anyJson, maxBody: MAX_BATCH_BODY, status: 201 }, async (ctx) => ({
  batch: await prepareBatch(ctx, ctx.body),
}));
