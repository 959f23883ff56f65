// GET /api/search?q= – the list under the search box as one types (every role): a few of each
// kind the results page finds, as words, numbers masked as the member's role requires
// (lib/search/suggestions.ts). The hourly limit of searches by number counts these as well.
import { suggestionsQuery } from "@/lib/search/schema";
import { searchSuggestions } from "@/lib/search/suggestions";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("charge:read", { query: suggestionsQuery }, async (ctx) => {
  const found = await searchSuggestions(ctx, ctx.query.q);
  // A member's own answer, asked again as they type: never kept by a shared cache.
  return Response.json(found, { headers: { "cache-control": "private, no-store" } });
});
