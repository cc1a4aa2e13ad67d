import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { AccountBillingConfig, HighUsageOverride } from "../lib/registry/schemas.shared";
import { defaultBillingConfig } from "./billing-config";

export type DatapointState = {
  status: string;
  error?: { code: string; message: string; retryable: boolean };
  authoritative?: boolean;
  /** Credits charged for this datapoint or document (a block's price is carried by its first datapoint; 0 once refunded). */
  cost?: number;
};

/** A company request as the simulator keeps it; the snapshot is assembled from it on every read. */
export type StoredRequest = {
  requestId: string;
  companyId: string;
  countryCode: string;
  dataPoints: string[];
  documents: string[];
  metadata: Record<string, string>;
  mode?: string;
  /** The UUID of the workspace charged for it (the default workspace). */
  workspaceId: string;
  /** How the ownership graph of this request was explored (spend cap, one level at a time, continuation). */
  graphOptions?: { budgetCredits?: number; interactive?: boolean; continueFrom?: string[]; alreadyFetched?: string[] };
  version: number;
  createdAt: string;
  dataStatus: { dataPoints: Record<string, DatapointState>; documents: Record<string, DatapointState> };
  /** Credits charged for this request, after refunds. */
  charged: number;
  /** Scheduled changes: a datapoint or document moves to `status` at `at` (simulated time). */
  schedule: { at: string; kind: "dataPoints" | "documents"; key: string; status: string }[];
};

export type StoredMonitor = {
  id: string;
  companyId: string;
  countryCode: string;
  companyName: string;
  metadata: Record<string, string>;
  createdAt: string;
  nextCheckAt: string;
  deactivated: boolean;
  /**
   * Fields of a user-defined company that moved since this monitor's last check, recorded when the sandbox
   * company changes: field key (`company.legalAddress`, `shareholders`…) → digest of the value that check saw.
   * The next check reports the keys whose value still differs, once, and clears this.
   */
  unreportedChanges?: Record<string, string>;
  logs: {
    id: string;
    changeDetected: boolean;
    changeCategories: string[];
    fetchStatus: string;
    createdAt: string;
    errorMessage: string | null;
  }[];
};

/** A user-defined sandbox company: its fields replace the generated ones in every later request. */
export type UserCompany = {
  company: Record<string, unknown>;
  sections?: Record<string, unknown>;
  /** The company is no longer found in the register: its monitors' next check reports `disappeared`. */
  disappeared?: boolean;
};

export type StoredVaultEntry = {
  sourceKey: string;
  origin: "customer_provided";
  shape: string;
  ownerWorkspaceId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  /** The payload encrypted under the simulator's own key; never returned by any endpoint. */
  sealedPayload: string;
};

export type StoredWorkspace = {
  id: string;
  name: string;
  legalName?: string;
  uboEnabled: boolean;
  isDefault: boolean;
  createdAt: string;
};

/** One charge (or, with negative credits, one refund) to a workspace, keyed by the workspace's UUID. */
export type StoredSpend = {
  at: string;
  credits: number;
  workspaceId: string;
  /** The company request charged; null for a spend made through the control API (`POST /_sim/spend`). */
  requestId: string | null;
};

export type StoredBillingEvent = {
  id: string;
  kind: string;
  identifier: string;
  accountId: string;
  workspaceId: string | null;
  dedupKey: string;
  firedAt: string;
  payload: Record<string, unknown>;
  emailSent: boolean;
  webhookSent: boolean;
};

export type SimState = {
  wallet: { balance: number; initial: number };
  /**
   * Each notification tier's alarm (`low_balance:<account>:<tier>`, `high_usage:<workspace UUID or account>:<tier>`):
   * `fired` until the tier rearms, and how many times it has fired (the last part of the event's dedupKey).
   */
  tierAlarms: Record<string, { fired: boolean; fires: number }>;
  /** Every charge and refund, for the high-usage windows and the usage report. */
  spends: StoredSpend[];
  requests: Record<string, StoredRequest>;
  /** `${country}:${id}:${sku}` → when the block was last billed, for the 24-hour rule. */
  billedBlocks: Record<string, string>;
  /** `${country}:${id}` → graph node ids already fetched (paid) for that root: they cost 0 again. */
  graphFetched: Record<string, string[]>;
  monitors: Record<string, StoredMonitor>;
  /** Workspaces by name (the spec addresses them by name); spend and overrides use their `id`. */
  workspaces: Record<string, StoredWorkspace>;
  vault: Record<string, Record<string, StoredVaultEntry>>;
  /** Workspace UUID → its high-usage override (`null` fields inherit from the account). */
  highUsageOverrides: Record<string, HighUsageOverride>;
  /** The account's billing notification settings, resolved (every field set). */
  billingConfig: AccountBillingConfig;
  billingEvents: StoredBillingEvent[];
  /** Off: every vendor-documented endpoint beyond the spec answers 404, like an API with only the spec's endpoints. */
  vendorEndpointsEnabled: boolean;
  /** User-defined companies: `${country}:${id}` → fields that replace the generated ones. */
  userCompanies: Record<string, UserCompany>;
  /** Auto top-up (set through the control API): below the threshold the wallet is topped up, or the attempt fails. */
  autoTopup?: { enabled: boolean; thresholdCredits: number; amountCredits: number; outcome: "succeeded" | "failed" };
  autoTopups: number;
  clockOffsetMs: number;
  webhookUrl?: string;
  chaos: { duplicateRate: number; reorderWindowMs: number };
  deliveries?: unknown;
  /**
   * The key vault payloads are sealed under and document URLs signed with (32 bytes, base64url), kept with the state
   * (a file written 0600) so that both outlive a restart; created on first start, kept across `/_sim/reset`.
   */
  vaultKey?: string;
};

export const defaultWorkspaceId = "00000000-0000-4000-8000-000000000001";

export function initialState(walletCredits: number, now = new Date()): SimState {
  return {
    wallet: { balance: walletCredits, initial: walletCredits },
    tierAlarms: {},
    spends: [],
    requests: {},
    billedBlocks: {},
    graphFetched: {},
    monitors: {},
    workspaces: { default: { id: defaultWorkspaceId, name: "default", uboEnabled: true, isDefault: true, createdAt: now.toISOString() } },
    vault: {},
    highUsageOverrides: {},
    billingConfig: defaultBillingConfig(),
    billingEvents: [],
    vendorEndpointsEnabled: true,
    userCompanies: {},
    autoTopup: undefined, // set, so that a reset (which assigns this state over the current one) turns it off
    autoTopups: 0,
    clockOffsetMs: 0,
    chaos: { duplicateRate: 0, reorderWindowMs: 0 },
  };
}

/** A state file from before spend and overrides were keyed by workspace UUID names the workspace instead: rekeyed. */
function keyedByWorkspaceId(state: SimState): SimState {
  const idOf = (key: string) => state.workspaces[key]?.id ?? key;
  for (const workspace of Object.values(state.workspaces)) workspace.createdAt ??= new Date(0).toISOString();
  for (const request of Object.values(state.requests)) request.workspaceId ??= defaultWorkspaceId;
  state.spends = state.spends.map((spend) => ({ ...spend, workspaceId: idOf(spend.workspaceId), requestId: spend.requestId ?? null }));
  state.highUsageOverrides = Object.fromEntries(
    Object.entries(state.highUsageOverrides).map(([key, override]) => [idOf(key), { ...override, workspaceId: idOf(key) }]),
  );
  return state;
}

/** Keeps the state in memory and writes it to a JSON file shortly after each change (atomically). */
export class StateStore {
  private timer?: NodeJS.Timeout;

  constructor(
    readonly state: SimState,
    private readonly file: string | undefined,
    private readonly beforeSave: (state: SimState) => void = () => {},
  ) {}

  static load(file: string | undefined, walletCredits: number, beforeSave?: (state: SimState) => void): StateStore {
    const state =
      file && existsSync(file)
        ? keyedByWorkspaceId({ ...initialState(walletCredits), ...(JSON.parse(readFileSync(file, "utf8")) as SimState) })
        : initialState(walletCredits);
    return new StateStore(state, file, beforeSave);
  }

  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.flush(), 200);
    this.timer.unref();
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file) return;
    this.beforeSave(this.state);
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}
