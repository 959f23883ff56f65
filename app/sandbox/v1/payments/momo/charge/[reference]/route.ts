// GET /sandbox/v1/payments/momo/charge/{reference} – the sandbox's status lookup
import { sandboxChargeStatus } from "@/lib/sandbox/handlers";
import { whenSandboxEnabled } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  return whenSandboxEnabled(() => sandboxChargeStatus(req, reference));
}
