/**
 * Inputs taken from the sandbox's own data where the spec offers no way to discover them.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/**
 * The researcher with the most works in the store (ties by id): the spec gives author ids only in the
 * trial full record, whose path it does not show, so the demo, the report and the contract check take
 * one from the sandbox's data (on the real service the user names one).
 *
 * @param db The sandbox store's database.
 * @returns The author id, or `undefined` for a store without works.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStore, mostProlificAuthor } from "./mod.ts";
 * const store = createStore({ seed: 42, scale: "tiny" });
 * assert.match(mostProlificAuthor(store.db) ?? "", /^A\d+$/);
 * store.close();
 * ```
 */
export function mostProlificAuthor(db: DatabaseSync): string | undefined {
  const row = db.prepare(
    "SELECT author_id FROM work_authors GROUP BY author_id ORDER BY count(*) DESC, author_id LIMIT 1",
  ).get() as { author_id?: string } | undefined;
  return row?.author_id;
}

/** Questions a demo can ask of a store, each with why it was chosen. */
export interface StorePicks {
  /** The organizations with the most trials and approvals (up to four). */
  readonly sponsors: string[];
  /** The disease with the most trials. */
  readonly condition?: string;
  /** The diseases with the most trials (up to four). */
  readonly diseases: string[];
  /** The disease CURIE Medicare rows list as an approved indication with the most spending, if any. */
  readonly indication?: { readonly id: string; readonly name: string };
  /** One line per pick saying what it is and why. */
  readonly notes: string[];
}

/**
 * The questions a store can answer when the demo's own names are not in it (a store imported from public
 * files): its largest sponsors (most trials plus approvals), its most-studied conditions (most trials;
 * those with target associations first, so target prioritization has something to rank) and an indication
 * with Medicare spending.
 *
 * @param db The sandbox store's database.
 * @returns The picks and a note per pick.
 */
export function storePicks(db: DatabaseSync): StorePicks {
  const sponsors = db.prepare(
    `SELECT name, trial_count AS t, approval_count AS a FROM organizations
     WHERE resolved_to_id IS NULL AND trial_count + approval_count > 0
     ORDER BY trial_count + approval_count DESC, name LIMIT 4`,
  ).all() as { name: string; t: number; a: number }[];
  const diseases = db.prepare(
    `SELECT d.id, d.name, count(DISTINCT c.trial_id) AS n,
       EXISTS (SELECT 1 FROM associations a WHERE a.disease_id = d.id) AS has_targets
     FROM trial_conditions c JOIN diseases d ON d.id = c.disease_id
     GROUP BY d.id ORDER BY has_targets DESC, n DESC, d.name LIMIT 4`,
  ).all() as { id: string; name: string; n: number }[];
  let indication: { id: string; name: string } | undefined;
  try {
    indication = db.prepare(
      `SELECT i.disease_id AS id, d.name FROM medicare_indications i JOIN medicare_drugs m ON m.key = i.medicare_key
       JOIN diseases d ON d.id = i.disease_id GROUP BY i.disease_id ORDER BY sum(m.total_spending) DESC LIMIT 1`,
    ).get() as { id: string; name: string } | undefined;
  } catch { /* a store without Medicare indications */ }
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? "" : "s"}`;
  const notes = [
    ...(sponsors.length
      ? [
        `sponsors: ${
          sponsors.map((s) => `${s.name} (${n(s.t, "trial")}, ${n(s.a, "approval")})`).join(", ")
        } — the most in the data`,
      ]
      : []),
    ...(diseases.length
      ? [`conditions: ${diseases.map((d) => `${d.name} (${n(d.n, "trial")})`).join(", ")} — the most studied`]
      : []),
    indication
      ? `indication: ${indication.name} (${indication.id}) — the most Medicare spending`
      : "indication: none — no Medicare drug here lists an approved indication (import Open Targets to link them)",
  ];
  return {
    sponsors: sponsors.map((s) => s.name),
    ...(diseases[0] ? { condition: diseases[0].name } : {}),
    diseases: diseases.map((d) => d.name),
    ...(indication ? { indication } : {}),
    notes,
  };
}

/**
 * The `n` busiest global parents (by trials) with no trial under another name of their family — every trial
 * of theirs carries their own name (in the generated store, the academic centres): a portfolio of them is
 * the case where a comparison's shared trials name the listed sponsors themselves. Names with a comma are
 * left out (the comparison's `sponsors` list is comma-separated). For the portfolio benchmark and tests.
 */
export function ownNameOrganizations(db: DatabaseSync, n: number): string[] {
  return (db.prepare(
    `SELECT o.name FROM organizations o
      WHERE o.hierarchy_level = 'GLOBAL PARENT' AND o.ultimate_parent_id = o.id AND o.name NOT LIKE '%,%'
        AND NOT EXISTS (SELECT 1 FROM org_closure c JOIN trial_sponsors ts ON ts.org_id = c.descendant_id
                         WHERE c.ancestor_id = o.id AND c.descendant_id <> o.id)
      ORDER BY o.trial_count DESC, o.name LIMIT ?`,
  ).all(n) as { name: string }[]).map((r) => r.name);
}
