/**
 * Result flags: the interface's silent traps (PITFALLS.md) that can only be seen in an answer, turned
 * into {@link Warning}s on the result's provenance, plus the sort the service actually applied.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagResult } from "./warnings.ts";
 * import { ENDPOINTS } from "./endpoints/mod.ts";
 *
 * const f = flagResult(ENDPOINTS["medicare.search"], { search: "atorva" }, { rows: [], total: 0, body: {} });
 * assert.ok(f.warnings[0].code === "not-evidence-of-absence");
 * // The inputs are named in the message; a list of 100 drug names is cut, not spelt out.
 * const drugNames = Array.from({ length: 100 }, (_, i) => `drug-${i}`);
 * const c = flagResult(ENDPOINTS["regulatory.catalysts"], { drugNames }, { rows: [], total: 0, body: {} });
 * assert.match(c.warnings[0].message, /^No catalyst events for drugs 'drug-0, drug-1, .*\.\.\.':/);
 * assert.ok(!c.warnings[0].message.includes("drug-99"));
 * ```
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import type { ParamDef } from "./params.ts";
import type { Warning } from "./result.ts";
import { getPath } from "./_path.ts";

/** What a flag rule looks at: the rows collected, the exact total (or null) and the last body. */
export interface View {
  /** Rows of the result. */
  readonly rows: readonly unknown[];
  /** Exact server total, or null. */
  readonly total: number | null;
  /** The (last) response body. */
  readonly body: unknown;
}

/** Flags of one result. */
export interface Flags {
  /** Warnings to attach. */
  readonly warnings: Warning[];
  /** False when the flags show that more rows exist than were returned (a cap was hit). */
  readonly complete: boolean;
  /** The sort the service applied, for endpoints with a sort. */
  readonly appliedSort?: string;
}

type Params = Readonly<Record<string, unknown>>;
type Rule = (p: Params, v: View) => Warning | undefined;

const ENTITIES = ["disease", "drug", "target", "sponsor"] as const;

/** Parameters named in words where their name is not one (`efo_id 'EFO:0003060'` → `indication 'EFO:0003060'`). */
const PARAM_WORDS: Readonly<Record<string, string>> = {
  efo_id: "indication",
  molecule_id: "molecule",
  generic_name: "generic name",
  search: "name",
  drugNames: "drugs",
  q: "name",
  query: "name",
  lei: "LEI",
};

/** The inputs a call was given, named: `sponsor 'Merck', indication 'asthma'` (a long one cut, as show() does). */
function named(p: Params, keys: readonly string[]): string {
  return keys.filter((k) => p[k] !== undefined && p[k] !== "").map((k) => {
    // An ontology id the service takes as EFO_0003060 is named as a reader writes it: EFO:0003060.
    const v = (Array.isArray(p[k]) ? (p[k] as unknown[]).join(", ") : String(p[k]))
      .replace(/\b([A-Za-z]+)_(\d+)\b/g, "$1:$2");
    return `${PARAM_WORDS[k] ?? k} '${v.length > 80 ? `${v.slice(0, 77)}...` : v}'`;
  }).join(", ");
}

const RULES: Readonly<Record<string, readonly Rule[]>> = {
  "trials.composite": [
    (p, v) =>
      v.total === 0 && ENTITIES.filter((k) => p[k] !== undefined).length > 1
        ? {
          code: "maybe-unresolved",
          pitfall: 9,
          message:
            `0 trials for ${
              named(p, ENTITIES)
            } may mean one of them was not resolved, not that none exist; ` +
            "query each entity alone (an unresolvable single entity fails loudly) or resolve names first",
        }
        : undefined,
    (_p, v) => {
      const b = getPath(v.body, "data.breakdown");
      return (v.total ?? 0) > 0 && b !== null && typeof b === "object" && Object.keys(b).length === 0
        ? {
          code: "breakdown-unavailable",
          pitfall: 11,
          message: "The status breakdown is empty on this single-entity fast path; it is unavailable, " +
            "not 'no statuses' (count the statuses of the rows, or add a second filter)",
        }
        : undefined;
    },
  ],
  "trials.portfolio": [
    (p, v) =>
      getPath(v.body, "data.market_size_trials") === 0
        ? {
          code: "maybe-unresolved",
          pitfall: 12,
          message:
            `conditionKeyword ${
              JSON.stringify(p.conditionKeyword)
            } matched no trials (market_size_trials 0); ` +
            "it probably did not resolve to a disease, so the zeros are not evidence of no activity; try another keyword",
        }
        : undefined,
  ],
  "regulatory.catalysts": [
    (p, v) =>
      v.rows.length === 0
        ? {
          code: "maybe-unresolved",
          pitfall: 16,
          message:
            `No catalyst events for ${
              named(p, ["sponsor", "ticker", "lei", "indication", "drugNames"]) || "this call"
            }: an unresolvable sponsor, indication or drug name also answers an empty list; ` +
            "check the names (resolve.organizations) or widen windowDays",
        }
        : undefined,
  ],
  "medicare.search": [
    (p, v) =>
      v.rows.length === 0
        ? {
          code: "not-evidence-of-absence",
          pitfall: 23,
          message:
            `No Medicare rows for ${
              named(p, ["search", "efo_id", "molecule_id", "generic_name"]) || "this call"
            }: ` +
            (p.search !== undefined || p.generic_name !== undefined
              ? "search matches only complete generic or brand names, so a partial or misspelled name " +
                "also returns nothing; this is not evidence the drug is absent"
              : "an indication or molecule the Medicare data does not link to any drug also returns " +
                "nothing; this is not evidence that no drug is reimbursed (try the drugs' exact names)"),
        }
        : undefined,
  ],
  "diseases.autocomplete": [
    (p, v) =>
      v.rows.length === 0
        ? {
          code: "not-evidence-of-absence",
          pitfall: 35,
          message:
            `No diseases matched ${named(p, ["q"]) || "the query"}; only diseases with clinical-trial ` +
            "data are returned, so an empty list does " +
            "not prove the disease is unknown; try another spelling or a broader name",
        }
        : undefined,
  ],
  "resolve.organizations": [
    (p, v) =>
      v.rows.length === 0
        ? {
          code: "not-evidence-of-absence",
          pitfall: 29,
          message: `No organizations matched ${named(p, ["query"]) || "the query"}; an empty list does not ` +
            "prove the organization is absent from the " +
            "graph (only organizations with linked trials are listed); try a shorter or alternative name",
        }
        : undefined,
  ],
};

/** Sorts of the registry that silently restrict the result set (spec 4.1, `sort`). */
const SORT_SUBSETS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "trials.search": {
    updated: "trials having an update timestamp",
    enrollment: "trials with a known enrollment",
  },
  "trials.topics": {
    updated: "trials having an update timestamp",
    enrollment: "trials with a known enrollment",
  },
};

function capOf(ep: Endpoint, p: Params): number | undefined {
  if (!ep.cap) return undefined;
  if (ep.cap.fixed !== undefined) return ep.cap.fixed;
  const name = ep.cap.param!;
  const v = p[name] ?? (ep.params as Record<string, ParamDef>)[name]?.default;
  return typeof v === "number" ? v : undefined;
}

function appliedSort(ep: Endpoint, p: Params, body: unknown): string | undefined {
  const def = (ep.params as Record<string, ParamDef>).sort;
  if (def === undefined) return undefined;
  const echoed = getPath(body, "meta.sort");
  if (typeof echoed === "string") return echoed; // grants (v1.1.0) echo the applied ordering
  if (p.sort !== undefined) return String(p.sort);
  // Registry and grant searches silently switch their default sort to relevance when searching (PITFALLS 2).
  if (p.search !== undefined && (ep.name === "trials.search" || ep.name === "grants.search")) {
    return "relevance";
  }
  return def.default === undefined ? undefined : String(def.default);
}

/** The flags of a result of `ep` called with the normalised params `p`. */
export function flagResult(ep: Endpoint, p: Params, v: View): Flags {
  const warnings: Warning[] = [];
  for (const rule of RULES[ep.name] ?? []) {
    const w = rule(p, v);
    if (w) warnings.push(w);
  }
  let complete = true;
  const cap = capOf(ep, p);
  if (cap !== undefined) {
    const reached = ep.cap?.total !== undefined ? getPath(v.body, ep.cap.total) : v.rows.length;
    if (typeof reached === "number" && reached >= cap) {
      complete = false;
      const pitfall = ep.name === "biology.prioritizeTargets" ? { pitfall: 27 } : {};
      const how = ep.cap?.param ? `raise ${ep.cap.param} (or narrow the query)` : "narrow the query";
      warnings.push({
        code: "capped",
        ...pitfall,
        message: `${ep.name} returned ${reached}, its cap of ${cap}${
          ep.cap?.param ? ` (${ep.cap.param})` : ""
        }; more may exist, so this list may be incomplete; ${how}`,
      });
    }
  }
  const sort = appliedSort(ep, p, v.body);
  const subset = sort === undefined ? undefined : SORT_SUBSETS[ep.name]?.[sort];
  if (subset !== undefined) {
    warnings.push({
      code: "sort-excludes-rows",
      message:
        `sort=${sort} returns only ${subset}, and the total counts the same subset, so trials without ` +
        "it are silently left out; pass sort: 'relevance' to include every trial",
    });
  }
  return { warnings, complete, ...(sort === undefined ? {} : { appliedSort: sort }) };
}
