/**
 * The sandbox: a faithful local implementation of the Research Intelligence Data Service over a
 * seeded, entirely synthetic SQLite store. It reproduces the documented behaviour, including the
 * silent quirks of PITFALLS.md, so clients are tested against behaviour rather than assumptions.
 *
 * - Demo keys (header `x-api-key`): `demo-free-key` (Free), `demo-pro-key` (Pro), `demo-pos-key`
 *   (Pro + trial probability-of-success).
 * - Public data instead: `deno task import` builds a store from FDA Orange Book, CMS Part D and
 *   ClinicalTrials.gov files (`./import/mod.ts`); `startSandbox({store: "<file>"})` (or `RI_STORE`) serves it.
 * - Every answer is JSON and carries `x-data-source: synthetic-sandbox` (or the imported sources); errors are
 *   `{error: {status, code, message, parameter?, value?, input?, retryAfterSeconds?}}`.
 * - Fault injection (latency, 429 `rate_limited`, 502/503, dropped connections, truncated bodies)
 *   is opt-in and seeded.
 *
 * Layout, one home per part: `server.ts` (start, options) with `server/` (the request pipeline:
 * routing, access, quotas and rate limits, validation, faults, response profiles, read workers);
 * `handlers/` (one table per part of the spec — `trials.ts`, `regulatory.ts`, `patents.ts`,
 * `registries.ts`, `biology.ts` — and their private `_<part>_*.ts` pieces and shared query helpers);
 * `store/` (the schema, the seeded generator and opening a store); `handler.ts` is the contract
 * between the server and the handlers.
 *
 * @example A sandbox on loopback, called over HTTP as the real service is
 * ```ts
 * import { startSandbox } from "@research-intel/toolkit/sandbox";
 *
 * await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
 * const res = await fetch(`${sb.url}/api/v1/clinical-trials?search=lung%20cancer&limit=5`, {
 *   headers: { "x-api-key": sb.keys.free },
 * });
 * const body = await res.json();
 * if (typeof body.meta.totalItems !== "number") throw new Error("no total");
 * ```
 *
 * @module
 */
export * from "./server.ts";
export { advanceStore, MAX_ADVANCE_DAYS } from "./store/advance.ts";
export { mostProlificAuthor, type StorePicks, storePicks } from "./store/pick.ts";
export type {
  AdvanceableStore,
  AdvanceCatalyst,
  AdvanceChange,
  AdvanceRecord,
  AdvanceTrialChange,
} from "./store/advance.ts";
export { SandboxError } from "./handler.ts";
export type { ImportedSource } from "./server/_provenance.ts";
export type { Handler, HandlerContext, HandlerTable, Tenant } from "./handler.ts";
