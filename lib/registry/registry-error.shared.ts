/** What the registry said went wrong, in words the console shows as they are. */
export type RegistryErrorInfo = {
  status: number;
  code: string;
  message: string;
  details: string[];
  retryable: boolean;
  /** Seconds to wait before trying again, from Retry-After. */
  retryAfter?: number;
};

export class RegistryError extends Error implements RegistryErrorInfo {
  readonly status: number;
  readonly code: string;
  readonly details: string[];
  readonly retryable: boolean;
  readonly retryAfter?: number;

  constructor(info: RegistryErrorInfo) {
    super(info.message);
    this.name = "RegistryError";
    this.status = info.status;
    this.code = info.code;
    this.details = info.details;
    this.retryable = info.retryable;
    this.retryAfter = info.retryAfter;
  }

  /** A plain object, to return from a server action or a route handler. */
  toInfo(): RegistryErrorInfo {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      retryable: this.retryable,
      retryAfter: this.retryAfter,
    };
  }
}

/** Codes the registry documents as worth retrying, besides 429 and 5xx answers. */
const retryableCodes = new Set(["source_unavailable", "service_unavailable", "rate_limited", "onboarding_timeout"]);

export function isRetryable(status: number, code: string): boolean {
  return status === 429 || status >= 500 || status === 0 || retryableCodes.has(code.toLowerCase());
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
