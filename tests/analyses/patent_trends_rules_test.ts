/**
 * Patent trends' request rules, against the sandbox over HTTP: which company parameter is sent, the CPC
 * scope carried to compared companies, which failures of a compared company are reported (400) and which
 * fail the analysis, the unresolved table, and completeness over every call but the top-N list.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { companyParam, patentTrends } from "../../lib/analyses/patent_trends.ts";
import { keyOf } from "../../lib/frames/mod.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { clientFor, countingFetch, withSandbox } from "../client/_sandbox.ts";
import { raw } from "../frames/_raw.ts";

const AGG = "/api/v1/patents/aggregate";
const WINDOW = { publication_date_from: "2020-01-01", publication_date_to: "2025-12-31", group_by: "year" };
const counts = (body: { buckets?: { year: number; count: number }[] }) =>
  new Map((body.buckets ?? []).map((b) => [b.year, b.count]));
const patentsOf = (df: pl.DataFrame, company?: string) =>
  new Map(
    (company ? df.filter(pl.col("company").eq(pl.lit(company))) : df).toRecords().map((
      r,
    ) => [r.year, r.patents]),
  );
const nonzero = (m: Map<unknown, unknown>) => new Map([...m].filter(([, v]) => v !== 0));

Deno.test("companyParam(): bare LEI and ROR ids, and prefixed ones, are ids; anything else is a name", () => {
  assert.deepEqual(companyParam("529900ABCDEFGHIJKL12"), { company_id: "529900ABCDEFGHIJKL12" });
  assert.deepEqual(companyParam(" 01an7q238 "), { company_id: "01an7q238" });
  assert.deepEqual(companyParam("ror:01an7q238"), { company_id: "ror:01an7q238" });
  assert.deepEqual(companyParam("Acme 2000 Holdings Co"), { company_name: "Acme 2000 Holdings Co" });
});

Deno.test("patentTrends(): a company name scopes the counts; with an id too, the id wins", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const byName = await raw(sb, AGG, { ...WINDOW, company_name: "Pfizer" });
    const byId = await raw(sb, AGG, { ...WINDOW, company_id: "organizations/novartis" });
    assert.notDeepEqual(counts(byName), counts(byId), "fixture: the two companies differ");
    const named = await patentTrends(ri, { company_name: "Pfizer", from: 2020, to: 2025 });
    assert.deepEqual(nonzero(patentsOf(named.byYear)), counts(byName));
    const f = countingFetch();
    const both = await patentTrends(clientFor(sb, { fetch: f.fetch }), {
      company_id: "organizations/novartis",
      company_name: "No Such Pharma Ltd",
      from: 2020,
      to: 2025,
    });
    assert.deepEqual(nonzero(patentsOf(both.byYear)), counts(byId));
    assert.ok(f.urls.length > 0 && f.urls.every((u) => !u.includes("company_name")), "the name is not sent");
  });
});

Deno.test("patentTrends(): compared companies are counted in the analysis's CPC area", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const scoped = await raw(sb, AGG, { ...WINDOW, company_id: "organizations/pfizer", cpc_code: "A61K" });
    const all = await raw(sb, AGG, { ...WINDOW, company_id: "organizations/pfizer" });
    assert.notDeepEqual(counts(scoped), counts(all), "fixture: the CPC scope changes the counts");
    const out = await patentTrends(ri, {
      cpc_code: "A61K",
      from: 2020,
      to: 2025,
      compare: ["organizations/pfizer"],
    });
    assert.deepEqual(nonzero(patentsOf(out.companies, "organizations/pfizer")), counts(scoped));
  });
});

Deno.test("patentTrends(): an unresolved compared company is a keyed row and a warning with the closest names", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const out = await patentTrends(ri, { cpc_code: "A61K", compare: ["Pfizr"] });
    assert.deepEqual(out.unresolved.getColumn("input").toArray(), ["Pfizr"]);
    assert.deepEqual(keyOf(out.unresolved), ["input"]);
    const w = out.warnings.find((x) => x.code === "unresolved-company");
    assert.match(w?.message ?? "", /^Company 'Pfizr' was not resolved by the service .*; closest: .*Pfizer/);
    // A client with the patent endpoints only cannot suggest names, and still reports the company.
    const bare = await patentTrends({ patents: ri.patents }, { cpc_code: "A61K", compare: ["Pfizr"] });
    const b = bare.warnings.find((x) => x.code === "unresolved-company");
    assert.equal(
      b?.message,
      "Company 'Pfizr' was not resolved by the service and is missing from the comparison",
    );
  });
});

Deno.test("patentTrends(): a compared company's server error fails the analysis, not reported as unresolved", async () => {
  const agg = HANDLERS["patents.aggregate"];
  const failing: Handler = (ctx) =>
    ctx.params.company_name === "Acme"
      ? new Response(JSON.stringify({ error: { message: "Boom" } }), { status: 500 })
      : agg(ctx);
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    await assert.rejects(
      patentTrends(ri, { cpc_code: "A61K", compare: ["Acme"] }),
      (e: Error & { status?: number }) => e.status === 500,
    );
  }, { handlers: { "patents.aggregate": failing } });
});

Deno.test("patentTrends(): one incomplete call makes the analysis incomplete", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const patents = {
      ...ri.patents,
      aggregate: async (p: Record<string, unknown>) => {
        const r = await ri.patents.aggregate(p);
        return p.group_by === "year" ? { ...r, meta: { ...r.meta, complete: false } } : r;
      },
    } as typeof ri.patents;
    const whole = await patentTrends(ri, { cpc_code: "A61K" });
    assert.equal(whole.complete, true);
    const out = await patentTrends({ patents }, { cpc_code: "A61K" });
    assert.equal(out.complete, false);
  });
});

Deno.test("patentTrends(): parameters checked before any request; ten CPC codes asked by default; keyed frames", async () => {
  await withSandbox(async (sb) => {
    const f = countingFetch();
    const ri = clientFor(sb, { fetch: f.fetch });
    await assert.rejects(patentTrends(ri, { topN: 500 }), RangeError);
    assert.equal(f.count(), 0);
    // The sandbox has fewer than ten CPC codes: the default shows on the wire, as the top-N asked for.
    const out = await patentTrends(ri, { compare: ["organizations/pfizer"] });
    const cpc = f.urls.filter((u) => new URL(u).searchParams.get("group_by") === "cpc");
    assert.deepEqual(cpc.map((u) => new URL(u).searchParams.get("limit")), ["10"]);
    const keys = Object.fromEntries(
      ["byYear", "topCpc", "growth", "companies", "unresolved"].map((k) => [k, keyOf(out[k as "byYear"])]),
    );
    assert.deepEqual(keys, {
      byYear: ["year"],
      topCpc: ["cpc"],
      growth: ["key"],
      companies: ["company", "year"],
      unresolved: ["input"],
    });
  });
});
