// POST /api/customers/import – add customers from a file's rows (owner, staff): every row checked
// again as the preview checked it, one bad row refuses the whole import (422 naming rows.N.column);
// numbers or references already in the directory, or repeated in the file, are left out and said
import { guard } from "@/lib/session/guards";
import { importDirectory } from "@/lib/customers/service";
import { readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

/** 10,000 rows of the longest values a customer can hold (a 500-character note each), as JSON. */
const MAX_IMPORT_BODY = 8 * 1024 * 1024;

export const POST = guard("customer:manage", async (req, member) => {
  return Response.json(await importDirectory(await readJson(req, MAX_IMPORT_BODY), member));
});
