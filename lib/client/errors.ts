/**
 * The client's error hierarchy (Octokit `RequestError` style). Every error names the endpoint, the
 * HTTP method and path (never the query string, never the API key), the status (0 when no HTTP answer
 * was involved) and, when the server sent one, its code and message. Messages start upper-case, end
 * without a period and say what to do.
 *
 * @example Catching a typed error
 * ```ts
 * import assert from "node:assert/strict";
 * import { RiError, ValidationError } from "./errors.ts";
 *
 * const e = new ValidationError("Parameter 'limit' = 500 is invalid: must be <= 100; pass 1-100", {
 *   endpoint: "trials.search", method: "GET", path: "/api/v1/clinical-trials", parameter: "limit", value: 500,
 * });
 * assert.ok(e instanceof RiError && e.status === 0 && e.parameter === "limit");
 * assert.ok(e.message.endsWith("[GET /api/v1/clinical-trials]"));
 * ```
 *
 * @module
 */

const BAD_INPUT = Symbol.for("research-intel.bad-input");

/**
 * Mark an error the toolkit throws about its caller's input (a parameter of the wrong type or range, an
 * empty list, a bad snapshot name), keeping its class (`TypeError`, `RangeError`), so a runner can tell
 * it from a failure of the code or the service ({@link isBadInput}).
 *
 * @returns The same error.
 */
export function badInput<E extends Error>(error: E): E {
  Object.defineProperty(error, BAD_INPUT, { value: true });
  return error;
}

/**
 * Whether `error` is about the caller's input: a {@link ValidationError} (checked before any request) or
 * an error marked with {@link badInput}. A `TypeError` from a bug or a failed `fetch` is not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { badInput, isBadInput } from "./errors.ts";
 * assert.ok(isBadInput(badInput(new RangeError("horizonYears must be between 0 and 10, got 12"))));
 * assert.ok(!isBadInput(new TypeError("x is not a function")));
 * ```
 */
export function isBadInput(error: unknown): boolean {
  return error instanceof ValidationError ||
    (error instanceof Error && (error as unknown as Record<symbol, unknown>)[BAD_INPUT] === true);
}

/** What every error knows about the request that failed. */
export interface ErrorContext {
  /** Catalogue name (`trials.search`) or `METHOD path` for the generic escape hatch. */
  readonly endpoint: string;
  /** HTTP method (empty for configuration errors, which then carry no request line). */
  readonly method: string;
  /** Path with path parameters filled in; no query string. */
  readonly path: string;
  /** HTTP status; 0 when the error happened before or without an HTTP answer. */
  readonly status?: number;
  /** The server's machine-readable error code, when it sent one. */
  readonly code?: string;
  /** The server's error message, when it sent one. */
  readonly serverMessage?: string;
  /** The underlying error. */
  readonly cause?: unknown;
}

/** Base class of every error the client throws. */
export class RiError extends Error {
  /** HTTP status (0 when no HTTP answer was involved). */
  readonly status: number;
  /** Catalogue name of the endpoint (or `METHOD path`). */
  readonly endpoint: string;
  /** HTTP method. */
  readonly method: string;
  /** Path (no query string, no key). */
  readonly path: string;
  /** Server error code, when sent. */
  readonly code?: string;
  /** Server error message, when sent. */
  readonly serverMessage?: string;

  /** Create an error; the request line is appended to the message. */
  constructor(message: string, ctx: ErrorContext) {
    const line = ctx.method ? ` [${ctx.method} ${ctx.path}]` : "";
    super(`${message}${line}`, ctx.cause === undefined ? undefined : { cause: ctx.cause });
    this.name = new.target.name;
    this.status = ctx.status ?? 0;
    this.endpoint = ctx.endpoint;
    this.method = ctx.method;
    this.path = ctx.path;
    if (ctx.code !== undefined) this.code = ctx.code;
    if (ctx.serverMessage !== undefined) this.serverMessage = ctx.serverMessage;
  }
}

/** The client's configuration is unusable (missing key or base URL, insecure http). */
export class ConfigError extends RiError {}

/** A parameter failed client-side validation; thrown before any request is sent. */
export class ValidationError extends RiError {
  /** The parameter (or comma-joined parameters of a cross-parameter rule). */
  readonly parameter: string;
  /** The offending value as given. */
  readonly value: unknown;
  /** Create a validation error. */
  constructor(message: string, ctx: ErrorContext & { parameter: string; value?: unknown }) {
    super(message, ctx);
    this.parameter = ctx.parameter;
    this.value = ctx.value;
  }
}

/** HTTP 400: the service rejected a parameter. */
export class BadRequestError extends RiError {
  /** The parameter the server named, when it named one. */
  readonly parameter?: string;
  /** Create a 400 error. */
  constructor(message: string, ctx: ErrorContext & { parameter?: string }) {
    super(message, ctx);
    if (ctx.parameter !== undefined) this.parameter = ctx.parameter;
  }
}

/** HTTP 401/403: the API key is missing, invalid or revoked. */
export class AuthError extends RiError {}

/** HTTP 402: the workspace tier does not include this endpoint. */
export class TierError extends RiError {
  /** The lowest tier that may call the endpoint (from the catalogue). */
  readonly requiredTier: string;
  /** Create a 402 error. */
  constructor(message: string, ctx: ErrorContext & { requiredTier: string }) {
    super(message, ctx);
    this.requiredTier = ctx.requiredTier;
  }
}

/** HTTP 404: unknown id. */
export class NotFoundError extends RiError {}

/** The service could not resolve a single entity (its deterministic HTTP 500 naming the input). */
export class UnresolvedEntityError extends RiError {
  /** The input the service could not resolve. */
  readonly input: string;
  /** The parameter that carried it, when known. */
  readonly parameter?: string;
  /** Create an unresolved-entity error. */
  constructor(message: string, ctx: ErrorContext & { input: string; parameter?: string }) {
    super(message, ctx);
    this.input = ctx.input;
    if (ctx.parameter !== undefined) this.parameter = ctx.parameter;
  }
}

/** HTTP 429 with a short wait: a rate limit; retried automatically. */
export class RateLimitError extends RiError {
  /** The server's Retry-After, in ms, when sent. */
  readonly retryAfterMs?: number;
  /** Create a rate-limit error. */
  constructor(message: string, ctx: ErrorContext & { retryAfterMs?: number }) {
    super(message, ctx);
    if (ctx.retryAfterMs !== undefined) this.retryAfterMs = ctx.retryAfterMs;
  }
}

/** HTTP 429 `quota_exhausted` (or a long Retry-After): the daily quota is spent; retrying now cannot help. */
export class QuotaExhaustedError extends RiError {
  /** The server's Retry-After, in ms, when sent. */
  readonly retryAfterMs?: number;
  /** Create a quota error. */
  constructor(message: string, ctx: ErrorContext & { retryAfterMs?: number }) {
    super(message, ctx);
    if (ctx.retryAfterMs !== undefined) this.retryAfterMs = ctx.retryAfterMs;
  }
}

/** HTTP 5xx other than an unresolved entity (502/503/504 are retried). */
export class ServerError extends RiError {}

/** The connection failed or the body was cut off. */
export class NetworkError extends RiError {}

/**
 * The service redirected a request to another origin (scheme, host or port): the key is never sent
 * there, so the call stops; `from` and `to` are origins only (no path, no query, never the key).
 */
export class RedirectError extends RiError {
  /** The origin the request was sent to. */
  readonly from: string;
  /** The origin the service redirected to. */
  readonly to: string;
  /** Create a redirect error. */
  constructor(message: string, ctx: ErrorContext & { from: string; to: string }) {
    super(message, ctx);
    this.from = ctx.from;
    this.to = ctx.to;
  }
}

/** No answer within the call's deadline (one deadline across all its attempts and retry waits). */
export class TimeoutError extends RiError {
  /** The deadline that elapsed, in ms. */
  readonly timeoutMs: number;
  /** Create a timeout error. */
  constructor(message: string, ctx: ErrorContext & { timeoutMs: number }) {
    super(message, ctx);
    this.timeoutMs = ctx.timeoutMs;
  }
}

/** The response did not match the catalogue's schema for the endpoint. */
export class SchemaMismatchError extends RiError {
  /** Dotted path of the first mismatching field (`data.3.trial_id`). */
  readonly field: string;
  /** The value found there. */
  readonly value: unknown;
  /** Create a schema-mismatch error. */
  constructor(message: string, ctx: ErrorContext & { field: string; value: unknown }) {
    super(message, ctx);
    this.field = ctx.field;
    this.value = ctx.value;
  }
}

/** An auto-paginated pull collected fewer (or more) distinct rows than the server's exact total. */
export class IncompleteResultError extends RiError {
  /** The server's exact total. */
  readonly expected: number;
  /** Distinct rows collected. */
  readonly received: number;
  /** Create an incomplete-result error. */
  constructor(message: string, ctx: ErrorContext & { expected: number; received: number }) {
    super(message, ctx);
    this.expected = ctx.expected;
    this.received = ctx.received;
  }
}

/** Page 1 of a pull claimed a total that pagination cannot deliver or its page contradicts; nothing more was fetched. */
export class ImplausibleTotalError extends RiError {
  /** The claimed total. */
  readonly total: number;
  /** Rows on the first page. */
  readonly pageRows: number;
  /** Create the error. */
  constructor(message: string, ctx: ErrorContext & { total: number; pageRows: number }) {
    super(message, ctx);
    this.total = ctx.total;
    this.pageRows = ctx.pageRows;
  }
}
