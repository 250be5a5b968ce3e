/**
 * Opt-in, seeded fault injection: latency, 429 `rate_limited` with a short Retry-After, 502/503,
 * dropped connections and truncated bodies. Deterministic for a seed and a request order.
 *
 * @module
 */
import { createRng, type Rng } from "../store/prng.ts";
import { DATA_SOURCE_HEADER, errorResponse } from "./_http.ts";

/** A kind of injected fault. */
export type FaultKind = "429" | "502" | "503" | "drop" | "truncate";

/** Fault injection options (all off by default). */
export interface FaultOptions {
  /** PRNG seed of the fault draws. @default 1 */
  readonly seed?: number;
  /** Added latency per matching request, in ms. @default 0 */
  readonly latencyMs?: number;
  /** Probability (0..1) that a matching request fails. @default 0 */
  readonly rate?: number;
  /** Kinds to draw from. @default ["503"] */
  readonly kinds?: readonly FaultKind[];
  /** Retry-After of the injected 429, in seconds. @default 1 */
  readonly retryAfterSeconds?: number;
  /** Catalogue endpoint names faults apply to. @default all */
  readonly endpoints?: readonly string[];
  /**
   * Fail exactly the first N matching requests (kinds cycled in order), then succeed; overrides `rate`.
   */
  readonly firstN?: number;
}

/** A fault injector. */
export interface FaultInjector {
  /** Delay (ms) to add for this endpoint. */
  latency(endpoint: string): number;
  /** The fault to inject for this request, or undefined. */
  draw(endpoint: string): FaultKind | undefined;
}

/** Create a fault injector (a no-op without options). */
export function createFaults(opts: FaultOptions | undefined): FaultInjector {
  const o = opts ?? {};
  const rng: Rng = createRng(o.seed ?? 1);
  const kinds = o.kinds && o.kinds.length > 0 ? o.kinds : (["503"] as const);
  const applies = (ep: string) => o.endpoints === undefined || o.endpoints.includes(ep);
  let failed = 0;
  return {
    latency: (ep) => (applies(ep) ? o.latencyMs ?? 0 : 0),
    draw(ep) {
      if (!applies(ep)) return undefined;
      if (o.firstN !== undefined) {
        if (failed >= o.firstN) return undefined;
        return kinds[failed++ % kinds.length];
      }
      const rate = o.rate ?? 0;
      if (rate <= 0 || rng.next() >= rate) return undefined;
      return rng.pick(kinds);
    },
  };
}

/** The answer of an injected fault (a body that errors mid-stream for `drop`). */
export function faultResponse(kind: FaultKind, opts: FaultOptions | undefined, body?: string): Response {
  switch (kind) {
    case "429": {
      const retryAfterSeconds = opts?.retryAfterSeconds ?? 1;
      return errorResponse(429, "rate_limited", "Too many requests (injected fault); retry after the delay", {
        retryAfterSeconds,
      });
    }
    case "502":
      return errorResponse(502, "bad_gateway", "Upstream service unavailable (injected fault); retry later");
    case "503":
      return errorResponse(503, "service_unavailable", "Service temporarily unavailable (injected fault)");
    case "drop": {
      // Headers promise 4 KiB, a few bytes go out, then the connection closes: the client's body
      // read fails with a network error (and the server logs nothing).
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"data":['));
          c.close();
        },
      });
      return new Response(stream, {
        status: 200,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": "4096",
          ...DATA_SOURCE_HEADER,
        },
      });
    }
    case "truncate": {
      const text = body ?? '{"data":[{"truncated":true}],"meta":{"totalItems":1}}';
      return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8", ...DATA_SOURCE_HEADER },
      });
    }
  }
}
