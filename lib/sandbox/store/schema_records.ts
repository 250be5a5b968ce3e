/**
 * DDL for patents, grants, Medicare drugs, researchers/works and alerts (see `schema.ts` for the
 * conventions shared by every table).
 *
 * @module
 */

/** Patents: records, assignees (raw + resolved), CPC classifications, inventors, citations. */
export const PATENTS_DDL: string = `
CREATE TABLE cpc_codes (code TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE patents (
  rid INTEGER PRIMARY KEY,
  patent_id TEXT NOT NULL UNIQUE,      -- e.g. 'US11234567B2', 'EP3456789B1', 'WO2023123456A1'
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
CREATE INDEX patents_pub ON patents(publication_date);
CREATE INDEX patents_year ON patents(pub_year);
CREATE INDEX patents_family ON patents(family_id);
CREATE INDEX patents_title ON patents(title);
-- raw_name is the source of truth; mention_id/direct_id/ultimate_id are the (probabilistic)
-- resolution: ~3% point at an organization that does not own the record.
CREATE TABLE patent_assignees (patent_id TEXT NOT NULL, position INTEGER NOT NULL, raw_name TEXT NOT NULL,
  mention_id TEXT, direct_id TEXT, ultimate_id TEXT, PRIMARY KEY (patent_id, position));
CREATE INDEX patent_assignees_raw ON patent_assignees(raw_name);
CREATE INDEX patent_assignees_direct ON patent_assignees(direct_id);
CREATE INDEX patent_assignees_ultimate ON patent_assignees(ultimate_id);
CREATE TABLE patent_cpc (patent_id TEXT NOT NULL, position INTEGER NOT NULL, cpc_code TEXT NOT NULL,
  cpc_subclass TEXT NOT NULL,          -- first 4 chars, e.g. 'A61K'
  PRIMARY KEY (patent_id, position));
CREATE INDEX patent_cpc_code ON patent_cpc(cpc_code);
CREATE INDEX patent_cpc_subclass ON patent_cpc(cpc_subclass);
CREATE TABLE patent_inventors (patent_id TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
  PRIMARY KEY (patent_id, position));
CREATE TABLE patent_citations (patent_id TEXT NOT NULL, position INTEGER NOT NULL,
  kind TEXT NOT NULL,                  -- 'patent' | 'npl'
  cited TEXT NOT NULL,                 -- cited patent_id, or a non-patent literature reference
  PRIMARY KEY (patent_id, position));
`;

/** Grants, Medicare Part D drugs, researchers and works, alerts. */
export const OTHER_DDL: string = `
CREATE TABLE grants (
  rid INTEGER PRIMARY KEY,
  grant_id TEXT NOT NULL UNIQUE,       -- NIH: 'R01CA123456'-like; CORDIS: numeric project id
  title TEXT NOT NULL,
  abstract TEXT NOT NULL,
  source TEXT NOT NULL,                -- NIH | CORDIS
  funding_amount REAL NOT NULL,        -- USD
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX grants_start ON grants(start_date);
CREATE INDEX grants_funding ON grants(funding_amount);
CREATE VIRTUAL TABLE grants_fts USING fts5(title, abstract, content='grants', content_rowid='rid',
  tokenize='porter unicode61');
CREATE TABLE grant_organizations (grant_id TEXT NOT NULL, position INTEGER NOT NULL,
  role TEXT NOT NULL,                  -- 'organization' (lead) | 'partner'
  name TEXT NOT NULL, org_id TEXT, PRIMARY KEY (grant_id, position));
CREATE INDEX grant_organizations_org ON grant_organizations(org_id);
CREATE TABLE grant_topics (grant_id TEXT NOT NULL, topic_id TEXT NOT NULL, PRIMARY KEY (grant_id, topic_id));
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
CREATE TABLE work_authors (work_id TEXT NOT NULL, author_id TEXT NOT NULL, position INTEGER NOT NULL,
  PRIMARY KEY (author_id, work_id));
CREATE INDEX work_authors_work ON work_authors(work_id);

-- tenant is the demo key's tier name: 'free' | 'pro' | 'pos'. metadata_json is stripped by the list endpoint.
CREATE TABLE alerts (alert_db_id TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL,
  alert_type TEXT NOT NULL, query_json TEXT NOT NULL, frequency TEXT NOT NULL, is_active INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_triggered_at TEXT, metadata_json TEXT NOT NULL);
CREATE INDEX alerts_tenant ON alerts(tenant);
`;
