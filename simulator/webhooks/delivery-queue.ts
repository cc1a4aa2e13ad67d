/**
 * The simulator's outgoing webhook queue, imitating Svix: at-least-once delivery, the same message id and
 * identical body bytes on every retry, a fresh timestamp and signature per attempt, retries on non-2xx,
 * network errors and time-outs following `retry-schedule.ts`, plus optional chaos (duplicates, reordering).
 *
 * Scheduling runs on the simulated clock (`now`). The owner calls `runDue()` from its timer and after
 * advancing time; the queue also arms one unref'd real timer for the earliest scheduled time, so with a
 * clock that runs at real speed holds and retries go out on time without the owner's tick.
 */
import { createHttpPoster, WebhookTimeoutError, type HttpPoster } from "./http-post";
import { nextAttemptAt } from "./retry-schedule";
import { generateMessageId, webhookHeaders } from "./sign";

export type DeliveryState = "pending" | "delivered" | "failed";

export type DeliveryAttempt = {
  /** Simulated time the attempt was made (ISO). */
  at: string;
  /** HTTP status, when the receiver answered. */
  status?: number;
  /** Network error or time-out; an attempt with an error failed even if it has a status. */
  error?: string;
  durationMs: number;
  /** A chaos re-delivery of a message that was already delivered. */
  duplicate?: true;
};

export type WebhookMessage = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** Serialized once, so every attempt sends identical bytes. */
  body: string;
  createdAt: string;
  attempts: DeliveryAttempt[];
  nextAttemptAt?: string;
  /** Chaos: when the extra delivery of an already delivered message goes out. */
  duplicateAt?: string;
  state: DeliveryState;
};

export type ChaosSettings = { duplicateRate: number; reorderWindowMs: number };

export type DeliveryQueueOptions = {
  endpoint: () => string | undefined;
  secret: () => string;
  /** The simulated clock: schedules, holds and the attempt times recorded. */
  now: () => Date;
  /**
   * Clock for the `svix-timestamp` header. Defaults to real time, because receivers reject timestamps more
   * than 5 minutes from their own clock and the simulated clock may have been advanced by days.
   */
  signingNow?: () => Date;
  /** Send with this instead of the built-in keep-alive node:http poster (e.g. a stub in tests). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sends running at once (default 32). */
  maxInFlight?: number;
  chaos?: ChaosSettings;
  random?: () => number;
  /** Called after every state change, so the owner can persist (debounce there if needed). */
  onChange?: () => void;
  /** Finished messages beyond this count are forgotten, oldest first (default 20 000). */
  maxRetained?: number;
};

export type AttemptRecord = DeliveryAttempt & { messageId: string; type: string; attempt: number; ok: boolean };
export type AttemptFilter = { messageId?: string; type?: string; ok?: boolean; limit?: number };
export type DeliveryQueueSnapshot = { version: 1; messages: WebhookMessage[] };
export type DeliveryStats = Record<DeliveryState, number> & { inFlight: number };

/** A chaos duplicate follows its delivery after a random delay up to this. */
export const DUPLICATE_DELAY_MAX_MS = 1000;
const WAKE_SLACK_MS = 5;
const MAX_TIMER_MS = 2 ** 31 - 1;

const isOk = (a: DeliveryAttempt) => a.error === undefined && a.status !== undefined && a.status >= 200 && a.status < 300;
const dueTime = (m: WebhookMessage) =>
  Math.min(m.nextAttemptAt ? Date.parse(m.nextAttemptAt) : Infinity, m.duplicateAt ? Date.parse(m.duplicateAt) : Infinity);

function clampChaos(chaos: ChaosSettings): ChaosSettings {
  const rate = Number.isFinite(chaos.duplicateRate) ? chaos.duplicateRate : 0;
  const window = Number.isFinite(chaos.reorderWindowMs) ? chaos.reorderWindowMs : 0;
  return { duplicateRate: Math.min(1, Math.max(0, rate)), reorderWindowMs: Math.max(0, window) };
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof WebhookTimeoutError) return error.message;
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timed out after ${timeoutMs} ms`;
  }
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code = cause && typeof cause === "object" && "code" in cause ? String(cause.code) : undefined;
  if (code && !error.message.includes(code)) return `${error.message} (${code})`;
  return error.message || ("code" in error ? String(error.code) : error.name);
}

export class DeliveryQueue {
  private readonly options: DeliveryQueueOptions;
  private readonly poster: HttpPoster;
  private readonly timeoutMs: number;
  private readonly maxInFlight: number;
  private readonly random: () => number;
  private chaos: ChaosSettings;

  private readonly byId = new Map<string, WebhookMessage>();
  /** Messages with a nextAttemptAt or duplicateAt. */
  private readonly scheduled = new Set<WebhookMessage>();
  /** Messages waiting for a send slot or being sent. */
  private readonly busy = new Set<WebhookMessage>();
  private ready: WebhookMessage[] = [];
  private readyHead = 0;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private wake: { timer: NodeJS.Timeout; at: number } | undefined;
  private closed = false;

  constructor(options: DeliveryQueueOptions) {
    this.options = options;
    this.poster = createHttpPoster();
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 32);
    this.random = options.random ?? Math.random;
    this.chaos = clampChaos(options.chaos ?? { duplicateRate: 0, reorderWindowMs: 0 });
  }

  static fromJSON(data: DeliveryQueueSnapshot, options: DeliveryQueueOptions): DeliveryQueue {
    if (data?.version !== 1 || !Array.isArray(data.messages)) throw new Error("unrecognised webhook queue snapshot");
    const queue = new DeliveryQueue(options);
    for (const stored of data.messages) {
      const message: WebhookMessage = { ...stored, attempts: [...stored.attempts] };
      // A message caught mid-send is simply sent again: delivery is at least once.
      if (message.state === "pending" && !message.nextAttemptAt) message.nextAttemptAt = message.createdAt;
      queue.byId.set(message.id, message);
      if (message.nextAttemptAt || message.duplicateAt) queue.scheduled.add(message);
    }
    return queue;
  }

  toJSON(): DeliveryQueueSnapshot {
    return { version: 1, messages: this.messages() };
  }

  getChaos(): ChaosSettings {
    return { ...this.chaos };
  }

  setChaos(chaos: ChaosSettings): void {
    this.chaos = clampChaos(chaos);
  }

  /** Adds a message (returned live: read-only); it is sent right away unless the reorder window holds it back. */
  enqueue(type: string, payload: Record<string, unknown>): WebhookMessage {
    if (payload.type !== undefined && payload.type !== type) throw new Error(`payload type ${String(payload.type)} ≠ ${type}`);
    const now = this.options.now().getTime();
    const hold = this.chaos.reorderWindowMs > 0 ? Math.round(this.random() * this.chaos.reorderWindowMs) : 0;
    const message: WebhookMessage = {
      id: generateMessageId(),
      type,
      payload,
      body: JSON.stringify({ type, ...payload }),
      createdAt: new Date(now).toISOString(),
      attempts: [],
      nextAttemptAt: new Date(now + hold).toISOString(),
      state: "pending",
    };
    this.byId.set(message.id, message);
    this.scheduled.add(message);
    this.prune();
    this.changed();
    if (hold > 0) this.armWake(now + hold);
    else this.start(message);
    return message;
  }

  /** Sends everything due on the simulated clock; resolves when those sends (and their due retries) are done. */
  async runDue(): Promise<void> {
    if (!this.closed && this.options.endpoint()) {
      const now = this.options.now().getTime();
      const due: WebhookMessage[] = [];
      let earliestLater = Infinity;
      for (const message of this.scheduled) {
        const at = dueTime(message);
        if (at <= now) due.push(message);
        else earliestLater = Math.min(earliestLater, at);
      }
      due.sort((a, b) => dueTime(a) - dueTime(b));
      for (const message of due) this.start(message);
      if (earliestLater < Infinity) this.armWake(earliestLater);
    }
    await this.drain();
  }

  /** Resolves once nothing is being sent or waiting for a send slot. */
  drain(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops new sends and the wake-up timer, then waits for sends in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wake) clearTimeout(this.wake.timer);
    this.wake = undefined;
    for (const message of this.ready.slice(this.readyHead)) this.busy.delete(message);
    this.ready = [];
    this.readyHead = 0;
    await this.drain();
    this.poster.close();
  }

  message(id: string): WebhookMessage | undefined {
    const message = this.byId.get(id);
    return message && { ...message, attempts: [...message.attempts] };
  }

  /** Copies of the messages, oldest first. */
  messages(filter: { state?: DeliveryState; type?: string } = {}): WebhookMessage[] {
    const result: WebhookMessage[] = [];
    for (const m of this.byId.values()) {
      if (filter.state && m.state !== filter.state) continue;
      if (filter.type && m.type !== filter.type) continue;
      result.push({ ...m, attempts: [...m.attempts] });
    }
    return result;
  }

  /** Every attempt in time order (the last `limit` ones if given), with its outcome. */
  attempts(filter: AttemptFilter = {}): AttemptRecord[] {
    const records: AttemptRecord[] = [];
    const sources = filter.messageId ? [this.byId.get(filter.messageId)].filter((m) => m !== undefined) : this.byId.values();
    for (const m of sources) {
      if (filter.type && m.type !== filter.type) continue;
      m.attempts.forEach((a, i) => {
        const ok = isOk(a);
        if (filter.ok === undefined || filter.ok === ok) records.push({ ...a, messageId: m.id, type: m.type, attempt: i + 1, ok });
      });
    }
    records.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    return filter.limit !== undefined ? records.slice(Math.max(0, records.length - filter.limit)) : records;
  }

  stats(): DeliveryStats {
    const stats: DeliveryStats = { pending: 0, delivered: 0, failed: 0, inFlight: this.inFlight };
    for (const m of this.byId.values()) stats[m.state]++;
    return stats;
  }

  private isIdle(): boolean {
    return this.inFlight === 0 && this.readyHead >= this.ready.length;
  }

  private start(message: WebhookMessage): void {
    if (this.closed || this.busy.has(message) || !this.options.endpoint()) return;
    this.busy.add(message);
    this.ready.push(message);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.readyHead < this.ready.length) {
      const message = this.ready[this.readyHead++]!;
      this.inFlight++;
      void this.work(message);
    }
    if (this.readyHead >= this.ready.length) {
      this.ready = [];
      this.readyHead = 0;
    }
  }

  /** Makes every attempt of `message` that is due, one after another, then frees the slot. */
  private async work(message: WebhookMessage): Promise<void> {
    try {
      for (;;) {
        const endpoint = this.options.endpoint();
        if (!endpoint || this.closed) break;
        const now = this.options.now().getTime();
        if (message.state === "pending" && message.nextAttemptAt && Date.parse(message.nextAttemptAt) <= now) {
          await this.attempt(message, endpoint, false);
        } else if (message.duplicateAt && Date.parse(message.duplicateAt) <= now) {
          delete message.duplicateAt;
          await this.attempt(message, endpoint, true);
        } else break;
      }
    } catch (error) {
      console.error("webhook delivery failed unexpectedly", error);
    } finally {
      // No await between the last due check and here, so a concurrent runDue never misses this message.
      this.busy.delete(message);
      this.inFlight--;
      if (message.nextAttemptAt || message.duplicateAt) {
        this.scheduled.add(message);
        this.armWake(dueTime(message));
      } else this.scheduled.delete(message);
      this.pump();
      if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async attempt(message: WebhookMessage, endpoint: string, duplicate: boolean): Promise<void> {
    const record: DeliveryAttempt = { at: this.options.now().toISOString(), durationMs: 0 };
    const started = performance.now();
    try {
      const timestamp = Math.floor((this.options.signingNow?.() ?? new Date()).getTime() / 1000);
      const headers = webhookHeaders(this.options.secret(), message.id, timestamp, message.body);
      record.status = await this.send(endpoint, headers, message.body);
    } catch (error) {
      record.error = describeError(error, this.timeoutMs);
    }
    record.durationMs = Math.round((performance.now() - started) * 10) / 10;
    if (duplicate) record.duplicate = true;
    message.attempts.push(record);
    if (!duplicate) this.settle(message, isOk(record));
    this.changed();
  }

  /** The status once the response has been read to the end; throws on a network error or time-out. */
  private async send(endpoint: string, headers: Record<string, string>, body: string): Promise<number> {
    const fetchImpl = this.options.fetch;
    if (!fetchImpl) return this.poster.post(endpoint, headers, body, this.timeoutMs);
    const response = await fetchImpl(endpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  }

  private settle(message: WebhookMessage, ok: boolean): void {
    if (ok) {
      message.state = "delivered";
      delete message.nextAttemptAt;
      if (this.chaos.duplicateRate > 0 && this.random() < this.chaos.duplicateRate) {
        const at = this.options.now().getTime() + Math.round(this.random() * DUPLICATE_DELAY_MAX_MS);
        message.duplicateAt = new Date(at).toISOString();
      }
      return;
    }
    const next = nextAttemptAt(new Date(message.attempts[0]!.at), message.attempts.length);
    if (next) message.nextAttemptAt = next.toISOString();
    else {
      message.state = "failed";
      delete message.nextAttemptAt;
    }
  }

  /** One real timer for the earliest scheduled time, for clocks that run at real speed. */
  private armWake(at: number): void {
    if (this.closed || (this.wake && this.wake.at <= at)) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const armedNow = this.options.now().getTime();
    const timer = setTimeout(
      () => {
        this.wake = undefined;
        // A clock that has not moved (a test's fake clock) is driven by explicit runDue calls instead.
        if (this.options.now().getTime() !== armedNow) void this.runDue();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - armedNow) + WAKE_SLACK_MS),
    );
    timer.unref();
    this.wake = { timer, at };
  }

  private prune(): void {
    const max = this.options.maxRetained ?? 20_000;
    if (this.byId.size <= max) return;
    for (const [id, m] of this.byId) {
      if (this.byId.size <= max) break;
      if (m.state !== "pending" && !this.scheduled.has(m) && !this.busy.has(m)) this.byId.delete(id);
    }
  }

  private changed(): void {
    this.options.onChange?.();
  }
}
