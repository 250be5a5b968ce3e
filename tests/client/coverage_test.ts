/**
 * Every catalogue endpoint called through the client against the sandbox over HTTP. The table is
 * typed `Record<EndpointName, …>` (the compiler refuses a missing endpoint) and is also checked
 * against `Object.keys(ENDPOINTS)` at run time.
 */
import assert from "node:assert/strict";
import { type Client, type EndpointName, ENDPOINTS, type Provenance } from "../../lib/client/mod.ts";
import { clientFor, type Fixtures, fixtures, withSandbox } from "./_sandbox.ts";
import { PROFILES } from "../../lib/sandbox/mod.ts";
import { declaredFields } from "../../lib/client/schemas/origin.ts";

type Case = (ri: Client, fx: Fixtures) => Promise<{ meta: Provenance; body: unknown }>;

const CASES: Record<EndpointName, Case> = {
  "trials.search": (ri) => ri.trials.search({ search: "cancer", status: "recruiting" }),
  "trials.topics": (ri, fx) => ri.trials.topics({ topic: fx.topic }),
  "trials.composite": (ri, fx) => ri.trials.composite({ disease: fx.diseaseName }),
  "trials.portfolio": (ri, fx) =>
    ri.trials.portfolio({ sponsors: [fx.sponsor], conditionKeyword: fx.diseaseName }),
  "trials.details": (ri, fx) => ri.trials.details({ nctId: fx.nctId.toLowerCase() }),
  "trials.pos": (ri, fx) => ri.trials.pos({ trialId: fx.nctId }),
  "diseases.autocomplete": (ri, fx) => ri.diseases.autocomplete({ q: fx.diseaseName.slice(0, 5) }),
  "diseases.landscape": (ri, fx) => ri.diseases.landscape({ efo_id: fx.efoId }),
  "regulatory.search": (ri) => ri.regulatory.search({ limit: 5 }),
  "regulatory.landscape": (ri, fx) => ri.regulatory.landscape({ sponsor: fx.sponsor }),
  "regulatory.catalysts": (ri, fx) => ri.regulatory.catalysts({ sponsor: fx.sponsor, windowDays: 3650 }),
  "patents.search": (ri) => ri.patents.search({ limit: 5 }),
  "patents.get": (ri, fx) => ri.patents.get({ patentId: fx.patentId }),
  "patents.aggregate": (ri) => ri.patents.aggregate({ group_by: ["year"] }),
  "patents.yoyGrowth": (ri) => ri.patents.yoyGrowth({ dimension: "cpc", min_old_count: 0 }),
  "grants.sample": (ri) => ri.grants.sample(),
  "grants.search": (ri) => ri.grants.search({ limit: 5 }),
  "medicare.search": (ri) => ri.medicare.search({ limit: 5 }),
  "researchers.works": (ri, fx) => ri.researchers.works({ authorId: fx.authorId }),
  "resolve.organizations": (ri, fx) => ri.resolve.organizations({ query: fx.sponsor }),
  "financials.leiToTicker": (ri, fx) => ri.financials.leiToTicker({ lei: fx.lei.toLowerCase() }),
  "biology.associations": (ri, fx) => ri.biology.associations({ entity: fx.targetSymbol }),
  "biology.drugToTargets": (ri, fx) => ri.biology.drugToTargets({ drug: fx.drugName }),
  "biology.prioritizeTargets": (ri, fx) => ri.biology.prioritizeTargets({ efo_id: fx.efoId }),
  "biology.targetLandscape": (ri, fx) => ri.biology.targetLandscape({ target: fx.targetSymbol }),
  "biology.targetToDrugs": (ri, fx) => ri.biology.targetToDrugs({ target: fx.targetSymbol }),
  "alerts.list": (ri) => ri.alerts.list(),
  "alerts.get": (ri, fx) => ri.alerts.get({ alertDbId: fx.alertId }),
};

Deno.test("coverage table has exactly one case per catalogue endpoint", () => {
  assert.deepEqual(Object.keys(CASES).sort(), Object.keys(ENDPOINTS).sort());
});

for (const profile of PROFILES) {
  Deno.test(`every catalogue endpoint answers through the client with a schema-valid result (${profile} profile)`, async (t) => {
    await withSandbox(async (sb) => {
      const ri = clientFor(sb, { retry: 0 });
      const fx = fixtures(sb);
      for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
        await t.step(name, async () => {
          const r = await CASES[name](ri, fx);
          assert.equal(r.meta.endpoint, name);
          if ("rows" in r) assert.ok(Array.isArray(r.rows));
          else assert.ok(r.body !== undefined && r.body !== null);
          const absent = r.meta.warnings.filter((w) => w.code === "field-absent");
          if (profile === "spec-minimal") {
            // Every endpoint whose answer has sandbox-chosen fields says which ones did not come.
            const chosen = declaredFields(ENDPOINTS[name].response).some((f) => f.origin === "sandbox");
            const sent = "rows" in r ? (r.rows as unknown[]).length > 0 : true;
            if (chosen && sent) assert.equal(absent.length, 1, `${name}: no field-absent warning`);
          } else {
            assert.deepEqual(absent, [], `${name} (${profile}): ${absent[0]?.message}`);
          }
        });
      }
    }, { profile });
  });
}

Deno.test("list endpoints return rows and, where documented, the exact total", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const r = await ri.trials.search({ search: "cancer", limit: 5 });
    assert.equal(r.rows.length, 5);
    assert.ok(r.total !== null && r.total > 5);
    assert.equal(r.meta.complete, false);
    assert.equal(r.meta.warnings[0].code, "one-page");
    const agg = await ri.patents.aggregate({ group_by: "year" });
    assert.equal(agg.total, null, "aggregate has no patent total (meta.total_buckets is a bucket count)");
    assert.ok(agg.rows.length > 0 && agg.rows.every((b) => typeof b.count === "number"));
  });
});
