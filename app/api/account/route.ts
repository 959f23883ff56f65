// GET /api/account – the upstream account behind the API key (GET /v1/user)
import { momo } from "@/lib/momo/client";
import { errorResponse, handleApiError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const result = await momo().user();
    if (result.ok) return Response.json({ user: result.user });
    const status = result.code === "timeout" ? 504 : 502;
    return errorResponse(status, `upstream_${result.code.replace(/^upstream_/, "")}`, result.message);
  } catch (error) {
    return handleApiError(error);
  }
}
