"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { registryClientForRequest } from "@/lib/connections/active-connection";
import { orderInputSchema } from "@/lib/orders/order-input";
import { placeOrder } from "@/lib/orders/place-order";
import { registryCountries } from "@/lib/registry/countries";

/** Who may spend credits: compliance officers and admins. Everyone else sees prices only. */
const orderingRoles = ["admin", "compliance"] as const;

const noConnection = { ok: false as const, code: "no_connection", error: "No registry connection is configured. An admin adds one in Settings → Connections." };

export const orderCompanyAction = roleAction(orderingRoles, orderInputSchema, async (order, user) => {
  const registry = await registryClientForRequest();
  if (!registry) return noConnection;
  return placeOrder(user, order, registry);
});

/** Orders the free `availableDocuments` datapoint, so documents can be picked with their prices. */
export const listDocumentsAction = roleAction(orderingRoles, z.object({ countryCode: z.enum(registryCountries), id: z.string().trim().min(1) }), async (company, user) => {
  const registry = await registryClientForRequest();
  if (!registry) return noConnection;
  return placeOrder(user, orderInputSchema.parse({ ...company, dataPoints: ["availableDocuments"], quotedTotal: 0, caseReference: "document listing" }), registry);
});
