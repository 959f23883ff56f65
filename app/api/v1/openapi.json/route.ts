// GET /api/v1/openapi.json – the API's OpenAPI 3.1 document (anyone: it describes, it holds nothing)
import { openApiDocument } from "@/lib/api-v1/document";
import { bareRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

let made: string | undefined;

export const GET = bareRoute(async () => {
  // The document is the same for the process's life: made once, on first ask.
  made ??= JSON.stringify(openApiDocument());
  return new Response(made, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
});
