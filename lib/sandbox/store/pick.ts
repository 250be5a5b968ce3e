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
  /** Originators: NDA/BLA holders with protection ahead, those with trials first (up to four). */
  readonly sponsors: string[];
  /** The disease of the portfolio overlap: of the compared ones, the one the sponsors run most trials in. */
  readonly condition?: string;
  /** The diseases with the most trials, 10 or more each (2 or more where none has 10; up to four). */
  readonly diseases: string[];
  /** The disease CURIE Medicare rows list as an approved indication with the most spending, if any. */
  readonly indication?: { readonly id: string; readonly name: string };
  /** One line per pick saying what it is and why. */
  readonly notes: string[];
}

/** Trials a condition needs to be compared (the demo's conditions on a store). */
const MIN_TRIALS = 10;

/**
 * The questions a store can answer when the demo's own names are not in it (a store imported from public
 * files): its originators (families holding NDAs/BLAs with patents or exclusivities ahead, those with
 * trials first; not ANDA-only generic makers), its conditions with enough trials to compare (10+; those
 * with target associations first, so target prioritization has something to rank; the portfolio's is the
 * one the sponsors run most trials in) and an indication with Medicare spending.
 *
 * @param db The sandbox store's database.
 * @returns The picks and a note per pick.
 */
export function storePicks(db: DatabaseSync): StorePicks {
  // Originators: a family head (not a mention of another) whose family holds NDAs or BLAs with a patent or
  // exclusivity still ahead of the store's day; those with trials first where trials are imported. An
  // ANDA-only generic maker has nothing ahead to ask about. Names with a comma are left out (the
  // portfolio comparison's list is comma-separated).
  const today =
    (db.prepare("SELECT value FROM meta WHERE key = 'today'").get() as { value?: string } | undefined)
      ?.value ?? new Date().toISOString().slice(0, 10);
  const sponsors = db.prepare(
    `WITH ahead AS (
       SELECT a.key FROM approvals a WHERE a.application_type IN ('NDA', 'BLA') AND (
         EXISTS (SELECT 1 FROM approval_patents p WHERE p.approval_key = a.key AND p.expiry_date > ?1) OR
         EXISTS (SELECT 1 FROM approval_exclusivities e WHERE e.approval_key = a.key AND e.expiry_date > ?1))),
     fam AS (
       SELECT o.name, o.id,
         (SELECT count(DISTINCT ts.trial_id) FROM org_closure c JOIN trial_sponsors ts ON ts.org_id = c.descendant_id
           WHERE c.ancestor_id = o.id) AS t,
         (SELECT count(DISTINCT s.approval_key) FROM org_closure c JOIN approval_sponsors s
           ON s.org_id = c.descendant_id WHERE c.ancestor_id = o.id) AS a,
         (SELECT count(DISTINCT s.approval_key) FROM org_closure c JOIN approval_sponsors s
           ON s.org_id = c.descendant_id JOIN ahead ON ahead.key = s.approval_key WHERE c.ancestor_id = o.id) AS p
       FROM organizations o
       WHERE o.resolved_to_id IS NULL AND (o.ultimate_parent_id IS NULL OR o.ultimate_parent_id = o.id)
         AND o.name NOT LIKE '%,%')
     SELECT name, t, a, p FROM fam WHERE p > 0
     ORDER BY (t > 0) DESC, p DESC, t DESC, name LIMIT 4`,
  ).all(today) as { name: string; t: number; a: number; p: number }[];
  // Where two or more of them sponsor trials, only those: the portfolio compares trials.
  if (sponsors.filter((s) => s.t > 0).length >= 2) {
    sponsors.splice(
      0,
      sponsors.length,
      ...sponsors.filter((s) => s.t > 0),
    );
  }
  // A store without originators (trials only): the sponsors with the most trials.
  if (!sponsors.length) {
    sponsors.push(
      ...db.prepare(
        `SELECT name, trial_count AS t, approval_count AS a, 0 AS p FROM organizations
         WHERE resolved_to_id IS NULL AND trial_count > 0 AND name NOT LIKE '%,%'
         ORDER BY trial_count DESC, name LIMIT 4`,
      ).all() as { name: string; t: number; a: number; p: number }[],
    );
  }
  // Conditions with enough trials to compare (at least 10 each): those with target associations first,
  // so target prioritization has something to rank; the condition is the one where the sponsors run most.
  // A store where no condition has that many (a small extract) compares those with at least two.
  const most = (db.prepare(
    `SELECT max(n) AS m FROM (SELECT count(DISTINCT trial_id) AS n FROM trial_conditions
       WHERE disease_id IS NOT NULL GROUP BY disease_id)`,
  ).get() as { m: number | null } | undefined)?.m ?? 0;
  const enough = most >= MIN_TRIALS ? MIN_TRIALS : 2;
  const diseases = db.prepare(
    `SELECT d.id, d.name, count(DISTINCT c.trial_id) AS n,
       EXISTS (SELECT 1 FROM associations a WHERE a.disease_id = d.id) AS has_targets
     FROM trial_conditions c JOIN diseases d ON d.id = c.disease_id
     GROUP BY d.id HAVING n >= ?1 ORDER BY has_targets DESC, n DESC, d.name LIMIT 4`,
  ).all(enough) as { id: string; name: string; n: number }[];
  const theirs = sponsors.length && diseases.length
    ? db.prepare(
      `SELECT c.disease_id AS id, count(DISTINCT c.trial_id) AS n FROM trial_conditions c
         JOIN trial_sponsors ts ON ts.trial_id = c.trial_id
         JOIN org_closure oc ON oc.descendant_id = ts.org_id
         JOIN organizations o ON o.id = oc.ancestor_id
       WHERE o.name IN (${sponsors.map(() => "?").join(",")})
         AND c.disease_id IN (${diseases.map(() => "?").join(",")})
       GROUP BY c.disease_id ORDER BY n DESC LIMIT 1`,
    ).get(...sponsors.map((s) => s.name), ...diseases.map((d) => d.id)) as { id: string } | undefined
    : undefined;
  const condition = diseases.find((d) => d.id === theirs?.id) ?? diseases[0];
  let indication: { id: string; name: string } | undefined;
  try {
    indication = db.prepare(
      `SELECT i.disease_id AS id, d.name FROM medicare_indications i JOIN medicare_drugs m ON m.key = i.medicare_key
       JOIN diseases d ON d.id = i.disease_id GROUP BY i.disease_id ORDER BY sum(m.total_spending) DESC LIMIT 1`,
    ).get() as { id: string; name: string } | undefined;
  } catch { /* a store without Medicare indications */ }
  let partD = false;
  try {
    partD = db.prepare("SELECT 1 AS one FROM medicare_drugs LIMIT 1").get() !== undefined;
  } catch { /* a store without the Medicare table */ }
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? "" : "s"}`;
  const notes = [
    ...(sponsors.length
      ? [
        `sponsors: ${
          sponsors.map((s) =>
            `${s.name} (${n(s.t, "trial")}, ${n(s.a, "approval")}${
              s.p ? `, ${n(s.p, "NDA/BLA")} with protection ahead` : ""
            })`
          ).join(", ")
        } — ${
          sponsors.some((s) => s.p)
            ? "originators with patents or exclusivities ahead"
            : "the most trials in the data"
        }`,
      ]
      : []),
    ...(!diseases.length
      ? [
        `conditions: none has ${enough} or more trials here, so the portfolio overlap, target ` +
        "prioritization and disease comparison are not asked",
      ]
      : []),
    ...(diseases.length
      ? [
        `conditions: ${
          diseases.map((d) => `${d.name} (${n(d.n, "trial")})`).join(", ")
        } — the most studied ` +
        `(${enough}+ trials each${enough < MIN_TRIALS ? `: none has ${MIN_TRIALS}` : ""})` +
        `${condition ? `; the portfolio's: ${condition.name}` : ""}`,
      ]
      : []),
    indication
      ? `indication: ${indication.name} (${indication.id}) — the most Medicare spending`
      : partD
      ? "indication: none — no Medicare drug here lists an approved indication (import Open Targets to link them)"
      : "indication: none — this store holds no Medicare Part D data (deno task import -- --part-d <file> adds it)",
  ];
  return {
    sponsors: sponsors.map((s) => s.name),
    ...(condition ? { condition: condition.name } : {}),
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
