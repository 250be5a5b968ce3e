/**
 * PITFALLS.md rows that can only be seen in an answer: each test shows the silent answer with a raw
 * request, then the client's result carrying the flag (a warning, `complete: false`, the applied
 * sort), the typed error, or the normalised value.
 */
import assert from "node:assert/strict";
import { SchemaMismatchError, UnresolvedEntityError, type Warning } from "../../lib/client/mod.ts";
import { ENDPOINTS } from "../../lib/client/endpoints/mod.ts";
import { flagResult } from "../../lib/client/warnings.ts";
import { clientFor, countingFetch, fixtures, raw, withSandbox } from "./_sandbox.ts";

const codes = (ws: readonly Warning[]): string[] => ws.map((w) => w.code);

Deno.test("#1 .all() takes the total from meta.totalItems and collects exactly that many rows", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/clinical-trials", { search: "cancer" });
    const total = trap.body.meta?.totalItems as number;
    assert.ok((trap.body.data as unknown[]).length < total, "a page length is not the total");
    const r = await clientFor(sb).trials.search.all({ search: "cancer" });
    assert.equal(r.total, total);
    assert.equal(r.rows.length, total);
    assert.equal(new Set(r.rows.map((x) => x.trial_id)).size, total);
    assert.equal(r.meta.complete, true);
    assert.deepEqual(r.meta.warnings, []);
  });
});

Deno.test("#2 the applied sort is explicit: a search with the default sort is ordered by relevance", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    assert.equal((await ri.trials.search({ search: "cancer", limit: 1 })).meta.appliedSort, "relevance");
    assert.equal((await ri.trials.search({ limit: 1 })).meta.appliedSort, "updated");
    assert.equal((await ri.grants.search({ search: "cancer", limit: 1 })).meta.appliedSort, "relevance");
    assert.match(
      (await ri.grants.search({ limit: 1 })).meta.appliedSort!,
      /^start_date/,
      "grants echo meta.sort",
    );
  });
});

Deno.test("#4 composite status is uppercased (mixed case silently returns no rows)", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    const q = { disease: fx.diseaseName, status: "Recruiting" };
    const trap = await raw(sb, "/api/v1/tools/clinical/search-composite", q);
    assert.equal((trap.body.data as { totalCount: number }).totalCount, 0);
    const r = await clientFor(sb).trials.composite(q);
    assert.equal(r.meta.params.status, "RECRUITING");
    assert.ok(r.total! > 0);
  });
});

Deno.test("#8 #28 an unresolvable single entity is a typed error carrying the input, never retried", async () => {
  await withSandbox(async (sb) => {
    assert.equal(
      (await raw(sb, "/api/v1/tools/clinical/search-composite", { disease: "Zzyzxitis" })).status,
      500,
    );
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch, retry: 3 });
    const calls = [
      () => ri.trials.composite({ disease: "Zzyzxitis" }),
      () => ri.biology.associations({ entity: "Zzyzxitis" }),
      () => ri.biology.drugToTargets({ drug: "Zzyzxitis" }),
      () => ri.biology.prioritizeTargets({ disease: "Zzyzxitis" }),
      () => ri.biology.targetLandscape({ target: "Zzyzxitis" }),
      () => ri.biology.targetToDrugs({ target: "Zzyzxitis" }),
    ];
    for (const call of calls) {
      await assert.rejects(call(), (e: unknown) => {
        assert.ok(e instanceof UnresolvedEntityError, String(e));
        assert.equal(e.input, "Zzyzxitis");
        assert.equal(e.status, 500);
        return true;
      });
    }
    assert.equal(c.count(), calls.length, "one request each: no retries");
  });
});

Deno.test("#9 a combined composite query with totalCount 0 is flagged maybe-unresolved", async () => {
  await withSandbox(async (sb) => {
    const q = { disease: fixtures(sb).diseaseName, drug: "nonexistumab" };
    const trap = await raw(sb, "/api/v1/tools/clinical/search-composite", q);
    assert.equal(trap.status, 200);
    const r = await clientFor(sb).trials.composite(q);
    assert.equal(r.total, 0);
    assert.deepEqual(codes(r.meta.warnings), ["maybe-unresolved"]);
  });
});

Deno.test("#11 an empty breakdown on a single-entity fast path is flagged breakdown-unavailable", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).trials.composite({ disease: fixtures(sb).diseaseName, limit: 5 });
    assert.ok(r.total! > 0);
    assert.deepEqual((r.body as { data: { breakdown: object } }).data.breakdown, {});
    assert.ok(codes(r.meta.warnings).includes("breakdown-unavailable"));
  });
});

Deno.test("#12 a portfolio comparison with market_size_trials 0 is flagged", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).trials.portfolio({
      sponsors: [fixtures(sb).sponsor],
      conditionKeyword: "zzzqqq",
    });
    assert.equal(r.meta.warnings[0].pitfall, 12);
    assert.equal(r.meta.warnings[0].code, "maybe-unresolved");
  });
});

Deno.test("#16 catalysts with no events are flagged maybe-unresolved; a full list is flagged capped", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const empty = await ri.regulatory.catalysts({ sponsor: "Nonexistent Pharma" });
    assert.deepEqual(codes(empty.meta.warnings), ["maybe-unresolved"]);
    const capped = await ri.regulatory.catalysts({
      sponsor: fixtures(sb).sponsor,
      windowDays: 3650,
      limit: 1,
    });
    assert.equal(capped.rows.length, 1);
    assert.equal(capped.meta.complete, false);
    assert.deepEqual(codes(capped.meta.warnings), ["capped"]);
  });
});

Deno.test("#19 include_total=true is always sent, so the patent total exists", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/patents", { limit: "1" });
    assert.equal(trap.body.meta?.total ?? null, null, "without include_total there is no total");
    const r = await clientFor(sb).patents.search({ limit: 1 });
    assert.equal(r.meta.params.include_total, "true");
    assert.equal(typeof r.total, "number");
  });
});

Deno.test("#20 aggregate rows are read from buckets or data and never given a patent total", async () => {
  const handlers = {
    "patents.aggregate": () => ({
      success: true,
      data: [{ year: 2024, count: 7 }],
      meta: { total_buckets: 1, filters: { company_id_resolved: null, company_cluster_size: 0 } },
    }),
  };
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).patents.aggregate({ group_by: "year" });
    assert.deepEqual(r.rows, [{ year: 2024, count: 7 }]);
    assert.equal(r.total, null);
  }, { handlers });
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).patents.aggregate({ group_by: ["year", "cpc"], limit: 2 });
    assert.ok((r.body as { buckets?: unknown }).buckets, "the sandbox uses buckets");
    assert.equal(r.rows.length, 2);
    assert.equal(r.total, null);
    assert.deepEqual(codes(r.meta.warnings), ["capped"]);
  });
});

Deno.test("#21 #22 patent dates stay YYYYMMDD strings and yoy percent stays a fraction of 1", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const p = await ri.patents.search({ limit: 5 });
    assert.ok(p.rows.every((r) => r.publication_date === null || /^\d{8}$/.test(r.publication_date)));
    const y = await ri.patents.yoyGrowth({ dimension: "cpc", min_old_count: 1, limit: 3 });
    for (const r of y.rows) assert.ok(Math.abs(r.percent! - r.change / r.oldCount) < 1e-3);
    assert.deepEqual(codes(y.meta.warnings), ["capped"]);
  });
});

Deno.test("#23 an empty Medicare result is flagged; efo_id forms are normalised", async () => {
  await withSandbox(async (sb) => {
    const trap = await raw(sb, "/api/v1/medicare-drugs", { search: "atorva" });
    assert.equal(trap.body.meta?.totalItems, 0);
    const ri = clientFor(sb);
    const r = await ri.medicare.search({ search: "atorva" });
    assert.deepEqual(codes(r.meta.warnings), ["not-evidence-of-absence"]);
    const efo = await ri.medicare.search({ efo_id: "efo:0000311", limit: 1 });
    assert.equal(efo.meta.params.efo_id, "EFO_0000311");
  });
});

Deno.test("#25 lei-to-ticker 404 becomes an empty mapping flagged no-mapping", async () => {
  await withSandbox(async (sb) => {
    const fx = fixtures(sb);
    assert.equal(
      (await raw(sb, "/api/v1/tools/financials/lei-to-ticker", { lei: fx.leiWithoutTicker })).status,
      404,
    );
    const ri = clientFor(sb);
    const none = await ri.financials.leiToTicker({ lei: fx.leiWithoutTicker });
    assert.deepEqual(none.rows, []);
    assert.deepEqual(codes(none.meta.warnings), ["no-mapping"]);
    const some = await ri.financials.leiToTicker({ lei: fx.lei });
    assert.ok(some.rows.length > 0 && some.meta.warnings.length === 0);
  });
});

Deno.test("#27 prioritize-targets with total_targets == topN is incomplete", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).biology.prioritizeTargets({ efo_id: fixtures(sb).efoId, topN: 3 });
    assert.equal((r.body as { data: { total_targets: number } }).data.total_targets, 3);
    assert.equal(r.meta.complete, false);
    assert.equal(r.meta.warnings[0].pitfall, 27);
  });
});

Deno.test("#29 an empty organization autocomplete is flagged; a full disease autocomplete is capped", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const none = await ri.resolve.organizations({ query: "zzzqqq" });
    assert.deepEqual(codes(none.meta.warnings), ["not-evidence-of-absence"]);
    const many = await ri.diseases.autocomplete({ q: "c" });
    if (many.rows.length === 10) assert.deepEqual(codes(many.meta.warnings), ["capped"]);
    else assert.equal(many.meta.complete, true);
  });
});

Deno.test("target-to-drugs is flagged capped at its fixed 50", () => {
  const rows = Array.from({ length: 50 }, (_, i) => ({ drug_name: `d${i}` }));
  const f = flagResult(ENDPOINTS["biology.targetToDrugs"], { target: "EGFR" }, {
    rows,
    total: null,
    body: {},
  });
  assert.equal(f.complete, false);
  assert.deepEqual(codes(f.warnings), ["capped"]);
});

Deno.test("#32 envelopes and schemas are checked per endpoint", async () => {
  const handlers = {
    "trials.composite": () => ({
      success: false,
      data: { trials: [], totalCount: 0, breakdown: {}, audit_trail: [] },
    }),
    "trials.search": () => ({ data: [{ title: "no id" }], meta: { totalItems: 1, page: 1, limit: 20 } }),
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    await assert.rejects(ri.trials.composite({ disease: "cancer" }), (e: unknown) => {
      assert.ok(e instanceof SchemaMismatchError);
      assert.equal(e.field, "success");
      return true;
    });
    await assert.rejects(ri.trials.search(), (e: unknown) => {
      assert.ok(e instanceof SchemaMismatchError);
      assert.equal(e.field, "data.0.trial_id");
      assert.match(e.message, /trials\.search.*data\.0\.trial_id/);
      return true;
    });
  }, { handlers });
});

Deno.test("sort=updated/enrollment silently narrow rows and total; the client flags it", async () => {
  await withSandbox(async (sb) => {
    const updated = await raw(sb, "/api/v1/clinical-trials", { limit: "1" });
    const relevance = await raw(sb, "/api/v1/clinical-trials", { limit: "1", sort: "relevance" });
    const enrollment = await raw(sb, "/api/v1/clinical-trials", { limit: "1", sort: "enrollment" });
    const all = (sb.store.db.prepare("SELECT COUNT(*) AS n FROM trials").get() as { n: number }).n;
    const n = (b: typeof updated) => b.body.meta?.totalItems as number;
    assert.equal(n(relevance), all, "relevance without search keeps every trial");
    assert.ok(n(updated) < all, "the default sort silently drops trials without an update timestamp");
    assert.ok(n(enrollment) < all, "sort=enrollment silently drops trials without enrollment");
    const ri = clientFor(sb);
    assert.ok(codes((await ri.trials.search({ limit: 1 })).meta.warnings).includes("sort-excludes-rows"));
    assert.ok(
      codes((await ri.trials.search({ limit: 1, sort: "enrollment" })).meta.warnings).includes(
        "sort-excludes-rows",
      ),
    );
    assert.ok(
      !codes((await ri.trials.search({ limit: 1, sort: "relevance" })).meta.warnings).includes(
        "sort-excludes-rows",
      ),
    );
    assert.ok(
      !codes((await ri.trials.search({ search: "cancer", limit: 1 })).meta.warnings).includes(
        "sort-excludes-rows",
      ),
      "a search with the default sort is ordered by relevance, which keeps every match",
    );
  });
});
