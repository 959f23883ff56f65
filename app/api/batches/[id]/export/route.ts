// GET /api/batches/{id}/export – the batch's rows with each one's outcome and reference, as CSV
// (every role; numbers masked as the member sees them)
import { guard } from "@/lib/session/guards";
import { batchResultsCsv } from "@/lib/batches/service";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard<{ id: string }>("batch:read", async (_req, member, { id }) => {
  const file = isUuid(id) ? await batchResultsCsv(id, member) : null;
  if (!file) throw new AppError("not_found", "No batch has this id.");
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
    },
  });
});
