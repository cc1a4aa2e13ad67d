import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

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

export type SimState = {
  wallet: { balance: number; initial: number };
  /** Bumped when the wallet is set or restored: low-balance notifications fire once per epoch. */
  walletEpoch: number;
  /** Every charge, for the high-usage windows. */
  spends: { at: string; credits: number; workspaceId: string }[];
  requests: Record<string, StoredRequest>;
  /** `${country}:${id}:${sku}` → when the block was last billed, for the 24-hour rule. */
  billedBlocks: Record<string, string>;
  /** `${country}:${id}` → graph node ids already fetched (paid) for that root: they cost 0 again. */
  graphFetched: Record<string, string[]>;
  monitors: Record<string, StoredMonitor>;
  workspaces: Record<string, { id: string; name: string; legalName?: string; uboEnabled: boolean; isDefault: boolean }>;
  vault: Record<string, Record<string, StoredVaultEntry>>;
  highUsageOverrides: Record<string, Record<string, unknown>>;
  billingEvents: Record<string, unknown>[];
  /** User-defined companies: `${country}:${id}` → fields that replace the generated ones. */
  userCompanies: Record<string, UserCompany>;
  /** Auto top-up (set through the control API): below the threshold the wallet is topped up, or the attempt fails. */
  autoTopup?: { enabled: boolean; thresholdCredits: number; amountCredits: number; outcome: "succeeded" | "failed" };
  autoTopups: number;
  clockOffsetMs: number;
  webhookUrl?: string;
  chaos: { duplicateRate: number; reorderWindowMs: number };
  deliveries?: unknown;
};

export function initialState(walletCredits: number): SimState {
  return {
    wallet: { balance: walletCredits, initial: walletCredits },
    walletEpoch: 0,
    spends: [],
    requests: {},
    billedBlocks: {},
    graphFetched: {},
    monitors: {},
    workspaces: { default: { id: "00000000-0000-4000-8000-000000000001", name: "default", uboEnabled: true, isDefault: true } },
    vault: {},
    highUsageOverrides: {},
    billingEvents: [],
    userCompanies: {},
    autoTopups: 0,
    clockOffsetMs: 0,
    chaos: { duplicateRate: 0, reorderWindowMs: 0 },
  };
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
        ? { ...initialState(walletCredits), ...(JSON.parse(readFileSync(file, "utf8")) as SimState) }
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
