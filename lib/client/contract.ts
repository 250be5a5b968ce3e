/**
 * The contract check for a first real key: one cheap call per endpoint the tier allows (each
 * endpoint's `probe` in the catalogue; ids for detail endpoints come from earlier calls of the same
 * run), then, per endpoint, the status, the spec-named and sandbox-chosen fields present or missing,
 * the keys no schema declares, the keys spelled another way and whether the envelope is as expected.
 * It never spends the disease landscape's daily quota unless asked, and says what it skipped and why.
 *
 * @example Against the sandbox's spec-minimal profile: every sandbox-chosen field missing, nothing broken
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkContract, createClient } from "./mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 *
 * await using sb = await startSandbox({ quiet: true, scale: "tiny", profile: "spec-minimal" });
 * const report = await checkContract(createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }));
 * assert.equal(report.summary.broken, 0);
 * assert.ok(report.endpoints.every((c) => (c.fields?.chosen.present.length ?? 0) === 0));
 * const landscape = report.endpoints.find((c) => c.endpoint === "diseases.landscape")!;
 * assert.equal(landscape.skipped?.reason, "quota"); // only with { spendQuota: true }
 * ```
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import type { Client } from "./client.ts";
import { ENDPOINTS } from "./endpoints/mod.ts";
import { type Tier, TIERS } from "./schemas/vocab.ts";
import { choose, type ContractStatus, type EndpointCheck, type SkipReason } from "./_contract.ts";
import { valuesAt } from "./_path.ts";
import { type Call, probe } from "./_contract_probe.ts";

export type { ContractStatus, EndpointCheck, Fields, Respelt, SkipReason } from "./_contract.ts";

/** Options of {@link checkContract}. */
export interface ContractOptions {
  /** Also call endpoints that spend a scarce daily quota (the disease landscape, 1,000/day). @default false */
  readonly spendQuota?: boolean;
  /** The key's tier, when known: endpoints above it are skipped without a call. @default undefined (call; 402 = skipped) */
  readonly tier?: Tier;
  /** Ids no endpoint lists (e.g. `{ authorId: "A5012345678" }`), or to use instead of found ones. */
  readonly ids?: Readonly<Record<string, string | readonly string[]>>;
  /** Calls of one endpoint at most, when a found name does not resolve (HTTP 500). @default 3 */
  readonly maxCalls?: number;
  /** Called as each endpoint's check completes (progress). */
  readonly onCheck?: (check: EndpointCheck) => void;
}

/** The contract check's report (no key anywhere in it). */
export interface ContractReport {
  /** When the check ran. */
  readonly checkedAt: string;
  /** The tier given, or `unknown`. */
  readonly tier: Tier | "unknown";
  /** Whether scarce quotas were spent. */
  readonly spendQuota: boolean;
  /** One check per catalogue endpoint, in catalogue order. */
  readonly endpoints: readonly EndpointCheck[];
  /** Endpoints per outcome. */
  readonly summary: Readonly<Record<ContractStatus, number>>;
}

const rank = (t: "any" | Tier) => t === "any" ? -1 : TIERS.indexOf(t);

function quotaWhy(ep: Endpoint): string {
  const per = Object.values(ep.quota ?? {}).filter((n) => n > 0);
  const q = per.length ? ` (${Math.min(...per).toLocaleString("en-US")}/day)` : "";
  return `spends the scarce daily quota of ${ep.name}${q}; pass spendQuota: true (--spend-quota) to check it`;
}

function noIdWhy(missing: readonly string[], offered: ReadonlyMap<string, string[]>): string {
  return missing.map((id) => {
    const by = offered.get(id) ?? [];
    return by.length
      ? `no ${id} found (offered by ${by.join(", ")}: none answered with one)`
      : `no endpoint lists a ${id}; pass it (ids: { ${id} }, --id ${id}=…)`;
  }).join("; ");
}

/**
 * Check the service's answers against the spec, one cheap call per endpoint the tier allows.
 *
 * @param ri A client (its base URL and key: the service and workspace checked).
 * @param options Quota, tier, ids no endpoint lists, progress.
 * @returns One check per catalogue endpoint, with a summary; never the key.
 * @example A Free-tier key, its tier told: what it cannot call is skipped without a call
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkContract, createClient } from "./mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 *
 * await using sb = await startSandbox({ quiet: true, scale: "tiny" });
 * const r = await checkContract(createClient({ baseUrl: sb.url, apiKey: sb.keys.free }), { tier: "free" });
 * const patents = r.endpoints.find((c) => c.endpoint === "patents.search")!;
 * assert.deepEqual([patents.status, patents.skipped?.reason, patents.calls], ["skipped", "tier", 0]);
 * assert.equal(r.summary.broken + r.summary.error, 0);
 * ```
 */
export async function checkContract(ri: Client, options: ContractOptions = {}): Promise<ContractReport> {
  const call = ri.call.bind(ri) as unknown as Call;
  const spendQuota = options.spendQuota ?? false;
  const eps = Object.values(ENDPOINTS) as Endpoint[];
  const ids = new Map<string, string[]>();
  const given = new Set<string>();
  for (const [k, v] of Object.entries(options.ids ?? {})) {
    ids.set(k, typeof v === "string" ? [v] : [...v]);
    given.add(k);
  }
  const offered = new Map<string, string[]>();
  for (const ep of eps) {
    for (const id of Object.keys(ep.probe?.offers ?? {})) {
      (offered.get(id) ?? offered.set(id, []).get(id)!).push(ep.name);
    }
  }
  const done = new Map<string, EndpointCheck>();
  const finish = (c: EndpointCheck) => {
    done.set(c.endpoint, c);
    options.onCheck?.(c);
  };
  let refused = false;
  let answered = false;
  let unreachable = "";
  let force = false;
  const settled = (id: string) => force || given.has(id) || (offered.get(id) ?? []).every((n) => done.has(n));
  while (done.size < eps.length) {
    let progress = false;
    for (const ep of eps) {
      if (done.has(ep.name)) continue;
      const skip = (reason: SkipReason, why: string) =>
        finish({ endpoint: ep.name, status: "skipped", http: null, calls: 0, skipped: { reason, why } });
      if (refused) skip("auth", "the key was refused (HTTP 401/403) on an earlier call; check RI_API_KEY");
      else if (unreachable) {
        skip("network", `the service did not answer the first call (${unreachable}); check RI_BASE_URL`);
      } else if (options.tier && rank(ep.tier) > rank(options.tier)) {
        skip("tier", `needs a '${ep.tier}' tier; the key's tier is '${options.tier}'`);
      } else if (ep.probe?.scarce && !spendQuota) skip("quota", quotaWhy(ep));
      else {
        const choice = choose(ep, ids, settled);
        if (choice.kind === "wait") continue;
        const from = choice.kind === "no-id" ? choice.missing.flatMap((id) => offered.get(id) ?? []) : [];
        if (
          choice.kind === "no-id" && ep.tier !== "any" && from.length > 0 &&
          from.every((n) => done.get(n)?.skipped?.reason === "tier")
        ) {
          skip(
            "tier",
            `needs a '${ep.tier}' tier; not called (its ${choice.missing.join(", ")} comes from ${
              from.join(", ")
            }, skipped by tier)`,
          );
        } else if (choice.kind === "no-id") skip("no-id", noIdWhy(choice.missing, offered));
        else {
          const { check, result } = await probe(call, ep, choice.set, ids, options.maxCalls ?? 3);
          if (result) {
            for (const [id, paths] of Object.entries(ep.probe?.offers ?? {})) {
              if (given.has(id)) continue;
              const found = ids.get(id) ?? [];
              for (const v of paths.flatMap((p) => valuesAt(result.body, p))) {
                if (!found.includes(v) && found.length < 20) found.push(v);
              }
              ids.set(id, found);
            }
          }
          if (check.http === 401 || check.http === 403) refused = true;
          if (check.http !== null) answered = true;
          else if (!answered && /^(NetworkError|TimeoutError)/.test(check.problem ?? "")) {
            unreachable = check.problem!.split(":")[0];
          }
          finish(check);
        }
      }
      progress = true;
    }
    force = !progress;
  }
  const endpoints = eps.map((ep) => done.get(ep.name)!);
  const summary = { ok: 0, broken: 0, error: 0, unresolved: 0, skipped: 0 };
  for (const c of endpoints) summary[c.status]++;
  return {
    checkedAt: new Date().toISOString(),
    tier: options.tier ?? "unknown",
    spendQuota,
    endpoints,
    summary,
  };
}
