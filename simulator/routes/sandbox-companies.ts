import { Hono } from "hono";
import { z } from "zod";
import { isRegistryCountry } from "../../lib/registry/countries.shared";
import { apiError, issueDetails } from "../api-error";
import { companyData } from "../company-data";
import { changeMonitoredCompany } from "../monitor-checks";
import type { SimulatorContext } from "../simulator-context";

// A user-defined company: its fields replace the generated ones in every later request. `disappeared: true`
// takes it out of the register as far as monitors see: their next check reports `disappeared` and deactivates.
const definition = z.object({
  company: z.record(z.string(), z.unknown()).default({}),
  sections: z.record(z.string(), z.unknown()).optional(),
  disappeared: z.boolean().optional(),
});

/** POST /v2/sandbox/companies and PATCH /v2/sandbox/companies/{country}/{id} (development environments only). */
export function sandboxCompanyRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;
  const view = (country: string, id: string) => ({
    countryCode: country,
    id,
    company: companyData(state, country, id).sections.company,
    ...(state.userCompanies[`${country}:${id}`]?.disappeared && { disappeared: true }),
  });

  app.post("/", async (c) => {
    const raw = (await c.req.json().catch(() => undefined)) as { countryCode?: unknown; id?: unknown } | undefined;
    const parsed = definition.safeParse(raw);
    if (
      !parsed.success ||
      typeof raw?.id !== "string" ||
      !raw.id.trim() ||
      typeof raw.countryCode !== "string" ||
      !isRegistryCountry(raw.countryCode)
    ) {
      return apiError(
        c,
        400,
        "invalid_request",
        "Give countryCode (a supported country), id, and optionally company fields.",
        parsed.success ? undefined : issueDetails(parsed.error.issues),
      );
    }
    const { countryCode, id } = raw;
    changeMonitoredCompany(state, countryCode, id, () => {
      state.userCompanies[`${countryCode}:${id}`] = parsed.data;
    });
    ctx.store.changed();
    return c.json(view(countryCode, id), 201);
  });

  app.patch("/:country/:id", async (c) => {
    const { country, id } = c.req.param();
    const key = `${country}:${id}`;
    const current = state.userCompanies[key];
    if (!current) return apiError(c, 404, "not_found", "No user-defined company with this country and id.");
    const parsed = definition.partial().safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return apiError(c, 400, "invalid_request", "The change is invalid.", issueDetails(parsed.error.issues));
    changeMonitoredCompany(state, country, id, () => {
      state.userCompanies[key] = {
        company: { ...current.company, ...parsed.data.company },
        sections: { ...current.sections, ...parsed.data.sections },
        disappeared: parsed.data.disappeared ?? current.disappeared,
      };
    });
    ctx.store.changed();
    return c.json(view(country, id));
  });

  return app;
}
