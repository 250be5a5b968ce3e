/**
 * Test helper: one call per catalogue endpoint, with inputs from the sandbox's fixtures (the coverage
 * test calls each on every profile; the profiles test compares answers across profiles).
 *
 * @module
 */
import type { Client, EndpointName, Provenance } from "../../lib/client/mod.ts";
import type { Fixtures } from "./_sandbox.ts";

/** One endpoint's call. */
export type Case = (ri: Client, fx: Fixtures) => Promise<{ meta: Provenance; body: unknown }>;

/** One call per catalogue endpoint (typed by endpoint name: the compiler refuses a missing one). */
export const CASES: Record<EndpointName, Case> = {
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
