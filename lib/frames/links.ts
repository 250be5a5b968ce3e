/**
 * Link tables: explode the list columns of a frame into one row per (record, linked value).
 *
 * @module
 */
import { keyOf } from "./keys.ts";
import { resolveResource, RESOURCES } from "./resources.ts";
import type { DataFrame } from "./polars.ts";

let groups: Map<string, Set<string>> | undefined;

/** List-of-objects fields → the columns derived from them, across every resource. */
function linkGroups(): Map<string, Set<string>> {
  if (groups) return groups;
  groups = new Map();
  for (const r of RESOURCES) {
    for (const c of resolveResource(r).columns) {
      if (c.linkOf) groups.set(c.linkOf, (groups.get(c.linkOf) ?? new Set()).add(c.name));
    }
  }
  return groups;
}

/**
 * Id columns tried, in order, when {@linkcode ExplodeLinksOptions.id} is not given and the frame declares
 * no key (lib/frames/keys.ts).
 */
export const ID_COLUMNS: readonly string[] = [
  "trial_id",
  "id",
  "approval_id",
  "approval_key",
  "patent_id",
  "grant_id",
  "work_id",
  "_key",
  "alert_id",
  "chembl_id",
  "target_id",
  "generic_name",
];

/** Options of {@linkcode explodeLinks}. */
export interface ExplodeLinksOptions {
  /** Id column(s) kept on each link row. @default {the frame's declared key, else the first of ID_COLUMNS present} */
  id?: string | readonly string[];
}

/**
 * Explode a list field into a link table: one row per (record id, linked value), empty and null lists
 * dropped. For a list-of-objects field every column derived from it is exploded in parallel, so
 * `explodeLinks(approvals, "sponsors")` gives `approval_id, sponsors, sponsors_id` (sponsor name and id).
 *
 * @param df A frame from {@linkcode toFrame}.
 * @param field The list field, e.g. `sponsors`, `drugs`, `conditions`.
 * @param options Id column(s).
 * @returns The link table: id column(s), then `field` and its `field_*` list columns, as scalars.
 * @throws {TypeError} When `field` is not a list column or no id column is found.
 * @example Trial ↔ sponsor links
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "./to_frame.ts";
 * import { explodeLinks } from "./links.ts";
 * const trials = toFrame("trial", [
 *   { trial_id: "NCT00000001", title: "a", status: "RECRUITING", phase: null, start_date: null,
 *     enrollment: null, sponsors: ["Acme", "Beta"] },
 *   { trial_id: "NCT00000002", title: "b", status: "COMPLETED", phase: null, start_date: null,
 *     enrollment: null, sponsors: [] },
 * ]);
 * const links = explodeLinks(trials, "sponsors");
 * assert.deepEqual(links.columns, ["trial_id", "sponsors"]);
 * assert.equal(links.height, 2);
 * ```
 */
export function explodeLinks(
  df: DataFrame,
  field: string,
  options: ExplodeLinksOptions = {},
): DataFrame {
  const dtypes = Object.fromEntries(df.columns.map((c, i) => [c, String(df.dtypes[i])]));
  if (!dtypes[field]?.includes("List")) {
    throw new TypeError(
      `Column '${field}' is not a list column; list columns: ${
        df.columns.filter((c) => dtypes[c].includes("List")).join(", ")
      }`,
    );
  }
  // The record's declared key first: a column merely named like an id may be one the service does not
  // always send (a landscape drug's chembl_id), which would key the links by nulls.
  const key = keyOf(df);
  const ids = options.id === undefined
    ? key?.length && !key.includes(field) // (a declared key's columns are in the frame: withKey checks)
      ? [...key]
      : ID_COLUMNS.filter((c) => c in dtypes).slice(0, 1)
    : typeof options.id === "string"
    ? [options.id]
    : [...options.id];
  if (!ids.length || ids.some((c) => !(c in dtypes))) {
    throw new TypeError(
      `No id column for the link table; pass {id} naming columns of: ${df.columns.join(", ")}`,
    );
  }
  const group = linkGroups().get(field);
  const parts = group ? df.columns.filter((c) => group.has(c) && !ids.includes(c)) : [field];
  return df.select(...ids, ...parts).explode(parts).dropNulls(field);
}
