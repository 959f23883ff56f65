// POST /sandbox/v1/payments/momo/charge – the bundled sandbox's charge operation
import { sandboxCharge } from "@/lib/sandbox/handlers";
import { whenSandboxEnabled } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

export function POST(req: Request) {
  return whenSandboxEnabled(() => sandboxCharge(req));
}
