import { NextResponse } from "next/server";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { graphToContinue, quoteRefresh } from "@/lib/orders/graph-continuation";
import { errorResponse } from "@/lib/http/error-status";

/**
 * What refreshing the branches of `?node=<id>` (repeated for several) of the request's graph costs at most, read
 * before anything is spent: the confirm dialog shows it, and the action checks the same quote again. Nothing is sent
 * to the registry but the (cached) pricing.
 */
export const GET = registryRoute(
  "spendCredits",
  async (request, _context: RouteContext<"/api/requests/[requestId]/refresh-quote">, { followed, registry }) => {
    const nodeIds = request.nextUrl.searchParams.getAll("node");
    if (!nodeIds.length || nodeIds.length > 2000 || nodeIds.some((id) => !id || id.length > 500))
      return errorResponse({ code: "invalid_input", message: "Name from 1 to 2,000 nodes to refresh." });
    const target = await graphToContinue(followed);
    const quote = target.ok ? await quoteRefresh(target.data, nodeIds, registry) : target;
    if (!quote.ok) return errorResponse({ code: quote.code, message: quote.error });
    return NextResponse.json({ quote: quote.data }, { headers: { "Cache-Control": "no-store" } });
  },
  { followUp: async (context) => (await context.params).requestId },
);
