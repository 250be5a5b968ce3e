/**
 * Private: the sandbox's opt-in per-tenant rate limit (the spec says per-minute limits exist but not
 * their values). A token bucket per tenant: `perMinute` tokens a minute, at most `burst` at once; a
 * request without a token is answered 429 `rate_limited` with Retry-After (whole seconds until a
 * token is back, at least 1), which is not a quota (it frees within seconds).
 *
 * @module
 */
import { SandboxError, type Tenant } from "../handler.ts";

/** Options of the rate limit. */
export interface RateLimitOptions {
  /** Requests per minute per tenant. */
  readonly perMinute: number;
  /** Requests a tenant may send at once after a pause. @default ceil(perMinute / 60) (one second's worth) */
  readonly burst?: number;
}

/** Per-tenant token buckets. */
export interface RateBook {
  /** Take a token for the tenant, or throw 429 `rate_limited` with Retry-After. */
  take(tenant: Tenant): void;
}

/** Create the rate book of a sandbox (`now` in ms). */
export function createRateBook(options: RateLimitOptions, now: () => number = () => Date.now()): RateBook {
  const rate = options.perMinute / 60_000; // tokens per ms
  const burst = options.burst ?? Math.max(1, Math.ceil(options.perMinute / 60));
  if (!(options.perMinute > 0) || !(burst >= 1)) {
    throw new RangeError(`rateLimit needs perMinute > 0 and burst >= 1, got ${JSON.stringify(options)}`);
  }
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(tenant) {
      const t = now();
      const b = buckets.get(tenant.id) ?? { tokens: burst, at: t };
      b.tokens = Math.min(burst, b.tokens + (t - b.at) * rate);
      b.at = t;
      buckets.set(tenant.id, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return;
      }
      const err = new SandboxError(
        429,
        "rate_limited",
        `Rate limit of ${options.perMinute} requests per minute reached for this workspace; retry after the delay`,
      );
      (err as { retryAfterSeconds?: number }).retryAfterSeconds = Math.max(
        1,
        Math.ceil((1 - b.tokens) / rate / 1000),
      );
      throw err;
    },
  };
}
