import { Hono } from "hono";
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import { companyRequestBodySchema, onboardingRequestBodySchema } from "../../lib/registry/schemas.shared";
import { apiError, issueDetails } from "../api-error";
import { companyData } from "../company-data";
import { newRequestId } from "../ids";
import { generateOwnershipGraph } from "../data/graph";
import { supportsDatapoint } from "../pricing";
import { completeNow, quote, startRequest } from "../requests";
import type { SimulatorContext } from "../simulator-context";
import { snapshotOf } from "../snapshot";
import { transliterated } from "../transliterate";
import { defaultWorkspace } from "../workspaces";
import { specialError } from "../special-errors";
import { storedMetadata } from "./monitors";

type ApiErrorResponse = ReturnType<typeof apiError>;

/** The snapshot as answered: romanized when the caller asks with `transliterate=true` (cache and billing unaffected). */
function answer(c: Parameters<typeof apiError>[0], snapshot: Record<string, unknown>, country: string) {
  return c.json(c.req.query("transliterate") === "true" ? transliterated(snapshot, country as RegistryCountry) : snapshot);
}

/** The error a special company id answers with at the door (null when it has none there). */
function specialAnswer(c: Parameters<typeof apiError>[0], id: string, where: "request" | "onboarding"): ApiErrorResponse | null {
  const special = specialError(id);
  if (!special?.status || (special.where !== where && special.where !== "request")) return null;
  const headers: Record<string, string> = special.retryAfterSeconds ? { "Retry-After": String(special.retryAfterSeconds) } : {};
  return apiError(c, special.status, special.code, special.message, undefined, headers);
}

export function companyRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;

  app.post("/company", async (c) => {
    const raw = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    // A continuation may name its parent request instead of repeating the company (as the vendor derives it).
    const parent =
      Array.isArray(raw?.graphContinueFromNodeIds) && typeof raw?.requestId === "string" ? state.requests[raw.requestId] : undefined;
    // Special ids work in every country, Mauritius included (they are not register file numbers).
    const special =
      typeof raw?.id === "string" && raw.countryCode === "MU" && specialError(raw.id) ? { ...raw, countryCode: "FR" } : undefined;
    const parsed = companyRequestBodySchema.safeParse(
      parent ? { ...raw, id: parent.companyId, countryCode: parent.countryCode } : (special ?? raw),
    );
    if (!parsed.success) {
      const mauritius = parsed.error.issues.find((i) => i.path[0] === "id");
      return apiError(
        c,
        400,
        "invalid_request",
        mauritius?.message ?? "The company request is invalid.",
        issueDetails(parsed.error.issues),
      );
    }
    const body = special ? { ...parsed.data, countryCode: "MU" as const } : parsed.data;
    const country = body.countryCode as RegistryCountry;
    const refused = specialAnswer(c, body.id, "request");
    if (refused) return refused;

    const dataPoints = body.dataPoints ?? ["company"];
    const unsupported = dataPoints.filter((d) => !supportsDatapoint(country, d));
    if (unsupported.length) {
      return apiError(
        c,
        400,
        "invalid_request",
        `Not available in ${country}: ${unsupported.join(", ")}. Nothing was billed.`,
        unsupported.map((d) => `${d}: not offered for ${country}`),
      );
    }
    const data = companyData(state, country, body.id);
    const documents = body.documents ?? [];
    const unknownDocuments = documents.filter((d) => !data.isKnownDocument(d));
    if (unknownDocuments.length)
      return apiError(
        c,
        400,
        "invalid_request",
        "Unknown document ids; list them with the availableDocuments datapoint.",
        unknownDocuments,
      );

    const rootKey = `${country}:${body.id}`;
    const graphOptions = dataPoints.includes("graph")
      ? {
          budgetCredits: body.graphMaxBudget,
          interactive: body.graphInteractive,
          continueFrom: body.graphContinueFromNodeIds,
          alreadyFetched: state.graphFetched[rootKey] ?? [],
        }
      : undefined;
    const graph = graphOptions ? generateOwnershipGraph(country, body.id, graphOptions) : undefined;
    const priced = quote(
      ctx,
      country,
      body.id,
      dataPoints,
      documents.map((d) => data.documentPrice(d)),
      graph?.metadata?.amountSpent ?? 0,
      body.mode,
    );
    const caps = [
      { name: "maxBudget", cap: body.maxBudget, price: priced.total },
      { name: "profileMaxBudget", cap: body.profileMaxBudget, price: priced.profile },
    ];
    const over = caps.find((c) => c.cap !== undefined && c.price > c.cap);
    if (over) {
      return apiError(c, 400, "budget_exceeded", `The quoted price of ${over.price} credits is above ${over.name} (${over.cap}).`, [
        `quotedPrice: ${over.price}`,
        `${over.name}: ${over.cap}`,
      ]);
    }
    if (state.wallet.balance < priced.total) {
      return apiError(c, 402, "insufficient_funds", `This request costs ${priced.total} credits; the balance is ${state.wallet.balance}.`, [
        `quotedPrice: ${priced.total}`,
        `balance: ${state.wallet.balance}`,
      ]);
    }
    const metadata = storedMetadata(body.metadata ?? {});
    const request = startRequest(
      ctx,
      { requestId: newRequestId(), country, id: body.id, dataPoints, documents, metadata, mode: body.mode, graphOptions },
      data,
      { ...priced, workspaceId: defaultWorkspace(state).id },
    );
    if (graph) {
      // Companies this exploration fetched are paid for: continuing through them later costs nothing.
      const fetched = graph.nodes.filter((n) => n.type === "company" && n.flags?.status === "found").map((n) => n.nodeId);
      state.graphFetched[rootKey] = [...new Set([...(state.graphFetched[rootKey] ?? []), ...fetched])];
    }
    ctx.store.changed();
    return answer(c, snapshotOf(ctx, request), country);
  });

  app.get("/company/:requestId", (c) => {
    const request = state.requests[c.req.param("requestId")];
    return request ? answer(c, snapshotOf(ctx, request), request.countryCode) : apiError(c, 404, "not_found", "No request with this id.");
  });

  app.post("/onboarding", async (c) => {
    const parsed = onboardingRequestBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return apiError(c, 400, "invalid_request", "The onboarding request is invalid.", issueDetails(parsed.error.issues));
    const refused = specialAnswer(c, parsed.data.id, "onboarding");
    if (refused) return refused;
    const country = parsed.data.countryCode as RegistryCountry;
    const data = companyData(state, country, parsed.data.id);
    const priced = quote(ctx, country, parsed.data.id, ["companyProfile"], [], 0, "onboarding");
    if (state.wallet.balance < priced.total)
      return apiError(c, 402, "insufficient_funds", `This request costs ${priced.total} credits; the balance is ${state.wallet.balance}.`);
    const request = startRequest(
      ctx,
      {
        requestId: newRequestId(),
        country,
        id: parsed.data.id,
        dataPoints: parsed.data.dataPoints ?? ["companyProfile"],
        documents: [],
        metadata: storedMetadata(parsed.data.metadata ?? {}),
        mode: "onboarding",
      },
      data,
      { ...priced, workspaceId: defaultWorkspace(state).id },
    );
    completeNow(ctx, request, data); // fast mode: everything is in the answer
    ctx.store.changed();
    return answer(c, snapshotOf(ctx, request), country);
  });

  return app;
}
