/**
 * DDL for patents, grants, Medicare drugs, researchers/works and alerts (see `schema.ts` for the
 * conventions shared by every table).
 *
 * @module
 */

/**
 * Patents: records, assignees (raw + resolved), CPC classifications, inventors, citations.
 *
 * Uniqueness of the TEXT-keyed tables is declared with `CREATE UNIQUE INDEX` rather than inline
 * `UNIQUE`/`PRIMARY KEY`, so a bulk load can build those indexes once, sorted, after the inserts
 * (patent ids are random: inserting into a growing TEXT index row by row is the slow part).
 *
 * CPC codes and assignees live in `patent_cpc_rid` and `patent_assignee_rid`, keyed by the patent's
 * integer `rid` with its `pub_year` and `publication_date` alongside, so filters and aggregates never
 * join on TEXT ids; `patent_cpc` and `patent_assignees` are views giving them by `patent_id` (insert
 * through the views works: the patent row must exist first). `patent_anchor` lists the company
 * anchors each patent matches. The generator writes all of these directly; for any other writer the
 * triggers keep `prev_code` and `patent_anchor` in step on insert (organizations and `org_closure`
 * first). Nothing is maintained on UPDATE or DELETE.
 * `patent_year_counts` (distinct patents per publication year and subclass and/or `company_key`) and
 * `patent_cpc_pairs` (CPC rows per code, next-lower code and year) are filled by the generator, which
 * records `meta.patent_year_counts = '1'`; without that flag (e.g. a hand-built store), handlers
 * count from the mirrors instead.
 */
export const PATENTS_DDL: string = `
CREATE TABLE cpc_codes (code TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE patents (
  rid INTEGER PRIMARY KEY,
  patent_id TEXT NOT NULL,             -- unique; e.g. 'US11234567B2', 'EP3456789B1', 'WO2023123456A1'
  title TEXT NOT NULL,
  abstract TEXT NOT NULL,
  country TEXT NOT NULL,               -- US | EP | WO | CN | JP
  kind TEXT NOT NULL,
  legal_status TEXT NOT NULL,          -- ACTIVE | PENDING | EXPIRED | LAPSED | WITHDRAWN
  publication_date TEXT NOT NULL,      -- YYYYMMDD
  priority_date TEXT NOT NULL,         -- YYYYMMDD
  application_date TEXT NOT NULL,      -- YYYYMMDD
  pub_year INTEGER NOT NULL,
  last_updated INTEGER NOT NULL,       -- epoch ms
  family_id TEXT NOT NULL,             -- family members share it
  cited_by_count INTEGER NOT NULL      -- graph-enriched citation count
);
CREATE UNIQUE INDEX patents_patent_id ON patents(patent_id);
CREATE INDEX patents_pub ON patents(publication_date, patent_id);
CREATE INDEX patents_year ON patents(pub_year);
CREATE INDEX patents_family ON patents(family_id);
CREATE INDEX patents_title ON patents(title, patent_id);
CREATE TABLE patent_inventors (patent_id TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL);
CREATE UNIQUE INDEX patent_inventors_pk ON patent_inventors(patent_id, position);
CREATE TABLE patent_citations (patent_id TEXT NOT NULL, position INTEGER NOT NULL,
  kind TEXT NOT NULL,                  -- 'patent' | 'npl'
  cited TEXT NOT NULL);                -- cited patent_id, or a non-patent literature reference
CREATE UNIQUE INDEX patent_citations_pk ON patent_citations(patent_id, position);

-- CPC classifications and assignees, keyed by the patent's integer rid with its pub_year and
-- publication_date alongside (WITHOUT ROWID: every secondary index also carries (patent_rid,
-- position)); the generator appends them in rid order. The views patent_cpc and patent_assignees
-- below give them by TEXT patent_id.
-- prev_code: the patent's next-lower CPC code (NULL for its lowest). The codes of a patent inside a
-- code range [lo, hi) are consecutive in code order, so exactly one of them has prev_code NULL or
-- < lo: counting those rows counts distinct patents, with no DISTINCT.
CREATE TABLE patent_cpc_rid (patent_rid INTEGER NOT NULL, position INTEGER NOT NULL, cpc_code TEXT NOT NULL,
  cpc_subclass TEXT NOT NULL,          -- first 4 chars, e.g. 'A61K'
  prev_code TEXT, pub_year INTEGER NOT NULL, publication_date TEXT NOT NULL,
  PRIMARY KEY (patent_rid, position)) WITHOUT ROWID;
CREATE INDEX patent_cpc_rid_code ON patent_cpc_rid(cpc_code, prev_code, publication_date);
CREATE INDEX patent_cpc_rid_year ON patent_cpc_rid(pub_year, cpc_subclass);
-- raw_name is the source of truth; mention_id/direct_id/ultimate_id are the (probabilistic)
-- resolution: ~3% point at an organization that does not own the record.
-- company_key = COALESCE(ultimate_id, mention_id, raw_name), the aggregate's company group.
CREATE TABLE patent_assignee_rid (patent_rid INTEGER NOT NULL, position INTEGER NOT NULL, raw_name TEXT NOT NULL,
  mention_id TEXT, direct_id TEXT, ultimate_id TEXT, company_key TEXT NOT NULL, pub_year INTEGER NOT NULL,
  publication_date TEXT NOT NULL, PRIMARY KEY (patent_rid, position)) WITHOUT ROWID;
CREATE INDEX patent_assignee_rid_raw ON patent_assignee_rid(raw_name);
CREATE INDEX patent_assignee_rid_year ON patent_assignee_rid(pub_year, company_key);
-- Company anchors of a patent: every org_closure ancestor (hops <= 6) of one of its assignees'
-- direct_id, ultimate_id or mention_id; so "assignee in the family of X" is anchor_id = X.
CREATE TABLE patent_anchor (anchor_id TEXT NOT NULL, patent_rid INTEGER NOT NULL, pub_year INTEGER NOT NULL,
  publication_date TEXT NOT NULL, PRIMARY KEY (anchor_id, patent_rid)) WITHOUT ROWID;
-- Pre-computed distinct-patent counts per publication year (generator only; see the module doc).
-- dim 'year' | 'cpc' | 'company' | 'cpc,company'; cpc = subclass, company = company_key ('' when not in dim).
CREATE TABLE patent_year_counts (dim TEXT NOT NULL, cpc TEXT NOT NULL, company TEXT NOT NULL,
  pub_year INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (dim, pub_year, cpc, company)) WITHOUT ROWID;
-- Rows of patent_cpc_rid counted by (cpc_code, prev_code ('' for NULL), pub_year): with the
-- prev_code rule above, answers CPC-filtered counts by year or subclass (generator only).
CREATE TABLE patent_cpc_pairs (cpc_code TEXT NOT NULL, prev_code TEXT NOT NULL, pub_year INTEGER NOT NULL,
  n INTEGER NOT NULL, PRIMARY KEY (cpc_code, prev_code, pub_year)) WITHOUT ROWID;
CREATE VIEW patent_cpc (patent_id, position, cpc_code, cpc_subclass) AS
  SELECT p.patent_id, c.position, c.cpc_code, c.cpc_subclass FROM patent_cpc_rid c JOIN patents p ON p.rid = c.patent_rid;
CREATE VIEW patent_assignees (patent_id, position, raw_name, mention_id, direct_id, ultimate_id) AS
  SELECT p.patent_id, a.position, a.raw_name, a.mention_id, a.direct_id, a.ultimate_id
  FROM patent_assignee_rid a JOIN patents p ON p.rid = a.patent_rid;
CREATE TRIGGER patent_cpc_insert INSTEAD OF INSERT ON patent_cpc BEGIN INSERT INTO patent_cpc_rid (patent_rid, position, cpc_code, cpc_subclass, pub_year, publication_date) SELECT p.rid, NEW.position, NEW.cpc_code, NEW.cpc_subclass, p.pub_year, p.publication_date FROM patents p WHERE p.patent_id = NEW.patent_id; END;
CREATE TRIGGER patent_assignees_insert INSTEAD OF INSERT ON patent_assignees BEGIN INSERT INTO patent_assignee_rid SELECT p.rid, NEW.position, NEW.raw_name, NEW.mention_id, NEW.direct_id, NEW.ultimate_id, COALESCE(NEW.ultimate_id, NEW.mention_id, NEW.raw_name), p.pub_year, p.publication_date FROM patents p WHERE p.patent_id = NEW.patent_id; END;
CREATE TRIGGER patent_cpc_rid_prev AFTER INSERT ON patent_cpc_rid BEGIN UPDATE patent_cpc_rid SET prev_code = (SELECT max(q.cpc_code) FROM patent_cpc_rid q WHERE q.patent_rid = NEW.patent_rid AND q.cpc_code < patent_cpc_rid.cpc_code) WHERE patent_rid = NEW.patent_rid; END;
CREATE TRIGGER patent_assignee_rid_anchor AFTER INSERT ON patent_assignee_rid BEGIN INSERT OR IGNORE INTO patent_anchor SELECT c.ancestor_id, NEW.patent_rid, NEW.pub_year, NEW.publication_date FROM org_closure c WHERE c.descendant_id IN (NEW.direct_id, NEW.ultimate_id, NEW.mention_id) AND c.hops <= 6; END;
`;

/** Grants, Medicare Part D drugs, researchers and works, alerts. */
export const OTHER_DDL: string = `
CREATE TABLE grants (
  rid INTEGER PRIMARY KEY,
  grant_id TEXT NOT NULL UNIQUE,       -- NIH: 'R01CA123456'-like; CORDIS: numeric project id
  title TEXT NOT NULL,
  abstract TEXT NOT NULL,
  source TEXT NOT NULL,                -- NIH | CORDIS
  funding_amount REAL NOT NULL,        -- in \`currency\`
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'USD' -- ISO 4217 of funding_amount: imported CORDIS grants are in EUR
);
CREATE INDEX grants_start ON grants(start_date);
CREATE INDEX grants_funding ON grants(funding_amount);
CREATE VIRTUAL TABLE grants_fts USING fts5(title, abstract, content='grants', content_rowid='rid',
  tokenize='porter unicode61');
CREATE TABLE grant_organizations (grant_id TEXT NOT NULL, position INTEGER NOT NULL,
  role TEXT NOT NULL,                  -- 'organization' (lead) | 'partner'
  name TEXT NOT NULL, org_id TEXT);
CREATE UNIQUE INDEX grant_organizations_pk ON grant_organizations(grant_id, position);
CREATE INDEX grant_organizations_org ON grant_organizations(org_id);
CREATE TABLE grant_topics (grant_id TEXT NOT NULL, topic_id TEXT NOT NULL);
CREATE UNIQUE INDEX grant_topics_pk ON grant_topics(grant_id, topic_id);
CREATE INDEX grant_topics_topic ON grant_topics(topic_id);

CREATE TABLE medicare_drugs (
  rid INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,            -- the row's _key
  generic_name TEXT NOT NULL,          -- Title Case, e.g. 'Osimertinib Mesylate'
  brand_names_json TEXT NOT NULL,      -- JSON array of brand names (may be empty)
  is_branded INTEGER NOT NULL,
  total_spending REAL NOT NULL,
  total_claims INTEGER NOT NULL,       -- 0 for a few rows (avg per claim is NULL then)
  total_beneficiaries INTEGER NOT NULL,-- 0 for a few rows
  chembl_id TEXT,                      -- molecule.chembl_id; NULL when unmatched
  match_method TEXT NOT NULL,          -- exact_generic | unmatched
  year INTEGER NOT NULL                -- 2025
);
CREATE INDEX medicare_spending ON medicare_drugs(total_spending);
CREATE INDEX medicare_generic ON medicare_drugs(generic_name COLLATE NOCASE);
CREATE VIRTUAL TABLE medicare_fts USING fts5(generic_name, brand_names_json, content='medicare_drugs',
  content_rowid='rid', tokenize='porter unicode61');
CREATE TABLE medicare_brands (medicare_key TEXT NOT NULL, brand_name TEXT NOT NULL COLLATE NOCASE);
CREATE INDEX medicare_brands_name ON medicare_brands(brand_name);
-- Raw indication rows: may repeat an efo_id under a variant name (the server deduplicates by efo_id).
CREATE TABLE medicare_indications (medicare_key TEXT NOT NULL, efo_id TEXT NOT NULL, disease_id TEXT NOT NULL,
  name TEXT NOT NULL);                 -- efo_id in the stored underscore form 'EFO_0000311'
CREATE INDEX medicare_indications_key ON medicare_indications(medicare_key);
CREATE INDEX medicare_indications_efo ON medicare_indications(efo_id);

-- works_count/cited_by_count/h_index may exceed what the stored works add up to (partial duplicate profiles).
CREATE TABLE researchers (author_id TEXT PRIMARY KEY, name TEXT NOT NULL, orcid TEXT, institution_id TEXT,
  works_count INTEGER NOT NULL, cited_by_count INTEGER NOT NULL, h_index INTEGER NOT NULL);
CREATE TABLE works (work_id TEXT PRIMARY KEY, title TEXT NOT NULL, doi TEXT, type TEXT NOT NULL,
  publication_date TEXT NOT NULL, venue TEXT, cited_by_count INTEGER NOT NULL, is_open_access INTEGER NOT NULL);
CREATE TABLE work_authors (work_id TEXT NOT NULL, author_id TEXT NOT NULL, position INTEGER NOT NULL);
CREATE UNIQUE INDEX work_authors_pk ON work_authors(author_id, work_id);
CREATE INDEX work_authors_work ON work_authors(work_id);

-- tenant is the demo key's tier name: 'free' | 'pro' | 'pos'. metadata_json is stripped by the list endpoint.
CREATE TABLE alerts (alert_db_id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL,
  alert_type TEXT NOT NULL, query_json TEXT NOT NULL, frequency TEXT NOT NULL, is_active INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_triggered_at TEXT, metadata_json TEXT NOT NULL);
CREATE INDEX alerts_tenant ON alerts(tenant);
`;
