/**
 * Private: one endpoint's call in the contract check, with its outcome classified by the client's
 * typed errors (402 → skipped by tier, 429 quota → skipped, 500 on an entity endpoint → the next name).
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import {
  ConfigError,
  QuotaExhaustedError,
  RiError,
  TierError,
  UnresolvedEntityError,
  ValidationError,
} from "./errors.ts";
import { show } from "./guards.ts";
import type { RequestOptions } from "./request.ts";
import type { BodyResult, RowsResult } from "./result.ts";
import { type EndpointCheck, fieldsOf, fill, type SkipReason } from "./_contract.ts";

/** A client result. */
export type Result = RowsResult<unknown> | BodyResult<unknown>;
/** The client's `call`, untyped. */
export type Call = (name: string, params: unknown, opts: RequestOptions) => Promise<Result>;

function envelopeOf(ep: Endpoint, raw: unknown): string {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "not a JSON object";
  const success = (raw as Record<string, unknown>).success;
  if (ep.envelope === "flagged" && success !== true) return `no success: true (found ${show(success)})`;
  return "as expected";
}

/** Call one endpoint with its probe's parameters, trying the next found name when one does not resolve. */
export async function probe(
  call: Call,
  ep: Endpoint,
  set: Readonly<Record<string, unknown>>,
  ids: ReadonlyMap<string, readonly string[]>,
  maxCalls: number,
): Promise<{ check: EndpointCheck; result?: Result }> {
  const base = { endpoint: ep.name };
  let calls = 0;
  let last: { params: Record<string, unknown>; error: unknown } | undefined;
  const tried = new Set<string>();
  for (let n = 0; calls < maxCalls && n < 20; n++) {
    const params = fill(set, ids, n);
    if (tried.has(JSON.stringify(params))) break;
    tried.add(JSON.stringify(params));
    let raw: unknown;
    try {
      const result = await call(ep.name, params, { cache: false, onBody: (b) => raw = b });
      const noMapping = result.meta.warnings.find((w) => w.code === "no-mapping");
      const rows = "rows" in result ? { rows: result.rows.length } : {};
      const check: EndpointCheck = noMapping
        ? { ...base, status: "ok", http: 404, calls: calls + 1, params, note: noMapping.message }
        : {
          ...base,
          status: "ok",
          http: "2xx",
          calls: calls + 1,
          params,
          envelope: envelopeOf(ep, raw),
          ...rows,
          fields: fieldsOf(ep, raw),
        };
      return { check, result };
    } catch (e) {
      if (!(e instanceof RiError) || e instanceof ConfigError) throw e; // no key, a bad base URL: stop
      if (e instanceof ValidationError) {
        last = { params, error: e };
        continue; // a found value the parameter's guard refuses: nothing was sent
      }
      calls++;
      last = { params, error: e };
      if (raw !== undefined) {
        const fields = fieldsOf(ep, raw);
        const problem = `${e.name}: ${e.message}`;
        return {
          check: {
            ...base,
            status: "broken",
            http: "2xx",
            calls,
            params,
            envelope: envelopeOf(ep, raw),
            fields,
            problem,
          },
        };
      }
      if (!(e instanceof UnresolvedEntityError)) break;
    }
  }
  const e = last?.error as RiError | undefined;
  const problem = e ? `${e.name}: ${e.message}` : undefined;
  const params = last?.params;
  const common = { ...base, calls, ...(params ? { params } : {}), ...(problem ? { problem } : {}) };
  const skip = (reason: SkipReason, http: 402 | 429 | null, why: string) => ({
    check: { ...common, status: "skipped", http, skipped: { reason, why } } as const,
  });
  if (e instanceof ValidationError && calls === 0) {
    return skip("no-id", null, `no found value passes the parameter check (${e.message})`);
  }
  if (e instanceof TierError) return skip("tier", 402, `needs a '${ep.tier}' tier (HTTP 402)`);
  if (e instanceof QuotaExhaustedError) return skip("quota", 429, "daily quota exhausted (HTTP 429)");
  const status = e instanceof UnresolvedEntityError ? "unresolved" : "error";
  return { check: { ...common, status, http: e?.status || null } };
}
