// POST /api/customers/import – add customers from a file's rows (owner, staff): every row checked
// again as the preview checked it, one bad row refuses the whole import (422 naming rows.N.column);
// numbers or references already in the directory, or repeated in the file, are left out and said
import { importCustomers } from "@/lib/customers/import";
import { MAX_IMPORT_BODY } from "@/lib/customers/schema";
import { anyJson } from "@/lib/http/route";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("customer:manage", { body: anyJson, maxBody: MAX_IMPORT_BODY }, (ctx) => importCustomers(ctx, ctx.body));
