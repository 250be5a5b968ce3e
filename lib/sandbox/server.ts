/**
 * The sandbox HTTP service: a faithful local implementation of the Research Intelligence Data
 * Service over a seeded synthetic SQLite store. Routing, parameter validation, tiers and quotas are
 * derived from the endpoint catalogue; every answer is JSON with `x-data-source: synthetic-sandbox`, or,
 * over a store imported from public files, the sources and editions (server/_provenance.ts).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Endpoint } from "../client/catalogue.ts";
import { ENDPOINTS } from "../client/endpoints/mod.ts";
import type { Tier } from "../client/schemas/vocab.ts";
import type { Handler, HandlerTable } from "./handler.ts";
import { HANDLERS } from "./handlers/mod.ts";
import {
  type Clock,
  createClock,
  createQuotaBook,
  DEMO_KEYS,
  type QuotaOverrides,
} from "./server/_access.ts";
import { createFaults, type FaultOptions } from "./server/_faults.ts";
import { handle } from "./server/_pipeline.ts";
import { startPool } from "./server/_workers.ts";
import { createRateBook, type RateLimitOptions } from "./server/_rate.ts";
import { createRouter } from "./server/_routing.ts";
import { metaValue, type SandboxStore, type Scale } from "./store/_open.ts";
import { beforeWrite, serveStore } from "./server/_store.ts";
import { type DataSource, dataSourceOf, provenanceHeaders } from "./server/_provenance.ts";
import { type AdvanceRecord, advanceStore } from "./store/advance.ts";
import { DEFAULT_SEED } from "./store/generate.ts";
import { type Profile, PROFILES } from "./server/_profiles.ts";

export type {
  Clock,
  DataSource,
  FaultOptions,
  Profile,
  QuotaOverrides,
  RateLimitOptions,
  SandboxStore,
  Scale,
};
export { PROFILES };
export type { FaultKind } from "./server/_faults.ts";

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** Port to bind (0 = any free port). @default 0 */
  readonly port?: number;
  /** Interface to bind. @default "127.0.0.1" */
  readonly hostname?: string;
  /** Seed of the synthetic data. @default 42 */
  readonly seed?: number;
  /** Data scale preset. @default "tiny" */
  readonly scale?: Scale;
  /**
   * A ready store, or the path of a store file (one built by `deno task import`), served read-only; either
   * skips generation (`seed`/`scale` are then ignored). When absent, the `RI_STORE` environment variable
   * (if readable) names the file.
   */
  readonly store?: SandboxStore | string;
  /**
   * Folder of the generated-store cache (one file per seed, scale and generator version, so a warm
   * start opens a file instead of generating), or `false` to generate afresh. When absent,
   * `RI_SANDBOX_CACHE` (a folder, or `off`) if readable, else `.cache/sandbox`; without read and
   * write permission on it the store is generated in memory. @default ".cache/sandbox"
   */
  readonly cache?: string | false;
  /**
   * Add the planted development programmes with documented phase-transition rates to the generated world
   * (lib/sandbox/store/gen_programmes.ts; docs/LIKELIHOOD_OF_APPROVAL.md), generated in memory, never
   * cached; the generated world itself is unchanged. Not with `store` or `workers`. @default false
   */
  readonly programmes?: boolean;
  /** Base time source of the quota clock. @default () => new Date() */
  readonly now?: () => Date;
  /** Fault injection (off by default). */
  readonly faults?: FaultOptions;
  /** Daily quota overrides, e.g. `{"diseases.landscape": {pro: 3}}`. */
  readonly quotas?: QuotaOverrides;
  /** Handler overrides by endpoint name (e.g. a failing trial-pos model); `null` removes one (→ 501). */
  readonly handlers?: Readonly<Record<string, Handler | null>>;
  /** Do not log unexpected handler errors. @default false */
  readonly quiet?: boolean;
  /**
   * Opt-in per-tenant rate limit (the spec says per-minute limits exist, not their values): a token
   * bucket of `perMinute` requests a minute, `burst` at once; 429 `rate_limited` with Retry-After.
   */
  readonly rateLimit?: RateLimitOptions;
  /**
   * Response profile: `full` (every field the sandbox chose), `spec-minimal` (only the fields the
   * spec names) or `variant` (sandbox-chosen keys re-spelled, other error bodies). When absent, the
   * `RI_SANDBOX_PROFILE` environment variable (if readable) chooses, so the demo, notebooks and examples
   * can be run on another profile unchanged. @default "full"
   */
  readonly profile?: Profile;
  /**
   * Read workers, each with its own read-only connection to the store (a WAL file), so concurrent
   * requests are served in parallel; the main thread only routes. `"auto"` sizes the pool to the
   * machine (one per core). Needs a store the sandbox creates itself (not `store`). @default 0
   */
  readonly workers?: number | "auto";
}

/** A running sandbox. */
export interface Sandbox {
  /** Base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  readonly url: string;
  /** The fixed demo API keys by tier. */
  readonly keys: Readonly<Record<Tier, string>>;
  /** The store the sandbox serves (its `today` moves forward with {@link Sandbox.advance}). */
  readonly store: SandboxStore;
  /** The injectable clock (quotas roll over at its UTC midnight). */
  readonly clock: Clock;
  /** Read workers serving requests (0: handlers run on the main thread). */
  readonly workers: number;
  /** The response profile it serves. */
  readonly profile: Profile;
  /**
   * Where its data comes from: the seeded generator (`synthetic`) or public files imported with `deno task
   * import` (`imported`, with each source's file and edition). Answers say so in `x-data-source`.
   */
  readonly dataSource: DataSource;
  /** Replace the fault injection options (undefined turns faults off); restarts the fault PRNG. */
  setFaults(faults: FaultOptions | undefined): void;
  /** Forget every quota counter. */
  resetQuotas(): void;
  /** Move the sandbox's world forward by `days` (1..3650): a seeded, deterministic evolution of the store. */
  advance(days: number): Promise<AdvanceRecord>;
  /** Stop serving and close the store when the sandbox created it. */
  close(): Promise<void>;
  /** Same as {@link Sandbox.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** `RI_SANDBOX_PROFILE`, when set and readable without a permission prompt. */
function profileFromEnv(): Profile | undefined {
  const variable = "RI_SANDBOX_PROFILE";
  if (Deno.permissions.querySync({ name: "env", variable }).state !== "granted") return undefined;
  return (Deno.env.get(variable) || undefined) as Profile | undefined;
}

/** The data seed a store records (`meta.seed`), for a store the sandbox did not generate. */
function seedOf(store: SandboxStore): number {
  const seed = Number(metaValue(store.db, "seed"));
  return Number.isInteger(seed) ? seed : DEFAULT_SEED;
}

function mergeHandlers(base: HandlerTable, over: SandboxOptions["handlers"]): HandlerTable {
  const out: Record<string, Handler> = { ...base };
  for (const [name, h] of Object.entries(over ?? {})) {
    if (h === null) delete out[name];
    else out[name] = h;
  }
  return out;
}

/** Every catalogue endpoint. */
export const CATALOGUE: readonly Endpoint[] = Object.values(ENDPOINTS) as readonly Endpoint[];

/**
 * Start a sandbox on loopback.
 *
 * @param options Port, seed, scale, clock, faults and quota overrides.
 * @returns The running sandbox; call `close()` when done.
 * @example
 * ```ts
 * import { startSandbox } from "./server.ts";
 * const sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
 * const res = await fetch(`${sb.url}/api/v1/clinical-trials?limit=1`, {
 *   headers: { "x-api-key": sb.keys.free },
 * });
 * if (res.status !== 200) throw new Error(`status ${res.status}`);
 * await res.body?.cancel();
 * await sb.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const profile = options.profile ?? profileFromEnv() ?? "full";
  if (!PROFILES.includes(profile)) {
    throw new RangeError(
      `Unknown sandbox profile ${JSON.stringify(profile)}; use one of ${PROFILES.join(", ")}`,
    );
  }
  const wanted = options.workers === "auto"
    ? Math.max(1, navigator.hardwareConcurrency || 1)
    : options.workers ?? 0;
  if (!Number.isInteger(wanted) || wanted < 0) {
    throw new RangeError(
      `workers must be a whole number >= 0 or "auto", got ${JSON.stringify(options.workers)}`,
    );
  }
  const served = await serveStore(options, wanted);
  const { store, owned } = served;
  const dataSource = dataSourceOf(store.db);
  const clock = createClock(options.now);
  const quotas = createQuotaBook(clock, options.quotas);
  let faultOptions = options.faults;
  let injector = createFaults(faultOptions);
  const pool = served.workerPath ? await startPool(wanted, { path: served.workerPath, profile }) : undefined;
  const deps = {
    ...(pool ? { pool } : {}),
    // Read per request: a store file is swapped for a private copy before advance writes.
    get db(): DatabaseSync {
      return store.db;
    },
    // Read per request: advance() moves the store's reference day.
    get today(): string {
      return store.today;
    },
    router: createRouter(CATALOGUE),
    handlers: mergeHandlers(HANDLERS, options.handlers),
    clock,
    quotas,
    faults: () => ({ injector, options: faultOptions }),
    quiet: options.quiet ?? false,
    ...(options.rateLimit ? { rate: createRateBook(options.rateLimit) } : {}),
    profile,
  };
  const ac = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    port: options.port ?? 0,
    hostname: options.hostname ?? "127.0.0.1",
    signal: ac.signal,
    onListen: (addr) => resolve(addr as Deno.NetAddr),
  }, async (req) => {
    const res = await handle(req, deps);
    if (dataSource.kind === "synthetic") return res;
    for (const [k, v] of Object.entries(provenanceHeaders(dataSource, new URL(req.url).pathname))) {
      res.headers.set(k, v); // ASCII only: provenanceHeaders replaces anything else
    }
    return res;
  });
  const addr = await listening;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    ac.abort();
    await server.finished;
    pool?.close();
    if (owned) store.close();
    served.remove();
  };
  return {
    url: `http://${host}:${addr.port}`,
    keys: DEMO_KEYS,
    store,
    clock,
    workers: pool?.size ?? 0,
    profile,
    dataSource,
    setFaults(f) {
      faultOptions = f;
      injector = createFaults(f);
    },
    resetQuotas: () => quotas.reset(),
    // A bad `days` rejects the promise (the executor's throw), like any other failure of advance.
    advance: async (days) => {
      await beforeWrite(store, pool, served.privateFile);
      return advanceStore(store, days, options.seed ?? seedOf(store));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
