/**
 * DDL of the sandbox store: normalized tables plus FTS5 indexes, the contract between the
 * seeded generator (`generate.ts`) and the sandbox HTTP handlers.
 *
 * Conventions
 * - Column names are snake_case; where the spec (part 2) names a row field, the column carries
 *   that exact name (`trial_id`, `start_date`, `approval_id`, `trade_name`, `applicant_raw`, ...).
 * - Dates are ISO `YYYY-MM-DD` TEXT, except patents, whose `publication_date`, `priority_date` and
 *   `application_date` are stored as the wire form `YYYYMMDD` (still sortable; compare a query
 *   `YYYY-MM-DD` after removing the dashes) and `last_updated` as epoch milliseconds.
 *   Timestamps (`updated_at`) are ISO `YYYY-MM-DDTHH:MM:SSZ` TEXT.
 * - Booleans are INTEGER 0/1. Lists are link tables; a few `*_json` columns hold the same list
 *   denormalized (a JSON array) for direct emission.
 * - Organization ids are `organizations/<key>`; disease ids are CURIEs with an uppercase prefix
 *   (`EFO:0000311`, `MONDO:0005148`); molecule ids are `CHEMBL<n>`; target ids are `ENSG...`;
 *   researcher ids `A<7-10 digits>`; work ids `W<digits>`; trial ids `NCT` + 8 digits.
 * - Trial `phase` stored values: `EARLY_PHASE1`, `PHASE1`, `PHASE1/PHASE2`, `PHASE2`,
 *   `PHASE2/PHASE3`, `PHASE3`, `PHASE4`, `NA`.
 * - FTS5 tables use `tokenize='porter unicode61'` and external content; the generator issues
 *   `INSERT INTO x_fts(x_fts) VALUES('rebuild')` after the bulk insert. Join with
 *   `JOIN trials t ON t.rid = trials_fts.rowid WHERE trials_fts MATCH '"lung cancer"'`.
 *
 * @module
 */

import { OTHER_DDL, PATENTS_DDL } from "./schema_records.ts";

export { OTHER_DDL, PATENTS_DDL };

/** Reference entities: organizations (+ hierarchy), SEC entities, diseases, targets, molecules. */
export const REFERENCE_DDL: string = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- Resolved canonical entities (hierarchy_level 'GLOBAL PARENT', is_entity 1, ror_id + lei set; this
-- includes subsidiaries, whose parent is in org_parent) and raw mentions (hierarchy_level
-- 'UNRESOLVED', is_entity 0, ror_id/lei NULL; resolved_to_id set when the mention resolves).
CREATE TABLE organizations (
  id TEXT PRIMARY KEY,                 -- 'organizations/<key>'
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  hierarchy_level TEXT NOT NULL,       -- 'GLOBAL PARENT' | 'UNRESOLVED'
  is_entity INTEGER NOT NULL,
  ror_id TEXT,                         -- bare 9-char ROR id, e.g. '0abc12d34'
  lei TEXT,                            -- 20 alphanumerics (ISO 17442 check digits)
  org_type TEXT NOT NULL,              -- company | academic | hospital | government | nonprofit | mention
  country TEXT,
  is_industry INTEGER NOT NULL,
  ultimate_parent_id TEXT,             -- top of the parent_of chain (self for a global parent); via resolved_to for mentions
  depth INTEGER NOT NULL,              -- parent_of hops below the ultimate parent (mentions: target depth + 1)
  resolved_to_id TEXT,                 -- mentions only: the entity it resolves to
  trial_count INTEGER NOT NULL DEFAULT 0,    -- distinct trials linked directly (trial_sponsors)
  approval_count INTEGER NOT NULL DEFAULT 0  -- distinct approvals linked directly (approval_sponsors)
);
CREATE INDEX organizations_name ON organizations(name COLLATE NOCASE);
CREATE INDEX organizations_lei ON organizations(lei);
CREATE INDEX organizations_ror ON organizations(ror_id);
-- Every name an organization is known by, with its orgKey (lib/client/names.ts): the name a source used, an
-- applicant's short form, a registry's labels and aliases. Filled by imports (a generated store leaves it
-- empty); sponsor resolution matches a name by its key here after the exact name.
CREATE TABLE org_names (org_id TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL,
  source TEXT NOT NULL,                -- 'mention' | 'applicant' | 'ror' | 'gleif' | ...
  PRIMARY KEY (key, org_id)) WITHOUT ROWID;
CREATE INDEX org_names_org ON org_names(org_id);
-- parent_of edges between entities (chains up to 6 hops deep).
CREATE TABLE org_parent (parent_id TEXT NOT NULL, child_id TEXT NOT NULL, PRIMARY KEY (parent_id, child_id));
CREATE INDEX org_parent_child ON org_parent(child_id);
-- Transitive closure over parent_of + resolved_to (self rows with hops 0). Family of X:
-- SELECT descendant_id FROM org_closure WHERE ancestor_id = X AND hops <= 6.
CREATE TABLE org_closure (
  ancestor_id TEXT NOT NULL, descendant_id TEXT NOT NULL, hops INTEGER NOT NULL,
  PRIMARY KEY (ancestor_id, descendant_id)
) WITHOUT ROWID;
CREATE INDEX org_closure_desc ON org_closure(descendant_id);
-- SEC registrants; several tickers may share one LEI; many LEIs have none.
CREATE TABLE sec_entities (ticker TEXT PRIMARY KEY, cik TEXT NOT NULL, name TEXT NOT NULL, lei TEXT);
CREATE INDEX sec_entities_lei ON sec_entities(lei);

CREATE TABLE diseases (
  id TEXT PRIMARY KEY,                 -- CURIE 'EFO:0000311' / 'MONDO:0005148'
  efo_key TEXT NOT NULL UNIQUE,        -- underscore form 'EFO_0000311' (Medicare's stored form)
  name TEXT NOT NULL,
  parent_id TEXT,                      -- direct parent (subtype_of); NULL for roots
  therapeutic_area TEXT NOT NULL,      -- oncology | metabolic | neurology | ...
  text_term TEXT NOT NULL              -- phrase used in generated trial/grant text, e.g. 'non-small cell lung cancer'
);
CREATE INDEX diseases_name ON diseases(name COLLATE NOCASE);
CREATE INDEX diseases_parent ON diseases(parent_id);
CREATE TABLE disease_synonyms (disease_id TEXT NOT NULL, synonym TEXT NOT NULL COLLATE NOCASE);
CREATE INDEX disease_synonyms_syn ON disease_synonyms(synonym);

CREATE TABLE targets (
  id TEXT PRIMARY KEY,                 -- 'ENSG...'
  symbol TEXT NOT NULL UNIQUE,         -- 'EGFR'
  name TEXT NOT NULL,                  -- protein name
  target_class TEXT NOT NULL,          -- kinase | receptor | enzyme | ...
  novelty REAL NOT NULL                -- 0..1, higher = less explored
);
CREATE TABLE target_aliases (target_id TEXT NOT NULL, alias TEXT NOT NULL COLLATE NOCASE);
CREATE INDEX target_aliases_alias ON target_aliases(alias);
CREATE TABLE associations (
  target_id TEXT NOT NULL, disease_id TEXT NOT NULL,
  score REAL NOT NULL,                 -- 0..1, 3 decimals
  evidence_count INTEGER NOT NULL,
  PRIMARY KEY (target_id, disease_id)
);
CREATE INDEX associations_disease ON associations(disease_id, score DESC);

-- Parent molecules and their salt/related forms (parent_chembl_id set, no targets of their own).
CREATE TABLE molecules (
  chembl_id TEXT PRIMARY KEY,          -- 'CHEMBL<n>'
  generic_name TEXT NOT NULL,          -- lowercase INN, e.g. 'osimertinib' / 'osimertinib mesylate'
  parent_chembl_id TEXT,
  molecule_type TEXT NOT NULL,         -- 'Small molecule' | 'Antibody' | 'Protein' | 'Oligonucleotide'
  is_biologic INTEGER NOT NULL,
  tier TEXT NOT NULL,                  -- 'biologics' | 'small_molecules_modern' | 'commodities' (landscape keys)
  max_phase REAL NOT NULL,             -- 0.5, 1, 2, 3, 4
  is_approved INTEGER NOT NULL,
  first_approval_year INTEGER,
  has_black_box INTEGER NOT NULL,
  black_box_warning TEXT,
  mechanism_of_action TEXT,            -- e.g. 'Epidermal growth factor receptor inhibitor'
  originator_id TEXT                   -- organizations id of the originator family
);
CREATE INDEX molecules_parent ON molecules(parent_chembl_id);
CREATE INDEX molecules_name ON molecules(generic_name COLLATE NOCASE);
-- Every name a drug can be resolved by: kind 'generic' | 'brand' | 'salt' | 'code'.
CREATE TABLE molecule_names (chembl_id TEXT NOT NULL, name TEXT NOT NULL COLLATE NOCASE, kind TEXT NOT NULL);
CREATE INDEX molecule_names_name ON molecule_names(name);
CREATE INDEX molecule_names_id ON molecule_names(chembl_id);
CREATE TABLE molecule_targets (
  chembl_id TEXT NOT NULL, target_id TEXT NOT NULL,
  action_type TEXT NOT NULL,           -- uppercase: INHIBITOR, AGONIST, ANTAGONIST, ANTIBODY, MODULATOR, BLOCKER, ...
  mechanism_of_action TEXT NOT NULL,
  PRIMARY KEY (chembl_id, target_id)
);
CREATE INDEX molecule_targets_target ON molecule_targets(target_id);
-- Indications a molecule is developed/approved for (max_phase per indication).
CREATE TABLE molecule_indications (
  chembl_id TEXT NOT NULL, disease_id TEXT NOT NULL, max_phase REAL NOT NULL,
  PRIMARY KEY (chembl_id, disease_id)
);
CREATE INDEX molecule_indications_disease ON molecule_indications(disease_id);

-- OpenAlex-like topics (trials, grants); topic_diseases links a topic to diseases it covers.
CREATE TABLE topics (rid INTEGER PRIMARY KEY, topic_id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  subfield TEXT NOT NULL, field TEXT NOT NULL, domain TEXT NOT NULL);
CREATE TABLE topic_diseases (topic_id TEXT NOT NULL, disease_id TEXT NOT NULL, PRIMARY KEY (topic_id, disease_id));
CREATE INDEX topic_diseases_disease ON topic_diseases(disease_id);
CREATE VIRTUAL TABLE topics_fts USING fts5(name, content='topics', content_rowid='rid', tokenize='porter unicode61');
`;

/** Clinical trials and their links (sponsors, conditions, interventions, topics, investigators). */
export const TRIALS_DDL: string = `
CREATE TABLE trials (
  rid INTEGER PRIMARY KEY,
  trial_id TEXT NOT NULL UNIQUE,       -- 'NCT' + 8 digits, uppercase
  title TEXT NOT NULL,
  summary TEXT NOT NULL,               -- English text naming the disease/drug (FTS)
  status TEXT NOT NULL,                -- one of the 9 uppercase statuses
  phase TEXT NOT NULL,                 -- normalized stored value (see module doc)
  start_date TEXT,                     -- YYYY-MM-DD (NULL for a few NOT_YET_RECRUITING/WITHDRAWN)
  completion_date TEXT,
  last_status_change TEXT NOT NULL,    -- YYYY-MM-DD of the latest status transition
  enrollment INTEGER,                  -- NULL for ~6%
  updated_at TEXT,                     -- ISO timestamp; NULL for ~15% ('updated' sort skips them)
  sex TEXT NOT NULL,                   -- ALL | FEMALE | MALE
  min_age_years REAL,
  max_age_years REAL,
  healthy_volunteers INTEGER NOT NULL,
  design_allocation TEXT,              -- 'Randomized' | 'Non-Randomized' | NULL (single arm)
  design_masking TEXT,                 -- 'None (Open Label)' | 'Single' | 'Double' | 'Triple' | 'Quadruple'
  design_primary_purpose TEXT,         -- 'Treatment' | 'Prevention' | 'Diagnostic' | 'Supportive Care' | ...
  therapeutic_area TEXT NOT NULL,
  n_sites INTEGER NOT NULL,            -- trial-pos feature
  n_countries INTEGER NOT NULL,        -- trial-pos feature
  has_biomarker INTEGER NOT NULL,      -- trial-pos feature (biomarker-selected population)
  lead_is_industry INTEGER NOT NULL,   -- trial-pos feature
  prior_approval INTEGER NOT NULL,     -- trial-pos feature: the lead drug is already approved
  pos_score REAL NOT NULL              -- formulas.trialPos(features), 0..100 with 2 decimals
);
CREATE INDEX trials_status ON trials(status);
CREATE INDEX trials_phase ON trials(phase);
CREATE INDEX trials_start ON trials(start_date);
CREATE INDEX trials_updated ON trials(updated_at);
CREATE INDEX trials_enrollment ON trials(enrollment);
CREATE VIRTUAL TABLE trials_fts USING fts5(title, summary, content='trials', content_rowid='rid',
  tokenize='porter unicode61');
-- org_id: a resolved entity, or an UNRESOLVED mention node; sponsor_name = the resolved name (the
-- entity's name; for a mention, the name of the entity it resolves to, else the mention's own name)
-- = what the registry 'sponsor' filter matches exactly; raw_name = string as registered.
CREATE TABLE trial_sponsors (
  trial_id TEXT NOT NULL, org_id TEXT NOT NULL, sponsor_name TEXT NOT NULL, raw_name TEXT NOT NULL,
  role TEXT NOT NULL,                  -- 'lead' | 'collaborator'
  PRIMARY KEY (trial_id, org_id)
);
CREATE INDEX trial_sponsors_org ON trial_sponsors(org_id);
CREATE INDEX trial_sponsors_name ON trial_sponsors(sponsor_name);
-- Covering, in the registry rows' order (lead first, then by name): a page's sponsor lists come from the
-- index alone.
CREATE INDEX trial_sponsors_list ON trial_sponsors(trial_id, role = 'lead' DESC, sponsor_name);
-- condition_name = resolved disease name when disease_id is set, else the raw free-text condition.
CREATE TABLE trial_conditions (trial_id TEXT NOT NULL, position INTEGER NOT NULL, disease_id TEXT,
  condition_name TEXT NOT NULL, PRIMARY KEY (trial_id, position));
CREATE INDEX trial_conditions_disease ON trial_conditions(disease_id);
CREATE INDEX trial_conditions_name ON trial_conditions(condition_name);
CREATE INDEX trial_conditions_list ON trial_conditions(trial_id, position, condition_name); -- covering
CREATE TABLE trial_interventions (trial_id TEXT NOT NULL, position INTEGER NOT NULL, chembl_id TEXT,
  name TEXT NOT NULL, intervention_type TEXT NOT NULL, -- DRUG | BIOLOGICAL | PROCEDURE | BEHAVIORAL | OTHER
  PRIMARY KEY (trial_id, position));
CREATE INDEX trial_interventions_drug ON trial_interventions(chembl_id);
CREATE TABLE trial_topics (trial_id TEXT NOT NULL, topic_id TEXT NOT NULL, score REAL NOT NULL,
  PRIMARY KEY (trial_id, topic_id));
CREATE INDEX trial_topics_topic ON trial_topics(topic_id);
CREATE TABLE trial_investigators (trial_id TEXT NOT NULL, author_id TEXT NOT NULL,
  match_tag TEXT NOT NULL,             -- verified | shortcut | llm
  role TEXT NOT NULL, PRIMARY KEY (trial_id, author_id));
CREATE INDEX trial_investigators_author ON trial_investigators(author_id);
-- Derived (filled by the generator from trials after the bulk insert; not part of contentDigest):
-- the registry's scalar filter columns of every trial, narrow and clustered by (status, phase), so
-- a phrase search builds its filtered rid set without touching the wide trials rows.
CREATE TABLE trial_filter (
  status TEXT NOT NULL, phase TEXT NOT NULL, rid INTEGER NOT NULL, trial_id TEXT NOT NULL,
  enrollment INTEGER, start_date TEXT, completion_date TEXT, sex TEXT NOT NULL, min_age_years REAL,
  max_age_years REAL, healthy_volunteers INTEGER NOT NULL, design_allocation TEXT, design_masking TEXT,
  design_primary_purpose TEXT, PRIMARY KEY (status, phase, rid)
) WITHOUT ROWID;
CREATE INDEX trial_filter_phase ON trial_filter(phase);
CREATE INDEX trial_filter_trial ON trial_filter(trial_id);
`;

/** Derived tables: rebuilt from the original tables, left out of the content digest. */
export const DERIVED_TABLES: readonly string[] = ["trial_filter"];

/** Fills the derived tables from the original ones (run after the bulk insert). */
export const DERIVED_FILL_SQL: string = `
INSERT INTO trial_filter SELECT status, phase, rid, trial_id, enrollment, start_date, completion_date, sex,
  min_age_years, max_age_years, healthy_volunteers, design_allocation, design_masking, design_primary_purpose
  FROM trials ORDER BY status, phase, rid;
`;

/** Regulatory approvals with sponsors, drugs, indications, flags, patents and exclusivities. */
export const REGULATORY_DDL: string = `
CREATE TABLE approvals (
  rid INTEGER PRIMARY KEY,
  approval_id TEXT NOT NULL UNIQUE,    -- public: 'FDA_ORANGE:<n>' | 'FDA_PURPLE:<id>' | 'EMA:EU/1/yy/nnnn'
  key TEXT NOT NULL UNIQUE,            -- internal _key; catalyst events emit 'regulatory_approval/' || key
  source TEXT NOT NULL,                -- 'FDA_ORANGE' | 'FDA_PURPLE' | 'EMA'
  region TEXT NOT NULL,                -- 'US' | 'EU'
  application_no TEXT NOT NULL,        -- NDA/ANDA/BLA number or EU procedure number
  application_type TEXT NOT NULL,      -- NDA | ANDA | BLA | BLA_BIOSIMILAR | EU_CENTRAL
  trade_name TEXT NOT NULL,
  applicant_raw TEXT NOT NULL,
  ingredient TEXT NOT NULL,            -- active ingredient(s) as labelled, uppercase for FDA
  approval_date TEXT NOT NULL,
  marketing_status TEXT NOT NULL,      -- 'Rx' | 'OTC' | 'Disc'
  is_orphan INTEGER NOT NULL,
  has_black_box INTEGER NOT NULL,
  is_breakthrough INTEGER NOT NULL,
  is_accelerated INTEGER NOT NULL,
  is_priority_review INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX approvals_date ON approvals(approval_date);
CREATE INDEX approvals_source ON approvals(source);
CREATE VIRTUAL TABLE approvals_fts USING fts5(trade_name, applicant_raw, ingredient, content='approvals',
  content_rowid='rid', tokenize='porter unicode61');
-- Link tables are keyed by the internal key (approvals.key).
CREATE TABLE approval_sponsors (approval_key TEXT NOT NULL, org_id TEXT NOT NULL, PRIMARY KEY (approval_key, org_id));
CREATE INDEX approval_sponsors_org ON approval_sponsors(org_id);
CREATE TABLE approval_drugs (approval_key TEXT NOT NULL, chembl_id TEXT NOT NULL, PRIMARY KEY (approval_key, chembl_id));
CREATE INDEX approval_drugs_drug ON approval_drugs(chembl_id);
-- Imported stores: the names an approval's drug is asked for by (baseName of each labelled ingredient, the
-- trade name in lower case), so catalysts and approvals find a drug by name without a molecule database.
CREATE TABLE approval_names (approval_key TEXT NOT NULL, name_key TEXT NOT NULL, PRIMARY KEY (name_key, approval_key))
  WITHOUT ROWID;
CREATE TABLE approval_indications (approval_key TEXT NOT NULL, disease_id TEXT NOT NULL,
  PRIMARY KEY (approval_key, disease_id));
CREATE INDEX approval_indications_disease ON approval_indications(disease_id);
-- delist_requested: the Orange Book's Delist_Flag (the holder asked FDA to delist it); the patent stays listed
-- and protecting until FDA removes it (a first generic applicant may keep its 180-day eligibility).
CREATE TABLE approval_patents (approval_key TEXT NOT NULL, patent_no TEXT NOT NULL, expiry_date TEXT NOT NULL,
  drug_substance INTEGER NOT NULL, drug_product INTEGER NOT NULL, use_code TEXT,
  delist_requested INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (approval_key, patent_no));
CREATE INDEX approval_patents_expiry ON approval_patents(expiry_date);
CREATE TABLE approval_exclusivities (approval_key TEXT NOT NULL, code TEXT NOT NULL, description TEXT NOT NULL,
  expiry_date TEXT NOT NULL, PRIMARY KEY (approval_key, code));
CREATE INDEX approval_exclusivities_expiry ON approval_exclusivities(expiry_date);
`;

/** The FTS5 tables that need `'rebuild'` after a bulk insert. */
export const FTS_TABLES: readonly string[] = [
  "topics_fts",
  "trials_fts",
  "approvals_fts",
  "grants_fts",
  "medicare_fts",
];

/**
 * Split DDL into table statements and index (and trigger) statements, so a bulk load can create
 * secondary and unique indexes after the inserts (much faster than maintaining them row by row).
 *
 * @param ddl DDL text (defaults to the complete schema).
 * @returns `{tables, indexes}` SQL texts.
 */
export function splitDdl(ddl: string = SCHEMA_DDL): { tables: string; indexes: string } {
  const lines = ddl.split("\n");
  // Triggers (one line each) only keep derived tables in step for other writers: a bulk load
  // writes those tables itself and creates the triggers afterwards, with the indexes.
  const isIndex = (l: string): boolean => /^CREATE ((UNIQUE )?INDEX|TRIGGER) /.test(l);
  return {
    tables: lines.filter((l) => !isIndex(l)).join("\n"),
    indexes: lines.filter(isIndex).join("\n"),
  };
}

/** The complete DDL, in dependency order. */
export const SCHEMA_DDL: string = [REFERENCE_DDL, TRIALS_DDL, REGULATORY_DDL, PATENTS_DDL, OTHER_DDL].join(
  "\n",
);
