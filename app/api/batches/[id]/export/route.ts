// GET /api/batches/{id}/export – the batch's rows with each one's outcome and reference, as CSV
// (every role; numbers masked as the member sees them)
import { guard } from "@/lib/auth/guards";
import { batchResultsCsv } from "@/lib/batches/service";
import { ApiError } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard<{ id: string }>("batch:read", async (_req, member, { id }) => {
  const file = isUuid(id) ? await batchResultsCsv(id, member) : null;
  if (!file) throw new ApiError(404, "not_found", "No batch has this id.");
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
    },
  });
});
