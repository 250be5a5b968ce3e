import assert from "node:assert/strict";
import { contentDigest, createStore, DEFAULT_TODAY, type Store } from "../../lib/sandbox/store/generate.ts";
import { competitivenessIndex, trialPos } from "../../lib/sandbox/store/formulas.ts";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SCHEMA_DDL } from "../../lib/sandbox/store/schema.ts";
import { handlers } from "../../lib/sandbox/handlers/patents.ts";
import { invoke } from "./_invoke.ts";
import type { EndpointName } from "../../lib/client/endpoints/mod.ts";

let shared: Store | undefined;
function store(): Store {
  shared ??= createStore({ seed: 42, scale: "tiny" });
  return shared;
}
function one<T = number>(sql: string, ...params: (string | number)[]): T {
  const row = store().db.prepare(sql).get(...params) as Record<string, T>;
  return Object.values(row)[0];
}

Deno.test("createStore() produces byte-identical data for the same seed and different data for another", async () => {
  const a = createStore({ seed: 7, scale: "tiny" });
  const b = createStore({ seed: 7, scale: "tiny" });
  const c = createStore({ seed: 8, scale: "tiny" });
  try {
    const [da, db, dc] = await Promise.all([contentDigest(a.db), contentDigest(b.db), contentDigest(c.db)]);
    assert.equal(da, db);
    assert.notEqual(da, dc);
  } finally {
    a.close(), b.close(), c.close();
  }
});

Deno.test("createStore() tiny preset has the documented row counts and no empty table", () => {
  const counts = store().counts();
  // The preset's trials, plus the attrition programmes' own (their drugs are CHEMBL98…: gen_attrition.ts).
  const attrition = one(
    "SELECT count(DISTINCT trial_id) AS n FROM trial_interventions WHERE chembl_id LIKE 'CHEMBL98%'",
  );
  assert.ok(attrition > 0);
  assert.equal(counts.trials, 2000 + attrition);
  assert.equal(counts.patents, 3000);
  assert.equal(counts.grants, 800);
  assert.ok(counts.approvals >= 300, `approvals ${counts.approvals}`);
  for (const [table, n] of Object.entries(counts)) assert.ok(n > 0, `${table} is empty`);
  assert.equal(store().today, DEFAULT_TODAY);
});

Deno.test("every link points to an existing row", () => {
  const links: [string, string, string, string][] = [
    ["org_parent", "parent_id", "organizations", "id"],
    ["org_parent", "child_id", "organizations", "id"],
    ["org_closure", "ancestor_id", "organizations", "id"],
    ["org_closure", "descendant_id", "organizations", "id"],
    ["organizations", "resolved_to_id", "organizations", "id"],
    ["organizations", "ultimate_parent_id", "organizations", "id"],
    ["sec_entities", "lei", "organizations", "lei"],
    ["diseases", "parent_id", "diseases", "id"],
    ["disease_synonyms", "disease_id", "diseases", "id"],
    ["target_aliases", "target_id", "targets", "id"],
    ["associations", "target_id", "targets", "id"],
    ["associations", "disease_id", "diseases", "id"],
    ["molecules", "parent_chembl_id", "molecules", "chembl_id"],
    ["molecules", "originator_id", "organizations", "id"],
    ["molecule_names", "chembl_id", "molecules", "chembl_id"],
    ["molecule_targets", "chembl_id", "molecules", "chembl_id"],
    ["molecule_targets", "target_id", "targets", "id"],
    ["molecule_indications", "disease_id", "diseases", "id"],
    ["topic_diseases", "topic_id", "topics", "topic_id"],
    ["topic_diseases", "disease_id", "diseases", "id"],
    ["trial_sponsors", "trial_id", "trials", "trial_id"],
    ["trial_sponsors", "org_id", "organizations", "id"],
    ["trial_conditions", "trial_id", "trials", "trial_id"],
    ["trial_conditions", "disease_id", "diseases", "id"],
    ["trial_interventions", "chembl_id", "molecules", "chembl_id"],
    ["trial_topics", "topic_id", "topics", "topic_id"],
    ["trial_investigators", "author_id", "researchers", "author_id"],
    ["trial_investigators", "trial_id", "trials", "trial_id"],
    ["approval_sponsors", "approval_key", "approvals", "key"],
    ["approval_sponsors", "org_id", "organizations", "id"],
    ["approval_drugs", "chembl_id", "molecules", "chembl_id"],
    ["approval_indications", "disease_id", "diseases", "id"],
    ["approval_patents", "approval_key", "approvals", "key"],
    ["approval_exclusivities", "approval_key", "approvals", "key"],
    ["patent_assignees", "patent_id", "patents", "patent_id"],
    ["patent_assignees", "mention_id", "organizations", "id"],
    ["patent_assignees", "direct_id", "organizations", "id"],
    ["patent_assignees", "ultimate_id", "organizations", "id"],
    ["patent_cpc", "cpc_code", "cpc_codes", "code"],
    ["patent_citations", "patent_id", "patents", "patent_id"],
    ["grant_organizations", "grant_id", "grants", "grant_id"],
    ["grant_organizations", "org_id", "organizations", "id"],
    ["grant_topics", "topic_id", "topics", "topic_id"],
    ["medicare_drugs", "chembl_id", "molecules", "chembl_id"],
    ["medicare_brands", "medicare_key", "medicare_drugs", "key"],
    ["medicare_indications", "medicare_key", "medicare_drugs", "key"],
    ["medicare_indications", "efo_id", "diseases", "efo_key"],
    ["researchers", "institution_id", "organizations", "id"],
    ["work_authors", "work_id", "works", "work_id"],
    ["work_authors", "author_id", "researchers", "author_id"],
  ];
  for (const [child, col, parent, pcol] of links) {
    const dangling = one(
      `SELECT count(*) FROM ${child} c WHERE c.${col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${parent} p WHERE p.${pcol} = c.${col})`,
    );
    assert.equal(dangling, 0, `${child}.${col} → ${parent}.${pcol}`);
  }
});

Deno.test("trials_fts phrase search finds every trial whose text contains the phrase, with stemming", () => {
  const match = (q: string): Set<string> =>
    new Set(
      (store().db.prepare(
        "SELECT t.trial_id AS id FROM trials_fts JOIN trials t ON t.rid = trials_fts.rowid WHERE trials_fts MATCH ?",
      )
        .all(q) as { id: string }[]).map((r) => r.id),
    );
  const phrase = match('"lung cancer"');
  const like = store().db.prepare(
    "SELECT trial_id AS id FROM trials WHERE title LIKE '%lung cancer%' OR summary LIKE '%lung cancer%'",
  ).all() as { id: string }[];
  assert.ok(like.length > 50, `only ${like.length} lung cancer trials`);
  for (const r of like) assert.ok(phrase.has(r.id), r.id);
  assert.deepEqual(match("cancers"), match("cancer"));
  assert.ok(one("SELECT count(*) FROM grants_fts WHERE grants_fts MATCH '\"breast cancer\"'") > 0);
  assert.ok(one("SELECT count(*) FROM approvals_fts WHERE approvals_fts MATCH 'keytruda'") > 0);
});

Deno.test("catalyst data: future patent and exclusivity expiries and recent approvals exist", () => {
  const today = store().today;
  const horizon = `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
  assert.ok(
    one("SELECT count(*) FROM approval_patents WHERE expiry_date > ? AND expiry_date <= ?", today, horizon) >
      20,
  );
  assert.ok(one("SELECT count(*) FROM approval_exclusivities WHERE expiry_date > ?", today) > 20);
  assert.ok(one("SELECT count(*) FROM approvals WHERE approval_date > date(?, '-365 days')", today) > 0);
  assert.ok(one("SELECT count(*) FROM approvals WHERE approval_id LIKE 'EMA:EU/1/%'") > 0);
});

Deno.test("anchor sponsors have LEI, ROR, tickers, subsidiaries and shared lung cancer trials", () => {
  for (
    const [name, ticker] of [["Pfizer", "PFE"], ["Merck & Co", "MRK"], ["Roche", "RHHBY"], [
      "AstraZeneca",
      "AZN",
    ]]
  ) {
    const lei = one<string>(
      "SELECT lei FROM organizations WHERE name = ? AND hierarchy_level = 'GLOBAL PARENT'",
      name,
    );
    assert.match(lei, /^[A-Z0-9]{20}$/);
    assert.equal(one<string>("SELECT lei FROM sec_entities WHERE ticker = ?", ticker), lei);
    assert.ok(
      one(
        "SELECT count(*) FROM org_closure WHERE ancestor_id = (SELECT id FROM organizations WHERE name = ?)",
        name,
      ) > 3,
    );
  }
  assert.ok(one("SELECT max(hops) FROM org_closure") >= 5);
  assert.ok(one("SELECT count(*) FROM (SELECT lei FROM sec_entities GROUP BY lei HAVING count(*) > 1)") > 0);
  assert.ok(
    one(
      "SELECT count(*) FROM organizations WHERE is_entity = 1 AND lei NOT IN (SELECT lei FROM sec_entities)",
    ) > 0,
  );
  assert.ok(
    one(
      "SELECT count(*) FROM organizations WHERE hierarchy_level = 'UNRESOLVED' AND ror_id IS NULL AND lei IS NULL AND trial_count > 0",
    ) > 0,
  );
  const shared = one(`SELECT count(DISTINCT a.trial_id) FROM trial_sponsors a
    JOIN trial_sponsors b ON a.trial_id = b.trial_id AND a.org_id < b.org_id
    JOIN org_closure ca ON ca.descendant_id = a.org_id JOIN org_closure cb ON cb.descendant_id = b.org_id
    JOIN organizations pa ON pa.id = ca.ancestor_id JOIN organizations pb ON pb.id = cb.ancestor_id
    JOIN trial_conditions c ON c.trial_id = a.trial_id
    WHERE pa.name IN ('Pfizer','Merck & Co','Novartis','Roche','AstraZeneca','Bristol-Myers Squibb')
      AND pb.name IN ('Pfizer','Merck & Co','Novartis','Roche','AstraZeneca','Bristol-Myers Squibb') AND pa.name <> pb.name
      AND c.disease_id IN ('EFO:0001071','EFO:0003060','EFO:0000702')`);
  assert.ok(shared > 0, "no shared anchor lung cancer trials");
});

Deno.test("LEIs carry valid ISO 17442 check digits", () => {
  const leis = store().db.prepare("SELECT lei FROM organizations WHERE lei IS NOT NULL").all() as {
    lei: string;
  }[];
  for (const { lei } of leis) {
    let rem = 0;
    for (const ch of lei) {
      const v = parseInt(ch, 36);
      rem = (v >= 10 ? rem * 100 + v : rem * 10 + v) % 97;
    }
    assert.equal(rem, 1, lei);
  }
});

Deno.test("data supports the documented quirks", () => {
  assert.ok(one("SELECT count(*) FROM trials WHERE updated_at IS NULL") > 0);
  assert.ok(one("SELECT count(*) FROM trials WHERE enrollment IS NULL") > 0);
  assert.equal(
    one("SELECT count(*) FROM trials WHERE trial_id NOT GLOB 'NCT[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'"),
    0,
  );
  assert.equal(one("SELECT count(DISTINCT status) FROM trials"), 9);
  assert.ok(one("SELECT count(*) FROM medicare_drugs WHERE total_claims = 0 OR total_beneficiaries = 0") > 0);
  assert.ok(
    one("SELECT count(*) FROM medicare_drugs WHERE match_method = 'unmatched' AND chembl_id IS NULL") > 0,
  );
  assert.ok(one("SELECT count(*) FROM medicare_drugs WHERE generic_name = 'Osimertinib Mesylate'") === 1);
  assert.ok(
    one(
      "SELECT count(*) FROM (SELECT medicare_key, efo_id FROM medicare_indications GROUP BY 1, 2 HAVING count(*) > 1)",
    ) > 0,
  );
  assert.equal(
    one(
      "SELECT count(*) FROM diseases WHERE id NOT GLOB '[A-Z]*:[0-9]*' OR efo_key <> replace(id, ':', '_')",
    ),
    0,
  );
  assert.ok(one("SELECT count(*) FROM molecules WHERE parent_chembl_id IS NOT NULL") > 0);
  assert.ok(one("SELECT count(DISTINCT match_tag) FROM trial_investigators") === 3);
  assert.equal(
    one(
      "SELECT count(*) FROM researchers WHERE author_id NOT GLOB 'A[0-9]*' OR length(author_id) NOT BETWEEN 8 AND 11",
    ),
    0,
  );
  assert.equal(
    one(
      "SELECT count(*) FROM patents WHERE publication_date NOT GLOB '[12][0-9][0-9][0-9][01][0-9][0-3][0-9]'",
    ),
    0,
  );
  for (const year of [2024, 2025]) {
    assert.ok(one("SELECT count(*) FROM patents WHERE pub_year = ?", year) > 200);
  }
  assert.ok(one("SELECT count(*) FROM patent_assignees WHERE mention_id IS NULL") > 0);
  assert.equal(
    one(
      "SELECT count(*) FROM trials WHERE pos_score < 0 OR pos_score > 100 OR round(pos_score, 2) <> pos_score",
    ),
    0,
  );
  assert.equal(one("SELECT count(DISTINCT source) FROM grants"), 2);
  assert.equal(one("SELECT count(DISTINCT tenant) FROM alerts"), 3);
});

Deno.test("derived patent tables agree with the link rows they are derived from", () => {
  const none = (sql: string) => assert.equal(one(`SELECT count(*) FROM (${sql})`), 0, sql);
  none(`SELECT 1 FROM patent_cpc_rid c WHERE c.prev_code IS NOT (SELECT max(q.cpc_code) FROM patent_cpc_rid q
    WHERE q.patent_rid = c.patent_rid AND q.cpc_code < c.cpc_code)`);
  none(`SELECT 1 FROM patent_cpc_rid c JOIN patents p ON p.rid = c.patent_rid
    WHERE c.pub_year <> p.pub_year OR c.publication_date <> p.publication_date OR c.cpc_subclass <> substr(c.cpc_code, 1, 4)`);
  none(
    `SELECT 1 FROM patent_assignee_rid a JOIN patents p ON p.rid = a.patent_rid WHERE a.pub_year <> p.pub_year
    OR a.publication_date <> p.publication_date OR a.company_key <> COALESCE(a.ultimate_id, a.mention_id, a.raw_name)`,
  );
  const anchors = `SELECT DISTINCT c.ancestor_id, a.patent_rid FROM patent_assignee_rid a JOIN org_closure c
    ON c.descendant_id IN (a.direct_id, a.ultimate_id, a.mention_id) AND c.hops <= 6`;
  none(`${anchors} EXCEPT SELECT anchor_id, patent_rid FROM patent_anchor`);
  none(`SELECT anchor_id, patent_rid FROM patent_anchor EXCEPT ${anchors}`);
  const counts = `SELECT 'year', '', '', pub_year, count(*) FROM patents GROUP BY pub_year
    UNION ALL SELECT 'cpc', cpc_subclass, '', pub_year, count(DISTINCT patent_rid) FROM patent_cpc_rid GROUP BY 2, 4
    UNION ALL SELECT 'company', '', company_key, pub_year, count(DISTINCT patent_rid) FROM patent_assignee_rid
      GROUP BY 3, 4
    UNION ALL SELECT 'cpc,company', c.cpc_subclass, a.company_key, c.pub_year, count(DISTINCT c.patent_rid)
      FROM patent_cpc_rid c JOIN patent_assignee_rid a ON a.patent_rid = c.patent_rid GROUP BY 2, 3, 4`;
  none(`SELECT * FROM (${counts}) EXCEPT SELECT dim, cpc, company, pub_year, n FROM patent_year_counts`);
  none(`SELECT dim, cpc, company, pub_year, n FROM patent_year_counts EXCEPT SELECT * FROM (${counts})`);
  const pairs =
    `SELECT cpc_code, COALESCE(prev_code, ''), pub_year, count(*) FROM patent_cpc_rid GROUP BY 1, 2, 3`;
  none(`${pairs} EXCEPT SELECT cpc_code, prev_code, pub_year, n FROM patent_cpc_pairs`);
  none(`SELECT cpc_code, prev_code, pub_year, n FROM patent_cpc_pairs EXCEPT ${pairs}`);
});

Deno.test("patents written through the views get the same derived rows from the triggers", () => {
  const src = store().db;
  const db = new DatabaseSync(":memory:");
  try {
    db.exec(SCHEMA_DDL);
    const copy = (table: string, sql = `SELECT * FROM ${table}`) => {
      const rows = src.prepare(sql).all() as Record<string, SQLInputValue>[];
      if (rows.length === 0) return;
      const cols = Object.keys(rows[0]);
      const ins = db.prepare(
        `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`,
      );
      for (const r of rows) ins.run(...cols.map((c) => r[c]));
    };
    copy("org_closure");
    copy("patents");
    copy("patent_cpc", "SELECT * FROM patent_cpc ORDER BY patent_id, position DESC");
    copy("patent_assignees");
    for (
      const [table, order] of [["patent_cpc_rid", "1, 2"], ["patent_assignee_rid", "1, 2"], [
        "patent_anchor",
        "1, 2",
      ]]
    ) {
      const dump = (d: DatabaseSync) =>
        JSON.stringify(d.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all());
      assert.equal(dump(db), dump(src), table);
    }
  } finally {
    db.close();
  }
});

Deno.test("patent endpoints answer the same from the count tables and from the link rows", () => {
  const db = store().db;
  const queries: [EndpointName, Record<string, string>][] = [
    ["patents.search", { include_total: "true" }],
    ["patents.search", { include_total: "true", cpc_code: "A61K" }],
    ["patents.search", { include_total: "true", cpc_code: "A61K31/517", include_descendants: "false" }],
    ["patents.aggregate", { group_by: "year" }],
    ["patents.aggregate", { group_by: "cpc,year" }],
    ["patents.aggregate", { group_by: "company", sort_by_count: "asc", limit: "500" }],
    ["patents.aggregate", { group_by: "year,cpc,company", limit: "500" }],
    ["patents.aggregate", { group_by: "year,cpc", cpc_code: "A61" }],
    ["patents.aggregate", { group_by: "cpc", cpc_code: "A61K", publication_date_from: "2016-01-01" }],
    ["patents.aggregate", { group_by: "year", cpc_code: "C07", publication_date_to: "2024-12-31" }],
    ["patents.yoyGrowth", { dimension: "cpc", min_old_count: "0" }],
    ["patents.yoyGrowth", { dimension: "company", min_old_count: "1", year_start: "2020", year_end: "2026" }],
    ["patents.yoyGrowth", { dimension: "cpc", cpc_code: "A61P", min_old_count: "1" }],
  ];
  const answers = () => queries.map(([name, query]) => JSON.stringify(invoke(db, handlers, name, { query })));
  const withTables = answers();
  db.exec("UPDATE meta SET value = '0' WHERE key = 'patent_year_counts'");
  try {
    const without = answers();
    for (const [i, q] of queries.entries()) assert.equal(without[i], withTables[i], JSON.stringify(q));
  } finally {
    db.exec("UPDATE meta SET value = '1' WHERE key = 'patent_year_counts'");
  }
});

Deno.test("trialPos() and competitivenessIndex() are bounded and monotone in key inputs", () => {
  const base = {
    phase: "PHASE2",
    status: "RECRUITING",
    therapeuticArea: "oncology",
    designAllocation: "Randomized",
    designMasking: "Double",
    enrollment: 200,
    nSites: 20,
    nCountries: 3,
    hasBiomarker: false,
    leadIsIndustry: true,
    priorApproval: false,
  };
  assert.ok(trialPos({ ...base, phase: "PHASE3" }) > trialPos(base));
  assert.ok(trialPos({ ...base, status: "TERMINATED" }) < trialPos(base));
  const s = { totalTrials: 500, activeTrials: 200, activeSponsors: 80, approvedDrugs: 20 };
  assert.ok(competitivenessIndex(s) <= 100 && competitivenessIndex(s) > 80);
  assert.ok(Number.isInteger(competitivenessIndex({ ...s, totalTrials: 3 })));
});

Deno.test({
  name: "shared store closes",
  fn: () => {
    shared?.close();
    shared = undefined;
  },
});
