/**
 * Grants, Medicare, researcher works, organization resolution, LEI-to-ticker and alerts handlers
 * over a hand-built fixture store, validated like the HTTP pipeline validates them.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import { handlers } from "../../lib/sandbox/handlers/registries.ts";
import { invoke, type InvokeOptions } from "./_invoke.ts";
import type { EndpointName } from "../../lib/client/endpoints/mod.ts";
import * as G from "../../lib/client/schemas/grants.ts";
import * as H from "../../lib/client/schemas/people.ts";
import { flagged } from "../../lib/client/schemas/common.ts";
import { z } from "zod";
import { count, fixtureStore, get, rows, withSandbox } from "./_helpers.ts";

function fixture(): DatabaseSync {
  const { db, run } = fixtureStore();
  run(
    "INSERT INTO grants (rid, grant_id, title, abstract, source, funding_amount, start_date, end_date, updated_at) VALUES (?,?,?,?,?,?,?,?,?)",
    [
      1,
      "R01CA1",
      "Lung cancer immunotherapy",
      "We study lung cancers and checkpoints.",
      "NIH",
      500000,
      "2026-10-01",
      "2030-01-01",
      "2026-11-01T00:00:00Z",
    ],
    [
      2,
      "R01DK2",
      "Diabetes genetics",
      "Genetic risk of type 2 diabetes.",
      "NIH",
      300000,
      "2026-09-01",
      "2029-01-01",
      "2026-10-01T00:00:00Z",
    ],
    [
      3,
      "R01NS3",
      "Cancer lung atlas",
      "An atlas; cancer of the lung in mice.",
      "NIH",
      900000,
      "2026-08-01",
      "2028-01-01",
      "2026-09-01T00:00:00Z",
    ],
    [
      4,
      "R01OLD",
      "Old grant",
      "Old work.",
      "NIH",
      100000,
      "2020-01-01",
      "2024-01-01",
      "2021-01-01T00:00:00Z",
    ],
    [
      5,
      "R01FUT",
      "Future grant",
      "Not started.",
      "NIH",
      100000,
      "2027-01-01",
      "2030-01-01",
      "2026-11-10T00:00:00Z",
    ],
    [
      6,
      "101001",
      "EU lung cancer network",
      "A network on lung cancer.",
      "CORDIS",
      2000000,
      "2026-07-01",
      "2031-01-01",
      "2026-08-01T00:00:00Z",
    ],
    [
      7,
      "101002",
      "EU diabetes",
      "Diabetes cohorts.",
      "CORDIS",
      1500000,
      "2025-01-01",
      "2027-01-01",
      "2025-02-01T00:00:00Z",
    ],
    [
      8,
      "101003",
      "EU old",
      "Old cohort.",
      "CORDIS",
      700000,
      "2019-01-01",
      "2022-01-01",
      "2019-02-01T00:00:00Z",
    ],
  );
  db.exec("INSERT INTO grants_fts(grants_fts) VALUES('rebuild')");
  run("INSERT INTO topics VALUES (?,?,?,'s','f','d')", [1, "T1", "Lung Cancer Research"], [
    2,
    "T2",
    "Diabetes",
  ]);
  run("INSERT INTO grant_topics VALUES (?,?)", ["R01CA1", "T1"], ["101001", "T1"], ["R01DK2", "T2"]);
  run("INSERT INTO grant_organizations VALUES (?,?,?,?,NULL)", ["R01CA1", 0, "organization", "Harvard"], [
    "R01CA1",
    1,
    "partner",
    "MIT",
  ]);
  run(
    "INSERT INTO medicare_drugs VALUES (?,?,?,?,?,?,?,?,?,?,2025)",
    [1, "md1", "Atorvastatin", '["Lipitor"]', 1, 1000, 10, 0, "CHEMBL1487", "exact_generic"],
    [2, "md2", "Osimertinib Mesylate", '["Tagrisso"]', 1, 5000, 0, 4, "CHEMBL3353410", "exact_generic"],
    [3, "md3", "Generic Thing", "[]", 0, 10, 5, 5, null, "unmatched"],
  );
  run("INSERT INTO medicare_brands VALUES (?,?)", ["md1", "Lipitor"], ["md2", "Tagrisso"]);
  run(
    "INSERT INTO medicare_indications VALUES (?,?,?,?)",
    ["md1", "EFO_0003913", "EFO:0003913", "hypercholesterolemia"],
    ["md1", "EFO_0003913", "EFO:0003913", "high cholesterol"],
    ["md1", "EFO_0001645", "EFO:0001645", "coronary artery disease"],
  );
  run(
    "INSERT INTO molecules VALUES (?,?,NULL,'Small molecule',0,'commodities',4,1,1996,0,NULL,NULL,NULL)",
    ["CHEMBL1487", "atorvastatin"],
  );
  db.exec("INSERT INTO researchers VALUES ('A1234567','Jane Doe','0000-0001-2345-6789',NULL,50,900,12)");
  run(
    "INSERT INTO works VALUES (?,?,?,?,?,?,?,?)",
    ["W1", "Paper one", "10.1/1", "article", "2020-01-01", "Nature", 50, 1],
    ["W2", "Paper two", null, "review", "2021-06-01", null, 5, 0],
    ["W3", "Paper three", "10.1/3", "article", "2023-03-01", "Cell", 120, 1],
    ["W4", "Preprint", null, "preprint", "2024-02-01", null, 0, 1],
  );
  run("INSERT INTO work_authors VALUES (?, 'A1234567', 0)", ["W1"], ["W2"], ["W3"], ["W4"]);
  const org = "INSERT INTO organizations VALUES (?,?,?,?,?,?,?,'company','US',1,NULL,0,NULL,?,?)";
  run(
    org,
    ["organizations/pfe", "pfe", "Pfizer", "GLOBAL PARENT", 1, "0abcde123", "PFZ00000000000000001", 5, 3],
    [
      "organizations/pfi",
      "pfi",
      "Pfizer Ireland",
      "GLOBAL PARENT",
      1,
      "0abcde456",
      "PFI00000000000000002",
      2,
      0,
    ],
    ["organizations/m1", "m1", "PFIZER INC", "UNRESOLVED", 0, null, null, 1, 0],
    ["organizations/big", "big", "Big Pfizer Holdings", "GLOBAL PARENT", 1, "0abcde789", null, 0, 0],
    ["organizations/acme", "acme", "Acme 100% Bio", "GLOBAL PARENT", 1, "0acme0012", null, 1, 0],
  );
  run("INSERT INTO sec_entities VALUES (?,?,?,?)", [
    "PFE",
    "0000078003",
    "PFIZER INC",
    "PFZ00000000000000001",
  ], [
    "PFE.X",
    "0000078004",
    "PFIZER INC (B)",
    "PFZ00000000000000001",
  ]);
  const alert = "INSERT INTO alerts VALUES (?,?,?,?,?,'daily',1,?,?,?,?)";
  run(
    alert,
    [
      "al1",
      "pro",
      "NSCLC trials",
      "trials",
      '{"disease":"NSCLC"}',
      "2026-01-01T00:00:00Z",
      "2026-01-02T00:00:00Z",
      null,
      '{"match_count":3,"owner":"x"}',
    ],
    [
      "al2",
      "pro",
      "Pfizer patents",
      "patents",
      '{"company_id":"PFE"}',
      "2026-02-01T00:00:00Z",
      "2026-02-02T00:00:00Z",
      "2026-11-01T00:00:00Z",
      "{}",
    ],
    ["al3", "free", "Free alert", "grants", "{}", "2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z", null, "{}"],
  );
  return db;
}

const db = fixture();
const call = (name: EndpointName, opts: InvokeOptions = {}) => invoke(db, handlers, name, opts);
const status = (name: EndpointName, opts: InvokeOptions): number => {
  try {
    call(name, opts);
  } catch (e) {
    return (e as { status: number }).status;
  }
  return 200;
};

Deno.test("grants.sample is the 3 most recent NIH and 2 most recent CORDIS grants", () => {
  const body = G.GrantSampleResponse.parse(call("grants.sample", { tier: "free" }));
  assert.deepEqual(body.data.map((g) => g.grant_id), ["R01CA1", "R01DK2", "R01NS3", "101001", "101002"]);
  assert.deepEqual(body.data[0].organizations, ["Harvard"]);
  assert.deepEqual(body.data[0].topics, ["Lung Cancer Research"]);
});

Deno.test("grants.search is a stemmed phrase search ordered by relevance without sort", () => {
  const body = G.GrantSearchResponse.parse(call("grants.search", { query: { search: "lung cancer" } }));
  assert.deepEqual(body.data.map((g) => g.grant_id).sort(), ["101001", "R01CA1"]);
  assert.equal(body.meta.sort, "relevance");
  assert.equal(body.meta.totalItems, 2);
  const sorted = G.GrantSearchResponse.parse(
    call("grants.search", { query: { search: "lung cancer", sort: "funding" } }),
  );
  assert.deepEqual(sorted.data.map((g) => g.grant_id), ["101001", "R01CA1"]);
  assert.equal(sorted.meta.sort, "funding:desc");
  const plain = G.GrantSearchResponse.parse(call("grants.search", { query: { order: "asc", limit: "2" } }));
  assert.equal(plain.meta.sort, "start_date:asc");
  assert.deepEqual(plain.data.map((g) => g.grant_id), ["101003", "R01OLD"]);
  assert.equal(plain.meta.totalItems, 8);
});

Deno.test("grants.search keeps FTS operators inert and combines filters", () => {
  const hostile = call("grants.search", { query: { search: 'lung" OR "diabetes*' } }) as {
    meta: { totalItems: number };
  };
  assert.equal(hostile.meta.totalItems, 0);
  assert.equal((call("grants.search", { query: { search: "\"'()" } }) as { data: unknown[] }).data.length, 0);
  const q = (query: Record<string, string>) =>
    G.GrantSearchResponse.parse(call("grants.search", { query })).data.map((g) => g.grant_id);
  assert.deepEqual(q({ topic: "Lung Cancer Research", source: "NIH" }), ["R01CA1"]);
  assert.deepEqual(q({ topic: "lung cancer research" }), []);
  assert.deepEqual(q({ funding_min: "1000000", funding_max: "1600000" }), ["101002"]);
  assert.deepEqual(q({ start_date_after: "2026-08-01", end_date_before: "2029-06-01" }), [
    "R01DK2",
    "R01NS3",
  ]);
});

Deno.test("medicare.search matches complete generic or brand names only", () => {
  const keys = (query: Record<string, string>) =>
    G.MedicareSearchResponse.parse(call("medicare.search", { query })).data.map((r) => r._key);
  assert.deepEqual(keys({ search: "atorva" }), []);
  assert.deepEqual(keys({ search: "ATORVASTATIN" }), ["md1"]);
  assert.deepEqual(keys({ search: "lipitor" }), ["md1"]);
  assert.deepEqual(keys({ search: "osimertinib" }), []);
  assert.deepEqual(keys({ search: "Tagrisso", generic_name: "atorvastatin" }), []);
  assert.deepEqual(keys({ generic_name: "osimertinib mesylate" }), ["md2"]);
  for (const efo of ["EFO:0003913", "EFO-0003913", "EFO_0003913"]) {
    assert.deepEqual(keys({ efo_id: efo }), ["md1"]);
  }
  assert.deepEqual(keys({ molecule_id: "chembl1487" }), []);
  assert.deepEqual(keys({ molecule_id: "CHEMBL1487" }), ["md1"]);
  assert.deepEqual(keys({ match_method: "unmatched" }), ["md3"]);
  assert.deepEqual(keys({ min_spending: "10", max_spending: "1000" }), ["md1", "md3"]);
  assert.deepEqual(keys({ sort: "generic_name", order: "asc" }), ["md1", "md3", "md2"]);
});

Deno.test("medicare.search rows: null averages on zero denominators, deduplicated indications", () => {
  const rows = G.MedicareSearchResponse.parse(call("medicare.search", {})).data;
  const [osi, ator, gen] = rows;
  assert.equal(osi.avg_spending_per_claim, null);
  assert.equal(osi.avg_spending_per_beneficiary, 1250);
  assert.equal(ator.avg_spending_per_beneficiary, null);
  assert.deepEqual(ator.approved_indications.map((i) => i.efo_id), ["EFO_0003913", "EFO_0001645"]);
  assert.deepEqual(ator.molecule, { chembl_id: "CHEMBL1487", name: "atorvastatin" });
  assert.equal(gen.molecule, null);
});

Deno.test("researchers.works accepts every id form and reports identity, total and hasMore", () => {
  for (
    const id of [
      "A1234567",
      "scholarly_A1234567",
      "https://openalex.org/A1234567",
      "https%3A%2F%2Fopenalex.org%2FA1234567",
    ]
  ) {
    const body = H.WorksResponse.parse(
      call("researchers.works", { path: { authorId: id }, query: { limit: "3" } }),
    );
    assert.equal(body.meta.totalItems, 4, id);
    assert.equal(body.meta.author.author_key, "A1234567");
    assert.equal(body.hasMore, true);
  }
  const last = H.WorksResponse.parse(
    call("researchers.works", { path: { authorId: "A1234567" }, query: { limit: "3", page: "2" } }),
  );
  assert.equal(last.hasMore, false);
  assert.deepEqual(last.data.map((w) => w.work_id), ["W1"]);
  const cited = H.WorksResponse.parse(
    call("researchers.works", {
      path: { authorId: "A1234567" },
      query: { sort: "cited_by_count", type: "ARTICLE" },
    }),
  );
  assert.deepEqual(cited.data.map((w) => w.work_id), ["W3", "W1"]);
  assert.equal(status("researchers.works", { path: { authorId: "A7654321" } }), 404);
  assert.equal(status("researchers.works", { path: { authorId: "A1234567" }, query: { type: "poem" } }), 400);
  const inverted = { publication_date_from: "2024-01-01", publication_date_to: "2020-01-01" };
  assert.equal(status("researchers.works", { path: { authorId: "A1234567" }, query: inverted }), 400);
});

Deno.test("researchers.works fetched_at is a per-author snapshot time kept for 24 hours", () => {
  const fresh = fixtureStore().db;
  fresh.exec("INSERT INTO researchers VALUES ('A1111111','X',NULL,NULL,1,1,1)");
  let t = Date.parse("2026-11-21T08:00:00Z");
  const at = () =>
    H.WorksResponse.parse(
      invoke(fresh, handlers, "researchers.works", {
        path: { authorId: "A1111111" },
        now: () => new Date(t),
      }),
    )
      .meta.fetched_at;
  assert.equal(at(), "2026-11-21T08:00:00.000Z");
  t += 3_600_000;
  assert.equal(at(), "2026-11-21T08:00:00.000Z");
  t += 86_400_000;
  assert.equal(at(), "2026-11-22T09:00:00.000Z");
});

Deno.test("resolve.organizations ranks exact and prefix matches, needs a linked trial, escapes wildcards", () => {
  const names = (query: string, limit = "10") => {
    const rows =
      flagged(z.array(H.OrganizationRow)).parse(call("resolve.organizations", { query: { query, limit } }))
        .data;
    return rows.map((r) => r.name);
  };
  assert.deepEqual(names("pfizer"), ["Pfizer", "Pfizer Ireland", "PFIZER INC"]);
  assert.deepEqual(names("pfizer", "1"), ["Pfizer"]);
  assert.deepEqual(names("%"), ["Acme 100% Bio"]);
  assert.deepEqual(names("_"), []);
  assert.deepEqual(names("atorvastatin"), []);
  const body = call("resolve.organizations", { query: { query: "PFIZER INC" } }) as {
    data: H.OrganizationRow[];
  };
  // The spec's fields (the sandbox adds how the row matched and its family: tests/sandbox/org_families_test.ts).
  const spec = ["name", "hierarchyLevel", "trialCount", "approvalCount", "id", "isEntity", "rorId", "lei"];
  assert.deepEqual(Object.fromEntries(spec.map((k) => [k, (body.data[0] as Record<string, unknown>)[k]])), {
    name: "PFIZER INC",
    hierarchyLevel: "UNRESOLVED",
    trialCount: 1,
    approvalCount: 0,
    id: "organizations/m1",
    isEntity: false,
    rorId: null,
    lei: null,
  });
});

Deno.test("financials.leiToTicker returns the complete mapping; none → 404, malformed → 400", () => {
  const body = flagged(H.LeiToTickerData).parse(
    call("financials.leiToTicker", { query: { lei: "pfz00000000000000001" } }),
  );
  assert.deepEqual(body.data, {
    lei: "PFZ00000000000000001",
    name: "Pfizer",
    secEntities: [{ ticker: "PFE", cik: "0000078003", name: "PFIZER INC" }, {
      ticker: "PFE.X",
      cik: "0000078004",
      name: "PFIZER INC (B)",
    }],
  });
  assert.equal(status("financials.leiToTicker", { query: { lei: "PFI00000000000000002" } }), 404);
  assert.equal(status("financials.leiToTicker", { query: { lei: "PFI0000000000000000" } }), 400);
});

Deno.test("alerts are per tenant; the list strips metadata, the single alert is complete", () => {
  const list = H.AlertListResponse.parse(call("alerts.list", {}));
  assert.deepEqual(list.data.map((a) => a.alert_id), ["al2", "al1"]);
  assert.ok(
    list.data.every((a) => !("metadata" in a) && !("match_count" in a) && !("last_triggered_at" in a)),
  );
  assert.equal(list.meta.totalItems, 2);
  const one = H.AlertResponse.parse(call("alerts.get", { path: { alertDbId: "al1" } })).data;
  assert.deepEqual(one.metadata, { match_count: 3, owner: "x" });
  assert.equal(one.match_count, 3);
  assert.deepEqual(one.query, { disease: "NSCLC" });
  assert.equal(status("alerts.get", { path: { alertDbId: "al3" } }), 404);
  assert.equal(status("alerts.get", { path: { alertDbId: "nope" } }), 404);
  assert.equal(H.AlertListResponse.parse(call("alerts.list", { tier: "free" })).data.length, 1);
});

Deno.test("registry endpoints over HTTP against the generated store", async (t) => {
  await withSandbox(async (sb) => {
    await t.step(
      "grants: sample on Free (3 NIH + 2 CORDIS); search needs Pro and echoes the sort",
      async () => {
        const sample = G.GrantSampleResponse.parse((await get(sb, "/api/v1/grants/sample")).body);
        assert.deepEqual(sample.data.map((g) => g.source), ["NIH", "NIH", "NIH", "CORDIS", "CORDIS"]);
        assert.equal((await get(sb, "/api/v1/grants", { search: "lung cancer" })).status, 402);
        const s = G.GrantSearchResponse.parse(
          (await get(sb, "/api/v1/grants", { search: "lung cancer" }, "pro")).body,
        );
        assert.equal(s.meta.sort, "relevance");
        const fts = count(
          sb,
          `SELECT count(*) AS n FROM grants_fts WHERE grants_fts MATCH '"lung cancer"'`,
        );
        assert.equal(s.meta.totalItems, fts);
        assert.ok(fts > 0);
      },
    );
    await t.step("medicare: a complete brand name matches, a partial one does not", async () => {
      const brand =
        rows<{ brand_name: string }>(sb, "SELECT brand_name FROM medicare_brands LIMIT 1")[0].brand_name;
      const hit = G.MedicareSearchResponse.parse(
        (await get(sb, "/api/v1/medicare-drugs", { search: brand.toUpperCase() })).body,
      );
      assert.ok(
        hit.data.length > 0 &&
          hit.data.every((r) =>
            r.brand_names.some((b) => b.toLowerCase() === brand.toLowerCase()) ||
            r.generic_name.toLowerCase() === brand.toLowerCase()
          ),
      );
      const partial = (await get(sb, "/api/v1/medicare-drugs", { search: brand.slice(0, 4) })).body;
      assert.equal(partial.meta.totalItems, 0);
    });
    await t.step("researcher works: URL-form id, exact total, 404 and 400", async () => {
      const a = rows<{ author_id: string; n: number }>(
        sb,
        "SELECT author_id, count(*) AS n FROM work_authors GROUP BY author_id ORDER BY n DESC, author_id LIMIT 1",
      )[0];
      const url = `/api/v1/researchers/${encodeURIComponent(`https://openalex.org/${a.author_id}`)}/works`;
      const body = H.WorksResponse.parse((await get(sb, url, { limit: 5 })).body);
      assert.equal(body.meta.totalItems, a.n);
      assert.equal(body.hasMore, a.n > 5);
      assert.equal((await get(sb, "/api/v1/researchers/A0000001/works")).status, 404);
      assert.equal((await get(sb, `/api/v1/researchers/${a.author_id}/works`, { type: "poem" })).status, 400);
    });
    await t.step("organization autocomplete: only organizations with trials, exact match first", async () => {
      const body =
        (await get(sb, "/api/v1/tools/resolution/autocomplete", { query: "Pfizer", limit: 50 })).body;
      const data = flagged(z.array(H.OrganizationRow)).parse(body).data;
      assert.equal(data[0].name, "Pfizer");
      assert.ok(data.every((o) => o.trialCount >= 1 && /pfizer/i.test(o.name)));
      const drug = (await get(sb, "/api/v1/tools/resolution/autocomplete", { query: "osimertinib" })).body;
      assert.deepEqual(drug.data, []);
    });
    await t.step("lei-to-ticker: mapping, 404 without one, 400 when malformed", async () => {
      const lei =
        rows<{ lei: string }>(sb, "SELECT lei FROM sec_entities WHERE lei IS NOT NULL LIMIT 1")[0].lei;
      const ok = flagged(H.LeiToTickerData).parse(
        (await get(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: lei.toLowerCase() })).body,
      );
      assert.equal(
        ok.data.secEntities.length,
        count(sb, "SELECT count(*) AS n FROM sec_entities WHERE lei = ?", lei),
      );
      const none = rows<{ lei: string }>(
        sb,
        "SELECT lei FROM organizations WHERE lei IS NOT NULL AND lei NOT IN (SELECT lei FROM sec_entities WHERE lei IS NOT NULL) LIMIT 1",
      )[0].lei;
      const nf = await get(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: none });
      assert.equal(nf.status, 404);
      assert.equal(nf.body.error.code, "not_found");
      assert.equal((await get(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: "SHORT" })).status, 400);
    });
    await t.step("alerts: own tenant only; list without metadata, single alert complete", async () => {
      const list = H.AlertListResponse.parse((await get(sb, "/api/v1/alerts", {}, "pro")).body);
      assert.equal(list.meta.totalItems, count(sb, "SELECT count(*) AS n FROM alerts WHERE tenant = 'pro'"));
      assert.ok(list.data.every((a) => !("metadata" in a)));
      const one = await get(sb, `/api/v1/alerts/${list.data[0].alert_id}`, {}, "pro");
      assert.ok("metadata" in H.AlertResponse.parse(one.body).data);
      const other =
        rows<{ id: string }>(sb, "SELECT alert_db_id AS id FROM alerts WHERE tenant = 'free' LIMIT 1")[0].id;
      assert.equal((await get(sb, `/api/v1/alerts/${other}`, {}, "pro")).status, 404);
    });
  });
});
