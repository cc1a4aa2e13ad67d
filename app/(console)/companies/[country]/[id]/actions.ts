"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { registryCountries } from "@/lib/registry/countries.shared";

export const orderCompanyAction = registryAction("spendCredits", orderInputSchema, async (order, { user, registry }) =>
  placeOrder(user, order, await registry()),
);

/** Orders the free `availableDocuments` datapoint, so documents can be picked with their prices. */
export const listDocumentsAction = registryAction(
  "spendCredits",
  z.object({ countryCode: z.enum(registryCountries), id: z.string().trim().min(1) }),
  async (company, { user, registry }) =>
    placeOrder(
      user,
      orderInputSchema.parse({ ...company, dataPoints: ["availableDocuments"], quotedTotal: 0 }),
      await registry(),
      {},
      { purpose: "document_listing" },
    ),
);
