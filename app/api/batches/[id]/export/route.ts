// GET /api/batches/{id}/export – the batch's rows with each one's outcome and reference, as CSV
// (every role; numbers masked as the member sees them)
import { batchResultsCsv } from "@/lib/batches/results-csv";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

const notFound = "No batch has this id.";

export const GET = route("batch:read", { params: idParams(notFound) }, async (ctx) => {
  const file = await batchResultsCsv(ctx, ctx.params.id);
  if (!file) throw new AppError("not_found", notFound);
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
    },
  });
});
