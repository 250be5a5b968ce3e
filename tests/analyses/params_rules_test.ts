/**
 * The analyses' parameter checks (`checkParams`), before any request: each problem becomes a typed
 * error marked as the caller's input — TypeError for a wrong type, RangeError for a value out of range —
 * naming the analysis, the parameter (nested ones by their path), a short prefix of the value and the fix.
 */
import assert from "node:assert/strict";
import { ANALYSIS_PARAMS, type AnalysisName, checkParams } from "../../lib/analyses/params.ts";
import { isBadInput } from "../../lib/client/mod.ts";

/** The error `checkParams` throws for `params`. */
function thrown(analysis: AnalysisName, params: unknown): Error {
  try {
    checkParams(analysis, params);
  } catch (e) {
    assert.ok(isBadInput(e), `marked as bad input: ${e}`);
    return e as Error;
  }
  throw new Error(`no error for ${JSON.stringify(params)}`);
}

Deno.test("checkParams: valid parameters pass, for every analysis's own minimal set", () => {
  checkParams("portfolioOverlap", { sponsors: ["Pfizer"], condition: "asthma" });
  checkParams("researcherOutput", { authorId: "A1", from: 2020, to: "2021-06-30" });
  checkParams("regulatoryLandscape", undefined); // every field optional: no parameters at all is fine
  checkParams("phaseTransitions", { drugs: ["osimertinib"], diseases: ["lung cancer"] });
  checkParams("pipelineOutlook", { sponsors: ["Pfizer"], areas: { oncology: ["lung cancer"] } });
  assert.equal(Object.keys(ANALYSIS_PARAMS).length, 12);
});

Deno.test("checkParams: a missing required parameter is named with its type", () => {
  const e = thrown("researcherOutput", {});
  assert.ok(e instanceof TypeError);
  assert.equal(e.message, "researcherOutput: authorId is required (a string)");
  const none = thrown("portfolioOverlap", undefined);
  assert.match(none.message, /^portfolioOverlap: sponsors is required \(an array\)$/);
});

Deno.test("checkParams: a wrong type names the value; a list given as one item says how to wrap it", () => {
  const e = thrown("targetPrioritization", { disease: "asthma", topN: "5" });
  assert.ok(e instanceof TypeError);
  assert.equal(e.message, 'targetPrioritization: topN must be a number, got "5"');
  const list = thrown("diseaseComparison", { diseases: "asthma" });
  assert.ok(list instanceof TypeError);
  assert.equal(list.message, 'diseaseComparison: diseases must be a list, got "asthma"; pass ["asthma"]');
  const whole = thrown("researcherOutput", "A1");
  assert.equal(whole.message, 'researcherOutput: (parameters) must be an object, got "A1"');
});

Deno.test("checkParams: out of range is a RangeError naming the bound and the value; nested fields by path", () => {
  const big = thrown("targetPrioritization", { disease: "asthma", topN: 500 });
  assert.ok(big instanceof RangeError);
  assert.match(big.message, /^targetPrioritization: topN too big: expected number to be <=200, got 500$/);
  const small = thrown("portfolioOverlap", { sponsors: [], condition: "asthma" });
  assert.ok(small instanceof RangeError);
  assert.match(small.message, /^portfolioOverlap: sponsors too small: .*, got \[\]$/);
  const nested = thrown("targetPrioritization", { disease: "asthma", weights: { novelty: -1 } });
  assert.ok(nested instanceof RangeError);
  assert.match(nested.message, /^targetPrioritization: weights\.novelty too small: .*, got -1$/);
  const item = thrown("portfolioOverlap", { sponsors: ["Pfizer", 7], condition: "asthma" });
  assert.equal(item.message, "portfolioOverlap: sponsors.1 must be a string, got 7");
});

Deno.test("checkParams: any other problem is a TypeError with the service-neutral reason, lower-cased", () => {
  const e = thrown("patentTrends", { growthBy: "year" });
  assert.ok(e instanceof TypeError && !(e instanceof RangeError));
  assert.match(
    e.message,
    /^patentTrends: growthBy invalid option: expected one of "cpc"\|"company", got "year"$/,
  );
  const refine = thrown("catalystCalendar", {});
  assert.match(refine.message, /^catalystCalendar: sponsors is required, or one of tickers/);
  assert.equal(
    refine.message,
    'catalystCalendar: sponsors is required, or one of tickers, leis, indication, drugNames; e.g. "sponsors": ["Pfizer"]',
    "no value to show",
  );
});

Deno.test("checkParams: a long value is shown as a short prefix", () => {
  const long = "x".repeat(200);
  const e = thrown("diseaseComparison", { diseases: long });
  const shown = `"${"x".repeat(39)}…`;
  assert.ok(e.message.includes(`got ${shown}; pass [${shown}]`), e.message);
  assert.ok(e.message.length < 150, "not the whole value");
  // At the edge: a value shown in 40 characters is shown whole, in 41 it is cut to 40.
  const at = (n: number) => thrown("diseaseComparison", { diseases: "y".repeat(n - 2) }).message;
  assert.match(at(40), new RegExp(`got "${"y".repeat(38)}"; pass`));
  assert.match(at(41), new RegExp(`got "${"y".repeat(39)}…; pass`));
});
