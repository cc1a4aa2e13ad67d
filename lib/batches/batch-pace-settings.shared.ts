/**
 * The pace of batch orders per connection (`batch_connection_pace.orders_per_minute`): how many orders a minute every
 * batch on the connection may send together. Settings → Jobs validates with the same
 * schema; the store is batch-pace-settings-store.ts.
 */
import { z } from "zod";

/** The pace of a connection nobody has set (the column's default in db/schema.ts). */
export const defaultOrdersPerMinute = 120;
export const maxOrdersPerMinute = 6_000;

const ordersPerMinute = z
  .number({ error: "Orders a minute must be a whole number." })
  .int({ error: "Orders a minute must be a whole number." })
  .min(1, { error: "Orders a minute must be at least 1: to stop a batch, cancel it." })
  .max(maxOrdersPerMinute, { error: `Orders a minute are at most ${maxOrdersPerMinute.toLocaleString("en")}.` });

export const batchPaceSchema = z.object({
  connectionId: z.uuid({ error: "Choose a connection." }),
  ordersPerMinute,
});

export type BatchPace = z.infer<typeof batchPaceSchema>;

/** A pace in words: "120 orders a minute", "1 order a minute". */
export const paceWords = (perMinute: number) => `${perMinute.toLocaleString("en")} ${perMinute === 1 ? "order" : "orders"} a minute`;
