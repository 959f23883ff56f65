// GET /api/account – the upstream account behind the API key, GET /v1/user (owner)
import { guard } from "@/lib/auth/guards";
import { errorResponse } from "@/lib/http/errors";
import { momo } from "@/lib/momo/client";

export const dynamic = "force-dynamic";

export const GET = guard("account:read", async () => {
  const result = await momo().user();
  if (result.ok) return Response.json({ user: result.user });
  const status = result.code === "timeout" ? 504 : 502;
  return errorResponse(status, `upstream_${result.code.replace(/^upstream_/, "")}`, result.message);
});
