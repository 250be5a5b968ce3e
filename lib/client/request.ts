/**
 * The one place that talks HTTP (openapi-fetch's `coreFetch`): builds the URL, sends the key in the
 * `x-api-key` header only and only to the base URL's origin (redirects are followed by hand, same origin
 * only: lib/client/_redirect.ts), applies one deadline per call across its retries and the caller's AbortSignal, goes
 * through the client's shared concurrency limiter, retries what can be retried, turns error answers
 * into typed errors, checks the envelope and validates the body against the catalogue schema, and
 * reads/writes the opt-in cache.
 *
 * @module
 */
import type { z } from "zod";
import type { Envelope } from "./catalogue.ts";
import type { DiskCache } from "./cache.ts";
import {
  type ErrorContext,
  NetworkError,
  RateLimitError,
  RedirectError,
  RiError,
  SchemaMismatchError,
  TimeoutError,
} from "./errors.ts";
import { errorFromResponse } from "./_http_errors.ts";
import type { Limiter } from "./_limiter.ts";
import { getPath } from "./_path.ts";
import { fetchSameOrigin } from "./_redirect.ts";
import { Deadline } from "./_deadline.ts";
import { retryDelay, type RetryOptions, sleep } from "./retry.ts";
import { show } from "./guards.ts";
import { acceptSpellings, auditFields, type FieldAudit } from "./schemas/origin.ts";

/** Everything the transport needs, resolved once per client. */
export interface TransportConfig {
  /** Base URL without a trailing slash. */
  readonly baseUrl: string;
  /** The API key (sent as `x-api-key`; never logged). */
  readonly apiKey: string;
  /** Retry policy. */
  readonly retry: Required<RetryOptions>;
  /** The deadline of one call in ms, across its attempts and retry waits. */
  readonly timeoutMs: number;
  /** The fetch implementation. */
  readonly fetch: typeof fetch;
  /** Shared concurrency limiter. */
  readonly limiter: Limiter;
  /** The cache, when enabled. */
  readonly cache: DiskCache | null;
  /** User-Agent header. */
  readonly userAgent: string;
}

/** One request on the wire. */
export interface WireRequest {
  /** Catalogue name or `METHOD path`. */
  readonly endpoint: string;
  /** HTTP method. */
  readonly method: "GET" | "POST";
  /** Path with path parameters filled in. */
  readonly path: string;
  /** Query parameters. */
  readonly query: readonly (readonly [string, string])[];
  /** JSON body. */
  readonly body?: unknown;
  /** Response schema (absent for the generic escape hatch). */
  readonly schema?: z.ZodType;
  /** Envelope kind. */
  readonly envelope?: Envelope;
  /** Lowest tier that may call the endpoint (for 402 messages). */
  readonly tier?: string;
  /** The entity the call asks the service to resolve (a 500 then means "could not resolve" it). */
  readonly entity?: { readonly parameter: string; readonly input: string };
}

/** Per-call options. */
export interface RequestOptions {
  /** Abort the call (no retry after an abort). */
  readonly signal?: AbortSignal;
  /** Deadline of this call in ms, across its attempts and retry waits (overrides the client's). */
  readonly timeout?: number;
  /** Set false to bypass the cache for this call. @default true when the client has a cache */
  readonly cache?: boolean;
  /**
   * Sees a copy of each answer's parsed body before it is read and validated (the contract check
   * audits the keys the service itself sent). Not called for cached answers.
   */
  readonly onBody?: (body: unknown) => void;
}

/** A validated answer. */
export interface Answer {
  /** The parsed, validated body. */
  readonly body: unknown;
  /** When it was fetched from the service. */
  readonly fetchedAt: Date;
  /** Whether it came from the cache. */
  readonly fromCache: boolean;
  /** Age of the cache entry in ms (0 when fresh). */
  readonly cacheAgeMs: number;
  /** Which declared fields the body carried (absent for the generic escape hatch). */
  readonly fields?: FieldAudit;
  /**
   * What the service said it has no data for (its `x-data-missing` header: the embedded sandbox over
   * imported public data names a route no imported source provides). Its rows are empty for that reason.
   */
  readonly dataMissing?: string;
}

/** Replace every occurrence of the key in `text` (defence in depth for server-echoed text). */
export function redact(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text;
}

/**
 * The raw fetch error as a cause, without the key: a fetch layer that echoes headers would put it into
 * the message, the stack or a nested cause, so only the name and the redacted message are kept.
 */
export function redactedCause(e: unknown, apiKey: string): Error {
  const out = new Error(redact(e instanceof Error ? e.message : String(e), apiKey));
  out.name = e instanceof Error ? e.name : "Error";
  out.stack = `${out.name}: ${out.message}`;
  return out;
}

function ctxOf(req: WireRequest): ErrorContext {
  return { endpoint: req.endpoint, method: req.method, path: req.path };
}

/** Check the envelope and the schema; return the parsed body. */
export function validate(req: WireRequest, body: unknown): unknown {
  if (req.envelope === "flagged" && getPath(body, "success") !== true) {
    const value = getPath(body, "success");
    throw new SchemaMismatchError(
      `Response of ${req.endpoint} lacks success: true (found ${
        show(value)
      }); the service or catalogue changed, report it`,
      { ...ctxOf(req), field: "success", value },
    );
  }
  if (!req.schema) return body;
  const r = req.schema.safeParse(acceptSpellings(req.schema, body));
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join(".");
  const value = getPath(body, field);
  throw new SchemaMismatchError(
    `Response of ${req.endpoint} does not match the catalogue at '${field}' (value ${show(value)}): ` +
      `${issue.message}; the service or catalogue changed, report it`,
    { ...ctxOf(req), field, value },
  );
}

/**
 * One attempt: the 2xx body text (and the service's `x-data-missing` notice), or a typed error. Holds a
 * limiter slot only while on the wire.
 */
async function attempt(
  cfg: TransportConfig,
  req: WireRequest,
  url: string,
  opts: RequestOptions,
  deadline: Deadline,
): Promise<{ text: string; dataMissing?: string }> {
  const timer = deadline.start();
  deadline.attempts++;
  const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer;
  const headers: Record<string, string> = {
    "x-api-key": cfg.apiKey,
    "accept": "application/json",
    "user-agent": cfg.userAgent,
  };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  let status: number;
  let text: string;
  let res: Response;
  try {
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    res = await fetchSameOrigin(
      cfg.fetch,
      url,
      { method: req.method, headers, body, signal },
      ctxOf(req),
      (t) => redact(t, cfg.apiKey),
    );
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (e instanceof RedirectError) throw e;
    if (timer.aborted) throw deadline.error(req.endpoint, ctxOf(req), redactedCause(e, cfg.apiKey));
    const why = redact(e instanceof Error ? e.message : String(e), cfg.apiKey);
    throw new NetworkError(
      `Could not complete the request to ${req.endpoint} (${why}); check the base URL and network`,
      {
        ...ctxOf(req),
        cause: redactedCause(e, cfg.apiKey),
      },
    );
  }
  if (status < 200 || status >= 300) {
    throw errorFromResponse(status, res.headers, redact(text, cfg.apiKey), {
      ...ctxOf(req),
      tier: req.tier,
      entity: req.entity,
    });
  }
  const missing = res.headers.get("x-data-missing");
  return missing ? { text, dataMissing: redact(missing.slice(0, 300), cfg.apiKey) } : { text };
}

/** Parse a 2xx body; a cut-off or non-JSON body is a (retryable) NetworkError. */
function parseBody(req: WireRequest, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new NetworkError(
      `The response of ${req.endpoint} was cut off or is not JSON (${text.length} bytes); retry later`,
      { ...ctxOf(req), status: 200, cause: e },
    );
  }
}

function audit(req: WireRequest, body: unknown): { fields?: FieldAudit } {
  return req.schema ? { fields: auditFields(req.schema, body) } : {};
}

/** Send `req`: cache lookup, limited and retried attempts, validation, cache write. */
export async function send(
  cfg: TransportConfig,
  req: WireRequest,
  opts: RequestOptions = {},
): Promise<Answer> {
  const useCache = cfg.cache !== null && req.method === "GET" && opts.cache !== false;
  const key = useCache ? await cfg.cache!.key(cfg.baseUrl, req.method, req.path, req.query) : "";
  if (useCache) {
    const hit = await cfg.cache!.get(key);
    if (hit) {
      return {
        body: hit.body,
        fetchedAt: hit.storedAt,
        fromCache: true,
        cacheAgeMs: hit.ageMs,
        ...audit(req, hit.body),
      };
    }
  }
  const qs = new URLSearchParams(req.query as [string, string][]).toString();
  const url = `${cfg.baseUrl}${req.path}${qs ? `?${qs}` : ""}`;
  let throttled = 0;
  const deadline = new Deadline(opts.timeout ?? cfg.timeoutMs);
  try {
    return await retried();
  } finally {
    deadline.clear();
  }

  async function retried(): Promise<Answer> {
    for (let n = 0;; n++) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      try {
        const { text, dataMissing } = await cfg.limiter.run(() => attempt(cfg, req, url, opts, deadline));
        const fetchedAt = new Date();
        const parsed = parseBody(req, text);
        opts.onBody?.(structuredClone(parsed));
        const body = validate(req, parsed);
        if (useCache) await cfg.cache!.put(key, { endpoint: req.endpoint, body });
        return {
          body,
          fetchedAt,
          fromCache: false,
          cacheAgeMs: 0,
          ...audit(req, body),
          ...(dataMissing ? { dataMissing } : {}),
        };
      } catch (e) {
        if (opts.signal?.aborted || !(e instanceof RiError)) throw e;
        const wait = retryDelay(e, n, cfg.retry);
        if (wait === null || e instanceof TimeoutError) throw e;
        // One deadline per call: a retry that could not start before it passes is not made.
        if (wait >= deadline.left()) {
          throw deadline.error(req.endpoint, ctxOf(req), redactedCause(e, cfg.apiKey));
        }
        if (cfg.limiter.adaptive && (e instanceof RateLimitError || e.status === 503)) {
          // Adaptive pacing (docs/REAL_SERVICE.md, "Pace"): a rate limit or a 503 slows the whole client (new requests held
          // for the wait; slots halved unless a 429 said when), and a rate limit waited out, with or without
          // Retry-After, does not spend this request's retries (at most MAX_THROTTLED_RETRIES such waits).
          cfg.limiter.throttle(wait, e instanceof RateLimitError && e.retryAfterMs !== undefined);
          if (e instanceof RateLimitError && throttled++ < MAX_THROTTLED_RETRIES) n--;
          continue;
        }
        await sleep(wait, opts.signal);
      }
    }
  }
}

/** Rate-limited retries that adaptive pacing may take beyond the retry limit, per request. */
export const MAX_THROTTLED_RETRIES = 20;
