// POST /api/batches – prepare a bulk batch from a file's rows (owner, staff); every row is checked
// again as the preview checked it, and one bad row refuses the whole batch (422 naming rows.N.column)
import { guard } from "@/lib/session/guards";
import { prepareBatch } from "@/lib/batches/service";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

/** 10,000 rows of the longest values a row can hold, as JSON: the one body larger than 16 kB. */
const MAX_BATCH_BODY = 6 * 1024 * 1024;

export const POST = guard("batch:create", async (req, member) => {
  const batch = await prepareBatch(await readJson(req, MAX_BATCH_BODY), member);
  return Response.json({ batch }, { status: 201 });
});
