import type { SimClock } from "./clock";
import type { StateStore } from "./state";

/** What every route of the simulator works with. */
export type SimulatorContext = {
  store: StateStore;
  clock: SimClock;
  apiKey: string;
  /** The simulator's own address, for the signed document URLs it hands out. */
  publicUrl: string;
  /** Encrypts vault payloads at rest inside the simulator (they are never returned); persisted as `state.vaultKey`. */
  vaultKey: Buffer;
  data: {
    companyName: (country: string, id: string) => string;
  };
  webhookEndpoint: () => string | undefined;
  sendWebhook: (type: string, payload: Record<string, unknown>) => void;
};
