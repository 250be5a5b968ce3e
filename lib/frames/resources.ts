/**
 * Resources: the row types of the service, each with a Polars schema derived from its zod row schema
 * in lib/client/schemas (no second list of fields). Endpoint names map to the resource of their rows.
 *
 * @module
 */
import type { z } from "zod";
import { ENDPOINTS } from "../client/endpoints/mod.ts";
import * as B from "../client/schemas/biology.ts";
import * as D from "../client/schemas/diseases.ts";
import * as G from "../client/schemas/grants.ts";
import * as P from "../client/schemas/patents.ts";
import * as H from "../client/schemas/people.ts";
import * as R from "../client/schemas/regulatory.ts";
import * as T from "../client/schemas/trials.ts";
import { columnsFromSchema, type ColumnSpec } from "./_columns.ts";
import type { DataType } from "./polars.ts";

export type { ColumnKind, ColumnSpec, DateFormat } from "./_columns.ts";

interface ResourceDef {
  /** Row schema, or the endpoint whose rows define it. */
  readonly schema: z.ZodType | { readonly endpoint: string };
  /** Column renames. */
  readonly renames?: Readonly<Record<string, string>>;
  /** Natural key: the output columns that identify a row (diffs of snapshots match rows by it). */
  readonly key: readonly string[];
}

/** Every resource and where its row schema lives. */
const DEFS = {
  trial: { schema: T.TrialRow, key: ["trial_id"] },
  compositeTrial: { schema: T.CompositeTrialRow, key: ["id"] },
  portfolioTrial: { schema: T.PortfolioTrialRow, key: ["id"] },
  portfolioSponsor: { schema: T.PortfolioSponsorRow, key: ["sponsor"] },
  disease: { schema: D.DiseaseRow, key: ["efo_id"] },
  approval: { schema: R.ApprovalRow, key: ["approval_id"] },
  landscapeDrug: { schema: R.LandscapeDrugRow, key: ["generic_name"] },
  /**
   * Catalyst `approval_id` is an internal key (PITFALLS 17): the column is `approval_key`. The service
   * de-duplicates events by drug + type + date, which is therefore their key.
   */
  catalystEvent: {
    schema: R.CatalystEvent,
    renames: { approval_id: "approval_key" },
    key: ["drug_name", "type", "event_date"],
  },
  patent: { schema: P.PatentRow, key: ["patent_id"] },
  aggregateBucket: { schema: P.AggregateBucket, key: ["year", "cpc", "company"] },
  yoyGrowth: { schema: P.YoyGrowthRow, key: ["cpc_code", "company_id"] },
  grant: { schema: G.GrantRow, key: ["grant_id"] },
  medicareDrug: { schema: G.MedicareRow, key: ["_key"] },
  work: { schema: H.WorkRow, key: ["work_id"] },
  organization: { schema: H.OrganizationRow, key: ["id"] },
  secEntity: { schema: H.SecEntityRow, key: ["ticker"] },
  alert: { schema: H.AlertRow, key: ["alert_id"] },
  association: { schema: B.AssociationRow, key: ["target_id", "disease_id"] },
  prioritizedTarget: { schema: B.PrioritizedTargetRow, key: ["target_id"] },
  targetDrug: { schema: B.TargetDrugRow, key: ["chembl_id"] },
  targetToDrug: { schema: B.TargetToDrugsRow, key: ["chembl_id"] },
  drugTarget: { schema: { endpoint: "biology.drugToTargets" }, key: ["target_id"] },
} satisfies Record<ResourceName, ResourceDef>;

/** A resource name, e.g. `trial`, `approval`, `catalystEvent` (`deno check` ties the list to the definitions). */
export type ResourceName =
  | "trial"
  | "compositeTrial"
  | "portfolioTrial"
  | "portfolioSponsor"
  | "disease"
  | "approval"
  | "landscapeDrug"
  | "catalystEvent"
  | "patent"
  | "aggregateBucket"
  | "yoyGrowth"
  | "grant"
  | "medicareDrug"
  | "work"
  | "organization"
  | "secEntity"
  | "alert"
  | "association"
  | "prioritizedTarget"
  | "targetDrug"
  | "targetToDrug"
  | "drugTarget";

/** All resource names. */
export const RESOURCES: readonly ResourceName[] = Object.keys(DEFS) as ResourceName[];

// deno-lint-ignore no-explicit-any
type Any = any;

/** The element schema of the rows of an endpoint (walks `rows[0]` or `rowGroups[0]` in the response schema). */
function endpointRowSchema(name: string): z.ZodType | undefined {
  const e = (ENDPOINTS as Record<string, Any>)[name];
  const path: string | undefined = e?.rows?.[0] ?? e?.rowGroups?.[0];
  if (!path) return undefined;
  let s: Any = e.response;
  for (const key of path.split(".")) {
    while (s._zod.def.innerType) s = s._zod.def.innerType;
    s = s._zod.def.shape?.[key];
    if (!s) return undefined;
  }
  while (s._zod.def.innerType) s = s._zod.def.innerType;
  return s._zod.def.type === "array" ? s._zod.def.element : undefined;
}

/** A resolved resource: its name, its columns and its key. */
export interface ResolvedResource {
  /** Resource name (the endpoint's name for rows no resource describes). */
  readonly resource: string;
  /** Column specs, in order. */
  readonly columns: ColumnSpec[];
  /** Natural key columns (empty for an endpoint without a resource). */
  readonly key: readonly string[];
}

const cache = new Map<string, ResolvedResource>();

/**
 * Resolve a resource or endpoint name to its resource name and column specs.
 *
 * @param name A resource name (`trial`) or an endpoint name (`trials.search`).
 * @returns The resource name, its columns and its key (empty for an endpoint without a resource).
 * @throws {TypeError} When the name is neither.
 */
export function resolveResource(name: string): ResolvedResource {
  const hit = cache.get(name);
  if (hit) return hit;
  let out: ResolvedResource | undefined;
  const def = (DEFS as Record<string, ResourceDef>)[name];
  if (def) {
    const schema = "endpoint" in def.schema ? endpointRowSchema(def.schema.endpoint) : def.schema;
    if (schema) out = { resource: name, columns: columnsFromSchema(schema, def.renames), key: def.key };
  } else {
    const schema = endpointRowSchema(name);
    if (schema) {
      const match = Object.entries(DEFS as Record<string, ResourceDef>).find(([, d]) =>
        d.schema === schema || ("endpoint" in d.schema && d.schema.endpoint === name)
      );
      out = match
        ? resolveResource(match[0])
        : { resource: name, columns: columnsFromSchema(schema), key: [] };
    }
  }
  if (!out) {
    throw new TypeError(
      `Unknown resource or list endpoint '${name}'; use one of ${
        RESOURCES.join(", ")
      } or an endpoint name with rows`,
    );
  }
  cache.set(name, out);
  return out;
}

/**
 * The Polars schema (column name → dtype) of a resource or an endpoint's rows.
 *
 * @param name A resource name (`trial`) or endpoint name (`trials.search`).
 * @returns Column name → Polars dtype, in column order.
 * @example Trial columns
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { frameSchema } from "./resources.ts";
 * const s = frameSchema("trials.search");
 * assert.equal(String(s.start_date), String(pl.Date));
 * assert.equal(String(s.enrollment), String(pl.Int64));
 * ```
 */
export function frameSchema(name: ResourceName | string): Record<string, DataType> {
  return Object.fromEntries(resolveResource(name).columns.map((c) => [c.name, c.dtype]));
}

/**
 * Which resource an endpoint's rows are, or undefined when the endpoint has no rows.
 *
 * @param endpoint Endpoint name, e.g. `regulatory.catalysts`.
 * @returns The resource name, e.g. `catalystEvent`.
 */
export function resourceOf(endpoint: string): string | undefined {
  try {
    return resolveResource(endpoint).resource;
  } catch {
    return undefined;
  }
}
