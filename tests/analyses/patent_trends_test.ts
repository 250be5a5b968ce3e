import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { companyParam, patentTrends, patentTrendsFromFrames } from "../../lib/analyses/patent_trends.ts";

const none = pl.DataFrame([]);

Deno.test("patentTrendsFromFrames() gives typed empty frames for empty inputs", () => {
  const t = patentTrendsFromFrames({ years: none, cpc: none, growth: none, companies: none });
  assert.deepEqual(t.byYear.columns, ["year", "patents", "change", "growth_fraction"]);
  assert.deepEqual(t.topCpc.columns, ["rank", "cpc", "patents"]);
  assert.deepEqual(t.growth.columns, ["key", "old_count", "new_count", "change", "growth_fraction"]);
  assert.deepEqual(t.companies.columns, ["company", "year", "patents", "change", "growth_fraction"]);
  for (const df of Object.values(t)) assert.equal(df.height, 0);
  assert.equal(String(t.byYear.getColumn("patents").dtype), String(pl.Int64));
});

Deno.test("patentTrendsFromFrames() with a single bucket and a window fills the other years with 0", () => {
  const years = pl.DataFrame({ year: [2023], count: [4] });
  const t = patentTrendsFromFrames({ years, cpc: none, growth: none, companies: none }, {
    from: 2022,
    to: 2024,
  });
  assert.deepEqual(t.byYear.toRecords(), [
    { year: 2022, patents: 0, change: null, growth_fraction: null },
    { year: 2023, patents: 4, change: 4, growth_fraction: null },
    { year: 2024, patents: 0, change: -4, growth_fraction: -1 },
  ]);
});

Deno.test("patentTrendsFromFrames() ranks CPC codes, keeps growth as a fraction and aligns companies", () => {
  const t = patentTrendsFromFrames({
    years: none,
    cpc: pl.DataFrame({ cpc: ["A61P", "C07D", "A61K"], count: [5, 9, 5] }),
    growth: pl.DataFrame({ cpc_code: ["A61K"], oldCount: [4], newCount: [5], change: [1], percent: [0.25] }),
    companies: pl.DataFrame({ company: ["X", "Y"], year: [2020, 2022], count: [2, 3] }),
  }, { topN: 2 });
  assert.deepEqual(t.topCpc.toRecords(), [{ rank: 1, cpc: "C07D", patents: 9 }, {
    rank: 2,
    cpc: "A61K",
    patents: 5,
  }]);
  assert.deepEqual(t.growth.toRecords(), [
    { key: "A61K", old_count: 4, new_count: 5, change: 1, growth_fraction: 0.25 },
  ]);
  assert.ok(!t.growth.columns.includes("percent"));
  // both companies span the same years, so they compare row by row
  assert.deepEqual(t.companies.getColumn("year").toArray(), [2020, 2021, 2022, 2020, 2021, 2022]);
  assert.deepEqual(t.companies.getColumn("patents").toArray(), [2, 0, 0, 0, 0, 3]);
});

Deno.test("companyParam() sends ids as company_id and names as company_name", () => {
  assert.deepEqual(companyParam("organizations/pfizer"), { company_id: "organizations/pfizer" });
  assert.deepEqual(companyParam("lei:529900ABCDEFGHIJKL12"), { company_id: "lei:529900ABCDEFGHIJKL12" });
  assert.deepEqual(companyParam("Pfizer"), { company_name: "Pfizer" });
});

Deno.test("patentTrends() matches the sandbox store and raw HTTP answers", async (t) => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  const db = sb.store.db;
  const raw = async (path: string) => {
    const res = await fetch(`${sb.url}${path}`, { headers: { "x-api-key": sb.keys.pro } });
    return { status: res.status, body: await res.json() };
  };

  await t.step("counts by year for a CPC prefix equal distinct patents in SQL", async () => {
    const out = await patentTrends(ri, { cpc_code: "A61K", from: 2018, to: 2025 });
    const truth = db.prepare(
      `SELECT p.pub_year AS y, COUNT(DISTINCT p.patent_id) AS n FROM patents p
       WHERE p.pub_year BETWEEN 2018 AND 2025
         AND EXISTS (SELECT 1 FROM patent_cpc c WHERE c.patent_id = p.patent_id AND c.cpc_code LIKE 'A61K%')
       GROUP BY y ORDER BY y`,
    ).all() as { y: number; n: number }[];
    const byYear = new Map(truth.map((r) => [r.y, r.n]));
    assert.deepEqual(out.byYear.getColumn("year").toArray(), [
      2018,
      2019,
      2020,
      2021,
      2022,
      2023,
      2024,
      2025,
    ]);
    assert.deepEqual(
      out.byYear.getColumn("patents").toArray(),
      [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((y) => byYear.get(y) ?? 0),
    );
    // the patent total is the search's exact meta.total, never the aggregate's total_buckets
    const search = await raw(
      "/api/v1/patents?cpc_code=A61K&publication_date_from=2018-01-01&publication_date_to=2025-12-31&include_total=true&limit=1",
    );
    assert.equal(out.byYear.getColumn("patents").sum(), search.body.meta.total);
    const agg = await raw(
      "/api/v1/patents/aggregate?group_by=year&cpc_code=A61K&publication_date_from=2018-01-01",
    );
    assert.notEqual(agg.body.meta.total_buckets, search.body.meta.total);
  });

  await t.step("top CPC codes and growth equal the raw aggregate and yoy-growth answers", async () => {
    const out = await patentTrends(ri, { from: 2024, to: 2025, topN: 3, minOldCount: 1 });
    assert.equal(out.complete, true, "a top-N CPC list is capped by design");
    const cpc = await raw(
      "/api/v1/patents/aggregate?group_by=cpc&limit=3&publication_date_from=2024-01-01&publication_date_to=2025-12-31",
    );
    assert.deepEqual(
      out.topCpc.select("cpc", "patents").toRecords(),
      (cpc.body.buckets ?? cpc.body.data).map((b: { cpc: string; count: number }) => ({
        cpc: b.cpc,
        patents: b.count,
      })),
    );
    const yoy = await raw(
      "/api/v1/patents/yoy-growth?dimension=cpc&year_start=2024&year_end=2025&min_old_count=1",
    );
    assert.deepEqual(
      out.growth.toRecords(),
      yoy.body.data.map((r: Record<string, number | string>) => ({
        key: r.cpc_code,
        old_count: r.oldCount,
        new_count: r.newCount,
        change: r.change,
        growth_fraction: r.percent,
      })),
    );
  });

  await t.step(
    "compared companies follow the raw per-company aggregate; an unknown one is reported",
    async () => {
      const out = await patentTrends(ri, {
        from: 2022,
        to: 2025,
        compare: ["organizations/pfizer", "No Such Pharma Ltd"],
      });
      const pf = await raw(
        "/api/v1/patents/aggregate?group_by=year&company_id=organizations/pfizer&publication_date_from=2022-01-01&publication_date_to=2025-12-31",
      );
      const truth = new Map(
        (pf.body.buckets as { year: number; count: number }[]).map((b) => [b.year, b.count]),
      );
      const got = out.companies.filter(pl.col("company").eq(pl.lit("organizations/pfizer")));
      assert.deepEqual(
        got.getColumn("patents").toArray(),
        [2022, 2023, 2024, 2025].map((y) => truth.get(y) ?? 0),
      );
      assert.deepEqual(out.unresolved.getColumn("input").toArray(), ["No Such Pharma Ltd"]);
      assert.ok(out.warnings.some((w) => w.code === "unresolved-company"));
      const bad = await raw("/api/v1/patents/aggregate?company_name=No%20Such%20Pharma%20Ltd");
      assert.equal(bad.status, 400);
    },
  );

  await t.step("a window with no patents gives zero-filled years and an empty growth frame", async () => {
    const out = await patentTrends(ri, { cpc_code: "A61K", from: 1990, to: 1991 });
    assert.deepEqual(out.byYear.getColumn("patents").toArray(), [0, 0]);
    assert.equal(out.topCpc.height, 0);
    assert.equal(out.growth.height, 0);
  });

  await t.step("an unresolved main company filter fails loudly (HTTP 400)", async () => {
    await assert.rejects(
      () => patentTrends(ri, { company_name: "No Such Pharma Ltd" }),
      (e: Error & { status?: number }) => e.status === 400,
    );
  });

  await t.step("a Free key is refused (HTTP 402), not answered with zeros", async () => {
    const free = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
    await assert.rejects(() => patentTrends(free, { cpc_code: "A61K" }), (e: Error & { status?: number }) => {
      return e.status === 402;
    });
  });
});
