/** Dates on the billing page, always in UTC (the registry's clock): "3 Mar", "3 Mar, 14:05". */
export const utcDay = (ms: number) => new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export const utcMoment = (ms: number) =>
  new Date(ms).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
