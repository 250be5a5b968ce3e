/**
 * Entity resolution shared by the trials and regulatory handlers: diseases (name, synonym or
 * CURIE, with the subtype hierarchy), drugs (generic, brand, salt or code name, or CHEMBL id → the
 * parent molecule and its salt forms), targets (symbol, alias, name or id) and sponsors (name →
 * entity → corporate family through `org_closure`, at most 6 hops).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { normaliseCurie } from "../../client/params.ts";
import { storedDiseaseId } from "../store/conditions.ts";
import { all, marks, one } from "./_sql.ts";
import { orgKey } from "../../client/names.ts";
import { distance } from "../../client/guards.ts";

/** A resolved disease. */
export interface DiseaseHit {
  /** CURIE. */
  readonly id: string;
  /** Canonical name. */
  readonly name: string;
  /** How it was matched. */
  readonly via: "curie" | "name" | "synonym" | "keyword";
}

/** Resolve a disease by CURIE (any accepted form), exact name or synonym (case-insensitive). */
export function resolveDisease(db: DatabaseSync, text: string, keyword = false): DiseaseHit | undefined {
  const q = text.trim();
  const curie = normaliseCurie(q);
  if (curie) {
    const r = one<{ id: string; name: string }>(db, "SELECT id, name FROM diseases WHERE id = ?", [
      storedDiseaseId(db, curie),
    ]);
    if (r) return { ...r, via: "curie" };
  }
  const byName = one<{ id: string; name: string }>(
    db,
    "SELECT id, name FROM diseases WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1",
    [q],
  );
  if (byName) return { ...byName, via: "name" };
  const bySyn = one<{ id: string; name: string }>(
    db,
    `SELECT d.id, d.name FROM disease_synonyms s JOIN diseases d ON d.id = s.disease_id
     WHERE s.synonym = ? ORDER BY d.id LIMIT 1`,
    [q],
  );
  if (bySyn) return { ...bySyn, via: "synonym" };
  if (!keyword || q.length < 3) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const byKeyword = one<{ id: string; name: string }>(
    db,
    `SELECT id, name FROM diseases WHERE name LIKE ? ESCAPE '\\'
     ORDER BY length(name), id LIMIT 1`,
    [like],
  );
  return byKeyword ? { ...byKeyword, via: "keyword" } : undefined;
}

/** A disease and all its subtypes (descendants through `parent_id`), or only direct subtypes. */
export function diseaseFamily(db: DatabaseSync, id: string, directOnly = false): string[] {
  if (directOnly) {
    return [
      id,
      ...all<{ id: string }>(db, "SELECT id FROM diseases WHERE parent_id = ?", [id]).map((r) => r.id),
    ];
  }
  return all<{ id: string }>(
    db,
    `WITH RECURSIVE sub(id) AS (SELECT ? UNION SELECT d.id FROM diseases d JOIN sub ON d.parent_id = sub.id)
     SELECT id FROM sub`,
    [id],
  ).map((r) => r.id);
}

/** A resolved drug: the parent molecule and every form of it. */
export interface DrugHit {
  /** Parent CHEMBL id. */
  readonly parent: string;
  /** Parent generic name. */
  readonly name: string;
  /** Parent plus salt/related forms. */
  readonly forms: string[];
}

/** Resolve a drug by any of its names or a CHEMBL id. */
export function resolveDrug(db: DatabaseSync, text: string): DrugHit | undefined {
  const q = text.trim();
  const hit = one<{ chembl_id: string }>(db, "SELECT chembl_id FROM molecules WHERE chembl_id = ?", [
    q.toUpperCase(),
  ]) ??
    one<{ chembl_id: string }>(
      db,
      "SELECT chembl_id FROM molecule_names WHERE name = ? ORDER BY chembl_id LIMIT 1",
      [
        q,
      ],
    ) ??
    one<{ chembl_id: string }>(
      db,
      "SELECT chembl_id FROM molecules WHERE generic_name = ? COLLATE NOCASE ORDER BY chembl_id LIMIT 1",
      [q],
    );
  if (!hit) return undefined;
  return drugFamily(db, hit.chembl_id);
}

/** The parent and forms of a molecule id. */
export function drugFamily(db: DatabaseSync, chembl: string): DrugHit {
  const m = one<{ parent: string; name: string }>(
    db,
    `SELECT p.chembl_id AS parent, p.generic_name AS name FROM molecules c
     JOIN molecules p ON p.chembl_id = coalesce(c.parent_chembl_id, c.chembl_id) WHERE c.chembl_id = ?`,
    [chembl],
  )!;
  const forms = all<{ chembl_id: string }>(
    db,
    "SELECT chembl_id FROM molecules WHERE chembl_id = ? OR parent_chembl_id = ? ORDER BY chembl_id",
    [m.parent, m.parent],
  ).map((r) => r.chembl_id);
  return { parent: m.parent, name: m.name, forms };
}

/** A resolved target. */
export interface TargetHit {
  /** Target id. */
  readonly id: string;
  /** Gene symbol. */
  readonly symbol: string;
}

/** Resolve a target by symbol, id, alias or protein name (case-insensitive). */
export function resolveTarget(db: DatabaseSync, text: string): TargetHit | undefined {
  const q = text.trim();
  return one<TargetHit>(
    db,
    "SELECT id, symbol FROM targets WHERE symbol = ? COLLATE NOCASE OR id = ? OR name = ? COLLATE NOCASE LIMIT 1",
    [q, q, q],
  ) ?? one<TargetHit>(
    db,
    `SELECT t.id, t.symbol FROM target_aliases a JOIN targets t ON t.id = a.target_id WHERE a.alias = ?
     ORDER BY t.id LIMIT 1`,
    [q],
  );
}

/** Molecule ids (parents and their forms) acting on a target, and their action types. */
export function targetDrugs(db: DatabaseSync, targetId: string): { forms: string[]; actions: string[] } {
  const rows = all<{ chembl_id: string; action_type: string }>(
    db,
    "SELECT chembl_id, action_type FROM molecule_targets WHERE target_id = ? ORDER BY chembl_id",
    [targetId],
  );
  const parents = rows.map((r) => r.chembl_id);
  const forms = parents.length === 0 ? [] : all<{ chembl_id: string }>(
    db,
    `SELECT chembl_id FROM molecules WHERE chembl_id IN (${marks(parents.length)})
     OR parent_chembl_id IN (${marks(parents.length)})`,
    [...parents, ...parents],
  ).map((r) => r.chembl_id);
  return { forms, actions: rows.map((r) => r.action_type) };
}

/** A resolved sponsor. */
export interface SponsorHit {
  /** The organization the name matched (mentions followed to their entity). */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Ultimate parent of the (first) family. */
  readonly parentId: string;
  /**
   * Every organization id the sponsor filters reach (entities and mentions, at most 6 hops below each
   * family head): the union of the resolved families, or the first candidate's when ambiguous.
   */
  readonly family: string[];
  /** How the name resolved (see {@linkcode resolveSponsorName}). */
  readonly resolution: SponsorResolution;
}

/** A corporate family a sponsor name reaches or may mean. */
export interface SponsorFamily {
  /** The family head (ultimate parent), `organizations/<key>`. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** The names of the family's organizations the query matched. */
  readonly matched: string[];
  /** The ids of the organizations the query matched (mentions followed). */
  readonly hits: string[];
  /** Every organization of the family (at most 6 hops below the head). */
  readonly ids: string[];
}

/** What a sponsor name resolves to, the one rule every sponsor filter and the autocomplete use. */
export interface SponsorResolution {
  /** resolved: `families` are what the filters reach; ambiguous: candidates (the filters use the first). */
  readonly status: "resolved" | "ambiguous" | "unresolved";
  /** The rule that decided, in words. */
  readonly rule: string;
  /** The families, most trials and approvals first. */
  readonly families: SponsorFamily[];
}

interface Candidate {
  id: string;
  name: string;
  top: string | null;
  n: number;
  matched: string;
  source: string;
}

const FOLLOWED = `SELECT coalesce(e.id, o.id) AS id, coalesce(e.name, o.name) AS name,
  coalesce(e.ultimate_parent_id, o.ultimate_parent_id) AS top, o.trial_count + o.approval_count AS n,
  m.matched, m.source
  FROM m JOIN organizations o ON o.id = m.org_id LEFT JOIN organizations e ON e.id = o.resolved_to_id`;

/** The families of candidates, most trials and approvals (of the family's own matches) first. */
function familiesOf(db: DatabaseSync, cands: readonly Candidate[]): SponsorFamily[] {
  const by = new Map<string, { cands: Candidate[]; n: number }>();
  for (const c of cands) {
    const top = c.top ?? c.id;
    const f = by.get(top) ?? { cands: [], n: 0 };
    f.cands.push(c);
    by.set(top, f);
  }
  const out = [...by].map(([top, f]) => {
    const ids = orgFamily(db, top);
    const n = Number(
      one<{ n: number }>(
        db,
        `SELECT (SELECT count(DISTINCT trial_id) FROM trial_sponsors WHERE org_id IN (${marks(ids.length)})) +
           (SELECT count(DISTINCT approval_key) FROM approval_sponsors WHERE org_id IN (${
          marks(ids.length)
        })) AS n`,
        [...ids, ...ids],
      )?.n ?? 0,
    );
    const head = one<{ name: string }>(db, "SELECT name FROM organizations WHERE id = ?", [top]);
    return {
      id: top,
      name: head?.name ?? f.cands[0].name,
      matched: [...new Set(f.cands.map((c) => c.matched))],
      hits: [...new Set(f.cands.map((c) => c.id))],
      ids,
      n,
    };
  });
  out.sort((a, b) => b.n - a.n || a.name.localeCompare(b.name));
  return out.map(({ n: _n, ...f }) => f);
}

/**
 * Resolve a sponsor name to corporate families — the one rule behind every sponsor filter of the
 * sandbox and the organization autocomplete's `resolution`:
 *
 * 1. **Exact**: organizations of that name (case-insensitive) or known by a name of the same key
 *    (`org_names`, orgKey: "BRISTOL MYERS SQUIBB CO" = "Bristol-Myers Squibb"; an applicant's short form;
 *    a registry's names), mentions followed to their entity. By an organization's own or registry name:
 *    **resolved** to the families of all of them. Only by a short form a source gives (the Orange Book's
 *    `Applicant` column, "ORGANON" for two full names): resolved to all the organizations filed under it,
 *    unless names starting with it belong to other families too — then **ambiguous** ("MERCK", the
 *    short name of a Merck & Co unit, beside MERCK KGAA).
 * 2. **Prefix**: else the organizations whose name starts with it, or whose key starts with its key at a
 *    word ("Bristol" → "bristol-myers-squibb"): one family → resolved; several → **ambiguous**, most
 *    trials and approvals first.
 * 3. Else **unresolved**.
 *
 * A family is the head's (ultimate parent's) organizations at most 6 hops below it: registry families
 * (ROR, GLEIF) and the families the names state (link_orgs.ts). Ambiguous names are answered with the
 * first family by the filters (the autocomplete says it is a question).
 */
export function resolveSponsorName(db: DatabaseSync, text: string): SponsorResolution {
  const q = text.trim();
  if (q === "") return { status: "unresolved", rule: "empty name", families: [] };
  const key = orgKey(q);
  const exact = all<Candidate>(
    db,
    `WITH m(org_id, matched, source) AS (
       SELECT id, name, 'name' FROM organizations WHERE name = ?1 COLLATE NOCASE
       UNION ALL SELECT org_id, name, source FROM org_names WHERE key = ?2)
     ${FOLLOWED} ORDER BY o.is_entity DESC, n DESC, o.id`,
    [q, key],
  );
  const like = `${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const prefix = () =>
    key === "unnamed" ? [] : all<Candidate>(
      db,
      // Keys are [a-z0-9-]: those starting with `<key>-` sort in [`<key>-`, `<key>.`) — an index range.
      `WITH m(org_id, matched, source) AS (
         SELECT id, name, 'name' FROM organizations WHERE name LIKE ?1 ESCAPE '\\'
         UNION ALL SELECT org_id, name, source FROM org_names WHERE key > ?2 AND key < ?3)
       ${FOLLOWED} ORDER BY o.is_entity DESC, n DESC, o.id LIMIT 200`,
      [like, `${key}-`, `${key}.`],
    );
  if (exact.length) {
    const families = familiesOf(db, exact);
    const own = exact.some((c) => c.source !== "alias");
    if (own) {
      return {
        status: "resolved",
        rule: families.length === 1
          ? "exact name"
          : `exact name of ${families.length} organizations in different families`,
        families,
      };
    }
    const tops = new Set(families.map((f) => f.id));
    const others = familiesOf(db, prefix().filter((c) => !tops.has(c.top ?? c.id)));
    if (others.length) {
      return {
        status: "ambiguous",
        rule:
          `a short name the source files under ${
            exact.length === 1 ? "one organization" : "organizations"
          } ` +
          `of ${families.length === 1 ? "one family" : `${families.length} families`}, and names of ` +
          `${others.length} other famil${others.length === 1 ? "y" : "ies"} start with it`,
        families: [...families, ...others],
      };
    }
    return {
      status: "resolved",
      rule: `a short name the source gives ${
        new Set(exact.map((c) => c.id)).size === 1 ? "one organization" : "several organizations"
      } (all of them)`,
      families,
    };
  }
  const starts = prefix();
  if (starts.length === 0) {
    return { status: "unresolved", rule: "no organization has this name", families: [] };
  }
  const families = familiesOf(db, starts);
  return families.length === 1
    ? { status: "resolved", rule: "names starting with it, all of one family", families }
    : {
      status: "ambiguous",
      rule: `names starting with it belong to ${families.length} families`,
      families,
    };
}

/**
 * Resolve a sponsor name for a filter ({@linkcode resolveSponsorName}): the matched organization (the
 * first), its family head and every organization id the filter reaches — the union of the resolved
 * families, or the first candidate family of an ambiguous name. Undefined when it does not resolve.
 */
export function resolveSponsor(db: DatabaseSync, text: string): SponsorHit | undefined {
  const resolution = resolveSponsorName(db, text);
  const [first] = resolution.families;
  if (!first) return undefined;
  const reached = resolution.status === "resolved" ? resolution.families : [first];
  const id = first.hits[0];
  const name = one<{ name: string }>(db, "SELECT name FROM organizations WHERE id = ?", [id])?.name ??
    first.name;
  return {
    id,
    name,
    parentId: first.id,
    family: [...new Set(reached.flatMap((f) => f.ids))],
    resolution,
  };
}

/** An organization and everything below it (parent_of + resolved_to), at most 6 hops. */
export function orgFamily(db: DatabaseSync, id: string): string[] {
  const ids = all<{ d: string }>(
    db,
    "SELECT descendant_id AS d FROM org_closure WHERE ancestor_id = ? AND hops <= 6 ORDER BY hops, descendant_id",
    [id],
  ).map((r) => r.d);
  return ids.length ? ids : [id];
}

const IMPORTED_STORE = new WeakMap<DatabaseSync, boolean>();
/** True for a store of imported public data (meta `data_source`). */
function importedStore(db: DatabaseSync): boolean {
  let v = IMPORTED_STORE.get(db);
  if (v === undefined) {
    v = one<{ value: string }>(db, "SELECT value FROM meta WHERE key = 'data_source'")?.value ===
      "imported-public-data";
    IMPORTED_STORE.set(db, v);
  }
  return v;
}

const TIERS = ["exact", "prefix", "word", "contains", "similar"] as const;

/** An organization row of the autocomplete, before the wire shape. */
interface AutoRow {
  id: string;
  name: string;
  hierarchy_level: string;
  trial_count: number;
  approval_count: number;
  is_entity: number;
  ror_id: string | null;
  lei: string | null;
  top: string | null;
  resolved_to_id: string | null;
  tier: number;
  matched: string;
  d?: number;
}

/** How close a typed key is to a known key: the edit distance to the key or to its first words. */
function keyDistance(typed: string, known: string): number {
  const words = typed.split("-").length;
  return Math.min(distance(typed, known), distance(typed, known.split("-").slice(0, words).join("-")));
}

/**
 * Organization autocomplete (`/api/v1/tools/resolution/autocomplete`): the spec's rows plus, as the
 * sandbox's choice, how each matched and its family, and the `resolution` every sponsor filter applies
 * to the same name ({@linkcode resolveSponsorName}).
 *
 * - Which organizations: on an imported store every organization a source names (trial sponsors,
 *   applicants, patent assignees, grant organizations, registry entities; counts 0 where none); on a
 *   generated store, as the spec says, those with a linked trial (or heading a family that has one).
 * - Ranking: exact (the name, or any name known by the same key) → prefix (the name, or a key at a word)
 *   → a word inside the name → anywhere inside; in each, organizations whose family has trials or
 *   approvals first, then most trials and approvals (own, then family's). Nothing matching: the closest
 *   names by edit distance of their keys (`similar`: did-you-mean for a typo).
 */
export function organizationAutocomplete(
  db: DatabaseSync,
  query: string,
  limit: number,
): { rows: Record<string, unknown>[]; resolution: Record<string, unknown> } {
  const q = query.trim();
  const key = orgKey(q);
  const eligible = importedStore(db) ? "1" : `(o.trial_count >= 1 OR (o.is_entity = 1 AND EXISTS (
    SELECT 1 FROM org_closure c JOIN organizations d ON d.id = c.descendant_id
    WHERE c.ancestor_id = o.id AND c.hops > 0 AND d.trial_count >= 1)))`;
  const cols =
    `o.id, o.name, o.hierarchy_level, o.trial_count, o.approval_count, o.is_entity, o.ror_id, o.lei,
    o.resolved_to_id, coalesce(e.ultimate_parent_id, o.ultimate_parent_id) AS top`;
  const esc = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);
  const pool = Math.min(Math.max(limit * 3, 30), 150);
  let rows = q === "" ? [] : all<AutoRow>(
    db,
    `WITH m(org_id, matched, tier) AS (
       SELECT id, name, 0 FROM organizations WHERE name = ?1 COLLATE NOCASE
       UNION ALL SELECT org_id, name, 0 FROM org_names WHERE key = ?2
       UNION ALL SELECT id, name, 1 FROM organizations WHERE name LIKE ?3 ESCAPE '\\'
       UNION ALL SELECT org_id, name, 1 FROM org_names WHERE ?2 != 'unnamed' AND key > ?2 || '-' AND key < ?2 || '.'
       UNION ALL SELECT id, name, CASE WHEN (' ' || replace(lower(name), '-', ' ')) LIKE ?4 ESCAPE '\\' THEN 2 ELSE 3 END
         FROM organizations WHERE instr(lower(name), lower(?1)) > 0)
     SELECT ${cols}, min(m.tier) AS tier, m.matched FROM m JOIN organizations o ON o.id = m.org_id
       LEFT JOIN organizations e ON e.id = o.resolved_to_id
     WHERE ${eligible} GROUP BY o.id
     ORDER BY tier, o.trial_count + o.approval_count DESC, o.name, o.id LIMIT ?5`,
    [q, key, `${esc(q)}%`, `% ${esc(q.toLowerCase())}%`, pool],
  );
  if (rows.length === 0 && key !== "unnamed" && key.length >= 3) {
    // Did you mean: keys sharing the first two characters, by edit distance.
    const max = key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
    const near = all<{ org_id: string; key: string; name: string }>(
      db,
      "SELECT org_id, key, name FROM org_names WHERE key >= ? AND key < ? LIMIT 20000",
      [key.slice(0, 2), key.slice(0, 1) + String.fromCharCode(key.charCodeAt(1) + 1)],
    ).map((r) => ({ ...r, d: keyDistance(key, r.key) })).filter((r) => r.d <= max);
    const best = new Map<string, { d: number; name: string }>();
    for (const r of near) if ((best.get(r.org_id)?.d ?? 99) > r.d) best.set(r.org_id, r);
    const ids = [...best.keys()].slice(0, 2000);
    rows = ids.length === 0 ? [] : all<AutoRow>(
      db,
      `SELECT ${cols}, 4 AS tier, o.name AS matched FROM organizations o
       LEFT JOIN organizations e ON e.id = o.resolved_to_id WHERE o.id IN (${
        marks(ids.length)
      }) AND ${eligible}`,
      ids,
    ).map((r) => ({ ...r, matched: best.get(r.id)!.name, d: best.get(r.id)!.d }));
  }
  // Families (counted once per head) and parents.
  const fam = new Map<string, { name: string; trials: number; approvals: number; units: number }>();
  const familyOf = (top: string) => {
    let f = fam.get(top);
    if (f) return f;
    const ids = orgFamily(db, top);
    const m = marks(ids.length);
    const c = one<{ t: number; a: number }>(
      db,
      `SELECT (SELECT count(DISTINCT trial_id) FROM trial_sponsors WHERE org_id IN (${m})) AS t,
         (SELECT count(DISTINCT approval_key) FROM approval_sponsors WHERE org_id IN (${m})) AS a`,
      [...ids, ...ids],
    );
    f = {
      name: one<{ name: string }>(db, "SELECT name FROM organizations WHERE id = ?", [top])?.name ?? top,
      trials: Number(c?.t ?? 0),
      approvals: Number(c?.a ?? 0),
      units: ids.length,
    };
    fam.set(top, f);
    return f;
  };
  const ranked = rows.map((r) => ({ r, f: familyOf(r.top ?? r.id) }))
    .sort((a, b) =>
      a.r.tier - b.r.tier || (a.r.d ?? 0) - (b.r.d ?? 0) ||
      Number(b.f.trials + b.f.approvals > 0) - Number(a.f.trials + a.f.approvals > 0) ||
      (b.r.trial_count + b.r.approval_count) - (a.r.trial_count + a.r.approval_count) ||
      (b.f.trials + b.f.approvals) - (a.f.trials + a.f.approvals) || a.r.name.localeCompare(b.r.name) ||
      a.r.id.localeCompare(b.r.id)
    ).slice(0, limit);
  const hasMatches = one(db, "SELECT 1 AS x FROM sqlite_master WHERE name = 'org_matches'") !== undefined;
  const parentOf = (r: AutoRow): { id: string; name: string; rule: string } | null => {
    if (r.resolved_to_id) {
      const e = one<{ name: string }>(db, "SELECT name FROM organizations WHERE id = ?", [r.resolved_to_id]);
      return {
        id: r.resolved_to_id,
        name: e?.name ?? r.resolved_to_id,
        rule: "the registry entity it names",
      };
    }
    const p = one<{ id: string; name: string }>(
      db,
      `SELECT o.id, o.name FROM org_parent p JOIN organizations o ON o.id = p.parent_id WHERE p.child_id = ?
       ORDER BY o.ultimate_parent_id = ? DESC, o.id LIMIT 1`,
      [r.id, r.top ?? r.id],
    );
    if (!p) return null;
    const stated = hasMatches
      ? one<{ rule: string }>(
        db,
        "SELECT rule FROM org_matches WHERE org_id = ? AND registry = 'name' AND status = 'MATCHED'",
        [r.id],
      )
      : undefined;
    return {
      ...p,
      rule: stated?.rule ?? (hasMatches ? "the registry (GLEIF/ROR) parent" : "the corporate hierarchy"),
    };
  };
  const out = ranked.map(({ r, f }) => {
    const resolved = r.hierarchy_level === "GLOBAL PARENT";
    const parent = parentOf(r);
    return {
      name: r.name,
      hierarchyLevel: r.hierarchy_level,
      trialCount: Number(r.trial_count),
      approvalCount: Number(r.approval_count),
      id: r.id,
      isEntity: r.is_entity === 1,
      rorId: resolved ? r.ror_id : null,
      lei: resolved ? r.lei : null,
      match: TIERS[r.tier],
      matchedName: r.matched,
      familyId: r.top ?? r.id,
      familyName: f.name,
      familyTrialCount: f.trials,
      familyApprovalCount: f.approvals,
      familyUnits: f.units,
      parentId: parent?.id ?? null,
      parentName: parent?.name ?? null,
      parentRule: parent?.rule ?? null,
    };
  });
  const res = resolveSponsorName(db, q);
  const unit = (id: string) =>
    one<{ id: string; name: string; t: number; a: number }>(
      db,
      "SELECT id, name, trial_count AS t, approval_count AS a FROM organizations WHERE id = ?",
      [id],
    );
  const resolution = {
    status: res.status,
    rule: res.rule,
    families: res.families.map((fm) => {
      const f = familyOf(fm.id);
      return {
        id: fm.id,
        name: fm.name,
        trialCount: f.trials,
        approvalCount: f.approvals,
        matched: fm.matched,
        units: fm.ids.map(unit).filter((u) => u && u.t + u.a > 0).slice(0, 500).map((u) => ({
          id: u!.id,
          name: u!.name,
          trialCount: Number(u!.t),
          approvalCount: Number(u!.a),
        })),
      };
    }),
    suggestions: res.status === "unresolved"
      ? out.filter((r) => r.match === "similar").map((r) => r.name)
      : [],
  };
  return { rows: out, resolution };
}
