// GET /api/ready – ready for requests: not draining, the job queue started, the database answering
// with the newest migration applied. 200 {"status":"ready"}; 503 {"status":"draining"|"not_ready"}. No session.
import { readyAnswer } from "@/lib/health";
import { bareRoute } from "@/lib/http/route";

export const GET = bareRoute(readyAnswer);
