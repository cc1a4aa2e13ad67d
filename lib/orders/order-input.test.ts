import { describe, expect, it } from "vitest";
import { companyRequestBody, orderInputSchema, registryIdErrors } from "./order-input.shared";

const base = {
  countryCode: "DE",
  id: "HRB 86891",
  dataPoints: ["company", "graph"],
  quotedTotal: 7,
  graphMaxBudget: 3,
  graphInteractive: true,
  caseReference: " KYC-42 ",
};

describe("order input", () => {
  it("builds the API body with the caps, the graph options and the case reference in metadata", () => {
    const order = orderInputSchema.parse({ ...base, maxBudget: 7 });
    expect(companyRequestBody(order, "ana@example.com")).toMatchObject({
      id: "HRB 86891",
      countryCode: "DE",
      dataPoints: ["company", "graph"],
      maxBudget: 7,
      graphMaxBudget: 3,
      graphInteractive: true,
      metadata: { orderedBy: "ana@example.com", caseReference: "KYC-42" },
    });
  });

  it("adds what the order was placed from to the metadata, and the form cannot set it", () => {
    const order = orderInputSchema.parse({ ...base, alertId: "99" });
    expect(companyRequestBody(order, "ana@example.com").metadata).toEqual({ orderedBy: "ana@example.com", caseReference: "KYC-42" });
    expect(companyRequestBody(order, "ana@example.com", { alertId: "12" }).metadata).toEqual({
      orderedBy: "ana@example.com",
      caseReference: "KYC-42",
      alertId: "12",
    });
  });

  it("drops graph options when no graph is ordered", () => {
    const order = orderInputSchema.parse({ ...base, dataPoints: ["company"] });
    const body = companyRequestBody(order, "ana@example.com");
    expect(body.graphMaxBudget).toBeUndefined();
    expect(body.graphInteractive).toBeUndefined();
  });

  it("refuses an order without datapoints, a negative cap and an unknown country", () => {
    expect(orderInputSchema.safeParse({ ...base, dataPoints: [] }).error?.issues[0]?.message).toBe("Choose at least one datapoint.");
    expect(orderInputSchema.safeParse({ ...base, maxBudget: -1 }).success).toBe(false);
    expect(orderInputSchema.safeParse({ ...base, countryCode: "XX" }).success).toBe(false);
  });

  it("explains the Mauritius id format before anything is sent", () => {
    expect(registryIdErrors(orderInputSchema.parse({ ...base, countryCode: "MU", id: "12345" }))[0]).toMatch(
      /one letter followed by 2 to 6 digits/,
    );
    expect(registryIdErrors(orderInputSchema.parse({ ...base, countryCode: "MU", id: "C12345" }))).toEqual([]);
  });
});
