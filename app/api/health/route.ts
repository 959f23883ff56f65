// GET /api/health – live: the process answers, with no database work and no session. 200 {"status":"ok"}.
import { liveAnswer } from "@/lib/health";
import { bareRoute } from "@/lib/http/route";

export const GET = bareRoute(async () => liveAnswer());
