/**
 * Retry policy (ky style): `retry: number | RetryOptions`. Only failures a retry can cure are retried:
 * rate limits (429), 502/503/504, dropped connections, truncated bodies and timeouts. Never 400, 401,
 * 402, 404, the deterministic unresolved-entity 500, or a caller's abort.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveRetry, retryDelay } from "./retry.ts";
 * import { ServerError, BadRequestError } from "./errors.ts";
 *
 * const opts = resolveRetry(3);
 * const ctx = { endpoint: "trials.search", method: "GET", path: "/api/v1/clinical-trials" };
 * assert.ok(retryDelay(new ServerError("Bad gateway", { ...ctx, status: 502 }), 0, opts) !== null);
 * assert.ok(retryDelay(new BadRequestError("Bad", { ...ctx, status: 400 }), 0, opts) === null);
 * ```
 *
 * @module
 */
import { NetworkError, QuotaExhaustedError, RateLimitError, ServerError, TimeoutError } from "./errors.ts";

/** How failed requests are retried. */
export interface RetryOptions {
  /** Retries after the first attempt. @default 3 */
  readonly limit?: number;
  /** Base of the exponential backoff (full jitter: a random wait in [0, base·2^attempt]). @default 200 */
  readonly backoffMs?: number;
  /** Upper bound of one backoff wait. @default 5000 */
  readonly maxBackoffMs?: number;
  /** Longest server Retry-After honoured; a longer one fails at once (quota, long throttle). @default 10000 */
  readonly retryAfterCapMs?: number;
  /** HTTP statuses that are retried. @default [429, 502, 503, 504] */
  readonly statusCodes?: readonly number[];
}

/** The documented defaults, in one place. */
export const DEFAULT_RETRY: Required<RetryOptions> = {
  limit: 3,
  backoffMs: 200,
  maxBackoffMs: 5_000,
  retryAfterCapMs: 10_000,
  statusCodes: [429, 502, 503, 504],
};

/** Merge a `retry` option with the defaults (a number sets `limit`; `0` disables retries). */
export function resolveRetry(retry: number | RetryOptions | undefined): Required<RetryOptions> {
  if (retry === undefined) return DEFAULT_RETRY;
  if (typeof retry === "number") return { ...DEFAULT_RETRY, limit: retry };
  return { ...DEFAULT_RETRY, ...retry };
}

/**
 * The wait before retry number `attempt + 1`, or `null` when `err` must not be retried (or the
 * attempts are spent). A server Retry-After is honoured exactly when it is within the cap.
 */
export function retryDelay(
  err: unknown,
  attempt: number,
  opts: Required<RetryOptions>,
  random: () => number = Math.random,
): number | null {
  if (attempt >= opts.limit) return null;
  let retryAfter: number | undefined;
  if (err instanceof RateLimitError || err instanceof QuotaExhaustedError) {
    if (!opts.statusCodes.includes(429)) return null;
    retryAfter = err.retryAfterMs;
    // A quota is only worth waiting for when the server says it resets within the cap.
    if (err instanceof QuotaExhaustedError && retryAfter === undefined) return null;
    if (retryAfter !== undefined && retryAfter > opts.retryAfterCapMs) return null;
  } else if (err instanceof ServerError) {
    if (!opts.statusCodes.includes(err.status)) return null;
  } else if (!(err instanceof NetworkError || err instanceof TimeoutError)) {
    return null;
  }
  if (retryAfter !== undefined) return retryAfter;
  const ceiling = Math.min(opts.maxBackoffMs, opts.backoffMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Wait `ms`, or reject with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
