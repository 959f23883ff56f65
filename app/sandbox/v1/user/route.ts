// GET /sandbox/v1/user – the sandbox's user lookup
import { sandboxUser } from "@/lib/sandbox/handlers";
import { whenSandboxEnabled } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return whenSandboxEnabled(() => sandboxUser(req));
}
