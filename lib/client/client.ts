/**
 * `createClient`: the typed client whose methods are derived from the endpoint catalogue (Octokit
 * style), plus the `call` and `request` escape hatches and `clearCache`.
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import { DiskCache } from "./cache.ts";
import { type CallContext, callOnce } from "./call.ts";
import { ENDPOINTS } from "./endpoints/mod.ts";
import { ConfigError, ValidationError } from "./errors.ts";
import { all, iterate } from "./paginate.ts";
import { resolveRetry, type RetryOptions } from "./retry.ts";
import { type RequestOptions, send, type TransportConfig } from "./request.ts";
import type { BodyResult, Progress } from "./result.ts";
import type { ArgsOf, EndpointName, Endpoints, Namespaces, ResultOf } from "./types.ts";
import { Limiter } from "./_limiter.ts";
import { show } from "./guards.ts";
import { checkBaseUrl, readServiceConfig } from "./config.ts";

export { checkBaseUrl } from "./config.ts";

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Service root, e.g. `https://ri.example.com`. @default env `RI_BASE_URL` */
  readonly baseUrl?: string;
  /** API key, sent only in the `x-api-key` header. @default env `RI_API_KEY` */
  readonly apiKey?: string;
  /** Retry policy: a number sets the retry limit; see {@link RetryOptions}. @default DEFAULT_RETRY */
  readonly retry?: number | RetryOptions;
  /**
   * Deadline of one call in ms, from its first attempt across every retry and wait: a call never takes
   * longer, and the {@link TimeoutError} says so. @default 30000
   */
  readonly timeout?: number;
  /**
   * Requests in flight at once, shared by every call of this client: the starting pace when
   * `adaptive`, else a fixed number. @default 4
   */
  readonly concurrency?: number;
  /**
   * Find the pace: a slow start (one more slot per success) until the first 429/503 or latency rise, then
   * AIMD (one more slot per window of successes while latency holds); on a 429/503 hold new requests until
   * the server's Retry-After and halve the slots unless it said when; `false` keeps `concurrency` fixed.
   * @default true
   */
  readonly adaptive?: boolean;
  /** The most requests in flight adaptive pacing may reach. @default 16 */
  readonly maxConcurrency?: number;
  /** On-disk cache of GET responses: `true` for the defaults, or its options. @default false */
  readonly cache?: boolean | { readonly dir?: string; readonly ttlMs?: number };
  /** Called as pages of auto-paginated pulls complete. */
  readonly onProgress?: (p: Progress) => void;
  /** The fetch implementation. @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Allow plain `http://` to a non-loopback host (the key would travel in clear text). @default false */
  readonly allowInsecureHttp?: boolean;
  /** User-Agent header. @default "research-intel-client/0.1" */
  readonly userAgent?: string;
}

/** A query value of the generic {@link Client.request}. */
export type QueryValue = string | number | boolean | Date | readonly string[] | undefined;

/** Options of the generic {@link Client.request}. */
export interface GenericRequest extends RequestOptions {
  /** Query parameters (sent as given; no catalogue guard applies). */
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** JSON body. */
  readonly body?: unknown;
}

/** The client. */
export interface Client extends Namespaces {
  /** Call an endpoint by catalogue name, e.g. `ri.call("trials.search", {search: "asthma"})`. */
  call<N extends EndpointName>(name: N, ...args: ArgsOf<Endpoints[N]>): Promise<ResultOf<Endpoints[N]>>;
  /**
   * Escape hatch for tools the spec names without documenting a path (trial full record, approvals
   * record/label/history, …): same auth, retries, timeout, limiter and typed errors; no schema.
   */
  request(method: "GET" | "POST", path: string, init?: GenericRequest): Promise<BodyResult<unknown>>;
  /** Delete this client's on-disk cache entries (no-op without a cache). */
  clearCache(): Promise<void>;
}

const CONFIG = { endpoint: "client", method: "", path: "" };

function toQuery(query: Readonly<Record<string, QueryValue>> = {}): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (v === null) {
      throw new ValidationError(`Query parameter '${k}' is null; omit it instead`, {
        ...CONFIG,
        parameter: k,
      });
    }
    out.push([
      k,
      v instanceof Date ? v.toISOString().slice(0, 10) : Array.isArray(v) ? v.join(",") : String(v),
    ]);
  }
  return out;
}

/**
 * Create a client. Nothing is read from the environment and nothing is sent until the first call.
 *
 * @example One page, every page, by name
 * ```ts ignore
 * import { createClient } from "./client.ts";
 *
 * const ri = createClient({ baseUrl: "https://ri.example.com", apiKey: Deno.env.get("RI_API_KEY") });
 * const page = await ri.trials.search({ search: "lung cancer", status: "recruiting" });
 * const all = await ri.trials.search.all({ search: "lung cancer" }, { maxRows: 5000 });
 * console.log(page.total, all.rows.length, all.meta.warnings);
 * ```
 */
export function createClient(options: ClientOptions = {}): Client {
  const limiter = new Limiter(options.concurrency ?? 4, {
    adaptive: options.adaptive ?? true,
    ...(options.maxConcurrency === undefined ? {} : { max: options.maxConcurrency }),
  });
  const explicitUrl = options.baseUrl === undefined
    ? undefined
    : checkBaseUrl(options.baseUrl, options.allowInsecureHttp);
  let resolved: TransportConfig | undefined;
  const config = (): TransportConfig => {
    if (resolved) return resolved;
    // The one configuration reader (lib/client/config.ts), as every command uses it.
    const service = readServiceConfig({
      ...options,
      env: options.baseUrl === undefined || options.apiKey === undefined,
    });
    if (!service) {
      throw new ConfigError("No base URL: pass baseUrl to createClient or set RI_BASE_URL", CONFIG);
    }
    const { baseUrl, apiKey } = service;
    const c = options.cache;
    return resolved = {
      baseUrl,
      apiKey,
      retry: resolveRetry(options.retry),
      timeoutMs: options.timeout ?? 30_000,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      limiter,
      cache: c ? new DiskCache(c === true ? {} : c, apiKey) : null,
      userAgent: options.userAgent ?? "research-intel-client/0.1",
    };
  };
  const ctx: CallContext = { config, ...(options.onProgress ? { onProgress: options.onProgress } : {}) };

  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const ep of Object.values(ENDPOINTS) as Endpoint[]) {
    const [ns, name] = ep.name.split(".");
    const method = Object.assign(
      (params?: unknown, opts?: RequestOptions) => callOnce(ctx, ep, params, opts),
      ep.pagination === "page"
        ? {
          all: (params?: unknown, opts?: object) => all(ctx, ep, params, opts),
          iterate: (params?: unknown, opts?: object) => iterate(ctx, ep, params, opts),
        }
        : {},
    );
    (namespaces[ns] ??= {})[name] = method;
  }

  const describe = () => ({
    baseUrl: explicitUrl ?? "(from RI_BASE_URL)",
    apiKey: "[redacted]",
    concurrency: limiter.adaptive ? `${limiter.start} (adaptive, up to ${limiter.cap})` : limiter.max,
    cache: options.cache ? "on" : "off",
    endpoints: Object.keys(ENDPOINTS).length,
  });

  const client = {
    ...namespaces,
    call(name: string, params?: unknown, opts?: RequestOptions) {
      const ep = (ENDPOINTS as Record<string, Endpoint>)[name];
      if (!ep) {
        throw new ValidationError(`Unknown endpoint ${show(name)}; see endpointTable() for the names`, {
          ...CONFIG,
          parameter: "name",
          value: name,
        });
      }
      return callOnce(ctx, ep, params, opts);
    },
    async request(
      method: "GET" | "POST",
      path: string,
      init: GenericRequest = {},
    ): Promise<BodyResult<unknown>> {
      if (!path.startsWith("/") || path.startsWith("//") || path.includes("://") || path.includes("?")) {
        throw new ValidationError(
          `Path ${show(path)} must be an absolute path like /api/v1/...; put parameters in query`,
          {
            endpoint: `${method} ${path}`,
            method,
            path,
            parameter: "path",
            value: path,
          },
        );
      }
      if (method === "GET" && init.body !== undefined) {
        throw new ValidationError(`A GET request cannot carry a body; put parameters in query or use POST`, {
          endpoint: `${method} ${path}`,
          method,
          path,
          parameter: "body",
        });
      }
      const query = toQuery(init.query);
      const endpoint = `${method} ${path}`;
      const a = await send(config(), { endpoint, method, path, query, body: init.body }, init);
      return {
        body: a.body,
        meta: {
          endpoint,
          method,
          path,
          params: Object.fromEntries(query),
          total: null,
          rows: 0,
          pages: 1,
          fetchedAt: a.fetchedAt,
          fromCache: a.fromCache,
          cacheAgeMs: a.cacheAgeMs,
          complete: true,
          warnings: [],
        },
      };
    },
    async clearCache(): Promise<void> {
      await config().cache?.clear();
    },
    toJSON: describe,
    [Symbol.for("Deno.customInspect")]: () => `RiClient ${JSON.stringify(describe())}`,
    [Symbol.for("nodejs.util.inspect.custom")]: () => `RiClient ${JSON.stringify(describe())}`,
  };
  return client as unknown as Client;
}
