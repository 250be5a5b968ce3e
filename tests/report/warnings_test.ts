/**
 * Warnings that name the thing: an unresolved or empty input is named in the warning, with the closest
 * names where resolution can suggest them (sandbox over loopback, tiny scale).
 */
import assert from "node:assert/strict";
import { countingFetch, withSandbox } from "../client/_sandbox.ts";
import { createClient } from "../../lib/client/mod.ts";
import {
  catalystCalendar,
  diseaseComparison,
  patentTrends,
  portfolioOverlap,
  regulatoryLandscape,
  sponsorScan,
  targetPrioritization,
} from "../../lib/analyses/mod.ts";

const messages = (r: { warnings: readonly { message: string }[] }) =>
  r.warnings.map((w) => w.message).join("\n");

Deno.test("analyses name an unresolved sponsor or condition and suggest the closest names", async () => {
  await withSandbox(async (sb) => {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const overlap = await portfolioOverlap(ri, { sponsors: ["Novartis", "Pfzer"], condition: "lung cancer" });
    assert.match(messages(overlap), /Sponsor 'Pfzer' did not resolve.*; closest: Pfizer/);
    const typo = await portfolioOverlap(ri, { sponsors: ["Pfizer"], condition: "lung cancr" });
    assert.match(messages(typo), /Condition 'lung cancr' has no trials.*; closest: lung cancer/);
    const scan = await sponsorScan(ri, { sponsor: "Pfzer" });
    assert.match(messages(scan), /Sponsor 'Pfzer' did not resolve.*; closest: Pfizer/);
    const landscape = await regulatoryLandscape(ri, { region: "US", sponsor: "Novartiss" });
    assert.match(messages(landscape), /Sponsor 'Novartiss' did not resolve.*; closest: Novartis/);
    const patents = await patentTrends(ri, { cpc_code: "A61K", compare: ["Rochee"] });
    assert.match(messages(patents), /Company 'Rochee' was not resolved.*; closest: Roche/);
    const calendar = await catalystCalendar(ri, { sponsors: ["Pfzer"] });
    assert.match(messages(calendar), /Pfzer did not resolve.*; closest: Pfizer/);
    const diseases = await diseaseComparison(ri, { diseases: ["asthma", "astma"] });
    assert.match(messages(diseases), /Disease 'astma' was not compared: .*; closest: asthma/);
  });
});

Deno.test("the client's empty-result warnings name the inputs of the call", async () => {
  await withSandbox(async (sb) => {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const events = await ri.regulatory.catalysts({ sponsor: "Merck" });
    const w = events.meta.warnings.find((w) => w.code === "maybe-unresolved");
    assert.match(w?.message ?? "", /^No catalyst events for sponsor 'Merck':/);
    const medicare = await ri.medicare.search({ search: "atorva" });
    assert.match(medicare.meta.warnings[0].message, /^No Medicare rows for name 'atorva':/);
    const diseases = await ri.diseases.autocomplete({ q: "astma" });
    assert.match(diseases.meta.warnings[0].message, /^No diseases matched name 'astma'/);
  });
});

Deno.test("portfolioOverlap() derived (spec-minimal): an unresolved sponsor's closest names come from its one resolution, not a second round of lookups", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counting.fetch });
    const r = await portfolioOverlap(ri, { sponsors: ["Novartis", "Pfzer"], condition: "lung cancer" });
    assert.match(messages(r), /Sponsor 'Pfzer' did not resolve.*; closest: Pfizer/);
    assert.ok(r.warnings.some((w) => w.code === "derived"), "the derived path (spec-minimal profile)");
    const lookups = counting.urls.filter((u) => u.includes("/resolution/autocomplete"));
    assert.deepEqual(lookups, [...new Set(lookups)], `each organization lookup once:\n${lookups.join("\n")}`);
  }, { profile: "spec-minimal" });
});

Deno.test("diseaseComparison(): a name autocomplete found nothing for is not asked again for its closest names", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counting.fetch });
    const r = await diseaseComparison(ri, { diseases: ["astma"] });
    assert.match(messages(r), /Disease 'astma' was not compared: .*; closest: asthma/);
    const lookups = counting.urls.filter((u) => u.includes("/diseases/autocomplete"));
    assert.deepEqual(lookups, [...new Set(lookups)], `each disease lookup once:\n${lookups.join("\n")}`);
  });
});

Deno.test("targetPrioritization() (spec-minimal): a synonym autocomplete does not list names the closest disease, asking autocomplete for it once", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counting.fetch });
    const r = await targetPrioritization(ri, { disease: "breast carcinoma", topN: 5 });
    assert.match(messages(r), /No disease id for 'breast carcinoma'.*; closest: breast cancer/);
    const lookups = counting.urls.filter((u) => u.includes("/diseases/autocomplete"));
    assert.deepEqual(lookups, [...new Set(lookups)], `each disease lookup once:\n${lookups.join("\n")}`);
  }, { profile: "spec-minimal" });
});

Deno.test("regulatoryLandscape(): an unresolved sponsor's closest names do not ask autocomplete for the same name again", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counting.fetch });
    const r = await regulatoryLandscape(ri, { region: "US", sponsor: "Novartiss" });
    assert.match(messages(r), /Sponsor 'Novartiss' did not resolve.*; closest: Novartis/);
    const asked = counting.urls.filter((u) => u.includes("/resolution/autocomplete"))
      .map((u) => new URL(u).searchParams.get("query"));
    assert.deepEqual(asked, [...new Set(asked)], `each query once:\n${asked.join("\n")}`);
  });
});
