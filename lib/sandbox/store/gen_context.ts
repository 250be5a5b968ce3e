/**
 * Shared state of one generator run: the database, the random stream, the scale, the reference
 * "today", and the in-memory indexes of reference entities that later domains link to.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Rng } from "./prng.ts";
import type { DiseaseSpec } from "./vocab_bio.ts";

/** Scale preset names. */
export type ScaleName = "tiny" | "small" | "large";

/** Row budgets of one preset. */
export interface ScaleSpec {
  /** Clinical trials of the generated world (the attrition programmes, `gen_attrition.ts`, add theirs). */
  trials: number;
  /** Patents. */
  patents: number;
  /** Target number of approval records (originators + generics/biosimilars + EU). */
  approvals: number;
  /** Grants. */
  grants: number;
  /** Researchers. */
  researchers: number;
  /** Works (publications). */
  works: number;
  /** Synthetic biotech companies. */
  biotechs: number;
  /** Synthetic molecules added to the real-name vocabulary. */
  syntheticMolecules: number;
  /** Synthetic (low-evidence) targets added to the real gene symbols. */
  syntheticTargets: number;
}

/** The presets: `tiny` for unit tests, `small` for demos/notebooks, `large` for benchmarks. */
export const PRESETS: Readonly<Record<ScaleName, ScaleSpec>> = {
  tiny: {
    trials: 2_000,
    patents: 3_000,
    approvals: 400,
    grants: 800,
    researchers: 300,
    works: 3_000,
    biotechs: 40,
    syntheticMolecules: 120,
    syntheticTargets: 60,
  },
  small: {
    trials: 20_000,
    patents: 30_000,
    approvals: 1_500,
    grants: 5_000,
    researchers: 2_000,
    works: 20_000,
    biotechs: 150,
    syntheticMolecules: 400,
    syntheticTargets: 200,
  },
  large: {
    trials: 120_000,
    patents: 220_000,
    approvals: 6_000,
    grants: 25_000,
    researchers: 10_000,
    works: 100_000,
    biotechs: 500,
    syntheticMolecules: 1_200,
    syntheticTargets: 400,
  },
};

/** An organization node kept in memory for linking. */
export interface OrgRec {
  /** `organizations/<key>`. */
  id: string;
  /** Display name. */
  name: string;
  /** True for resolved entities, false for raw mentions. */
  isEntity: boolean;
  /** Industry sponsor (company). */
  isIndustry: boolean;
  /** Ultimate parent id (null for unresolvable mentions). */
  ultimateId: string | null;
  /** Entity a mention resolves to (null otherwise). */
  resolvedTo: string | null;
  /** Family index into `Ctx.families`, or -1. */
  family: number;
}

/** A corporate family in memory. */
export interface FamilyRec {
  /** Global parent id. */
  parentId: string;
  /** Parent name. */
  name: string;
  /** Entity ids of the family (parent first). */
  entities: string[];
  /** Mention ids resolving into the family. */
  mentions: string[];
  /** Activity weight. */
  weight: number;
}

/** A molecule in memory. */
export interface MolRec {
  /** Parent CHEMBL id. */
  chembl: string;
  /** Lowercase generic name. */
  generic: string;
  /** Salt-form CHEMBL id and name, if any. */
  salt: { chembl: string; name: string } | null;
  /** Brand names. */
  brands: string[];
  /** True for biologics. */
  isBio: boolean;
  /** Landscape tier. */
  tier: string;
  /** Target ids with action types. */
  targets: [string, string][];
  /** Indication CURIEs. */
  indications: string[];
  /** Originator family index. */
  family: number;
  /** Originator org id (family parent or biotech). */
  originatorId: string;
  /** First approval year (0 = not approved). */
  firstYear: number;
  /** Max phase. */
  maxPhase: number;
  /** Boxed warning text (empty = none). */
  blackBox: string;
}

/** Generator state passed to every domain generator. */
export interface Ctx {
  /** The database being filled. */
  db: DatabaseSync;
  /** Random stream of the current domain. */
  rng: Rng;
  /** Row budgets. */
  scale: ScaleSpec;
  /** Reference today as a day number. */
  today: number;
  /** All organization nodes. */
  orgs: OrgRec[];
  /** Corporate families (anchors first). */
  families: FamilyRec[];
  /** Academic/hospital/government entity ids. */
  institutions: OrgRec[];
  /** Synthetic biotech entity ids. */
  biotechs: OrgRec[];
  /** Unresolvable mentions. */
  strayMentions: OrgRec[];
  /** Diseases. */
  diseases: readonly DiseaseSpec[];
  /** Molecules. */
  molecules: MolRec[];
  /** Molecules by indication CURIE (incl. ancestors' children lookups done by callers). */
  molsByDisease: Map<string, MolRec[]>;
  /** Target id to symbol. */
  targetSymbols: Map<string, string>;
  /** Topic ids by therapeutic area. */
  topicsByArea: Map<string, string[]>;
  /** Researcher author ids. */
  researchers: string[];
}

/** A bound INSERT: call with the column values in order. Rows are buffered; see {@link flushInserts}. */
export type Inserter = (...values: (string | number | null)[]) => void;

const PENDING = new WeakMap<DatabaseSync, (() => void)[]>();

/** The batched INSERTs of a trial and its link tables, for every generator step that writes trials. */
export function trialInserters(db: DatabaseSync): {
  trials: Inserter;
  sponsors: Inserter;
  conditions: Inserter;
  interventions: Inserter;
  topics: Inserter;
} {
  return {
    trials: inserter(db, "trials", GEN_COLUMNS.trials),
    sponsors: inserter(db, "trial_sponsors", ["trial_id", "org_id", "sponsor_name", "raw_name", "role"]),
    conditions: inserter(db, "trial_conditions", ["trial_id", "position", "disease_id", "condition_name"]),
    interventions: inserter(db, "trial_interventions", [
      "trial_id",
      "position",
      "chembl_id",
      "name",
      "intervention_type",
    ]),
    topics: inserter(db, "trial_topics", ["trial_id", "topic_id", "score"]),
  };
}

/**
 * Prepare a batched INSERT for `table` with `columns`: rows are buffered and written with multi-row
 * INSERT statements (far fewer native calls than one statement per row). Insertion order is kept.
 * Call {@link flushInserts} before reading the tables.
 *
 * @param db The database.
 * @param table Table name.
 * @param columns Column names, in the order values will be passed.
 * @param conflict `"IGNORE"`: rows whose key is already there are skipped (`INSERT OR IGNORE`).
 * @returns A function buffering one row.
 */
export function inserter(
  db: DatabaseSync,
  table: string,
  columns: readonly string[],
  conflict?: "IGNORE",
): Inserter {
  const per = Math.max(1, Math.min(64, Math.floor(900 / columns.length)));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const sql = (n: number): string =>
    `INSERT${conflict ? ` OR ${conflict}` : ""} INTO ${table} (${columns.join(", ")}) VALUES ${
      Array(n).fill(tuple).join(", ")
    }`;
  const batch = db.prepare(sql(per));
  let buf: (string | number | null)[] = [];
  const flush = (): void => {
    if (buf.length === 0) return;
    db.prepare(sql(buf.length / columns.length)).run(...buf);
    buf = [];
  };
  const list = PENDING.get(db) ?? [];
  list.push(flush);
  PENDING.set(db, list);
  return (...values) => {
    for (const v of values) buf.push(v);
    if (buf.length === per * columns.length) {
      batch.run(...buf);
      buf = [];
    }
  };
}

/** Write every buffered row of every inserter created on `db`. */
export function flushInserts(db: DatabaseSync): void {
  for (const flush of PENDING.get(db) ?? []) flush();
  PENDING.delete(db);
}

/** `organizations/<slug>`-style slug of a name. */
export function slug(name: string): string {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const TITLE_CACHE = new Map<string, string>();

/** Capitalize each word (`osimertinib mesylate` → `Osimertinib Mesylate`). */
export function titleCase(s: string): string {
  let t = TITLE_CACHE.get(s);
  if (t === undefined) {
    t = s.replace(/(^|[\s/-])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase());
    if (TITLE_CACHE.size < 50_000) TITLE_CACHE.set(s, t);
  }
  return t;
}

/** Fill `{name}` placeholders of a template. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? "");
}

/**
 * The columns written of the wide tables, in insert order (one list per table, shared by the base world,
 * the planted programmes and the PatentsView import).
 */
export const GEN_COLUMNS = {
  trials: [
    "rid",
    "trial_id",
    "title",
    "summary",
    "status",
    "phase",
    "start_date",
    "completion_date",
    "last_status_change",
    "enrollment",
    "updated_at",
    "sex",
    "min_age_years",
    "max_age_years",
    "healthy_volunteers",
    "design_allocation",
    "design_masking",
    "design_primary_purpose",
    "therapeutic_area",
    "n_sites",
    "n_countries",
    "has_biomarker",
    "lead_is_industry",
    "prior_approval",
    "pos_score",
  ],
  molecules: [
    "chembl_id",
    "generic_name",
    "parent_chembl_id",
    "molecule_type",
    "is_biologic",
    "tier",
    "max_phase",
    "is_approved",
    "first_approval_year",
    "has_black_box",
    "black_box_warning",
    "mechanism_of_action",
    "originator_id",
  ],
  approvals: [
    "approval_id",
    "key",
    "source",
    "region",
    "application_no",
    "application_type",
    "trade_name",
    "applicant_raw",
    "ingredient",
    "approval_date",
    "marketing_status",
    "is_orphan",
    "has_black_box",
    "is_breakthrough",
    "is_accelerated",
    "is_priority_review",
    "updated_at",
  ],
  patents: [
    "rid",
    "patent_id",
    "title",
    "abstract",
    "country",
    "kind",
    "legal_status",
    "publication_date",
    "priority_date",
    "application_date",
    "pub_year",
    "last_updated",
    "family_id",
    "cited_by_count",
  ],
} as const;
