/**
 * The analyses' parameter ranges at their edges (the schemas behind ANALYSIS_PARAMS, which the analyses
 * check on entry and the MCP server publishes): each documented bound accepted, one step past it refused; whole numbers
 * where counts are asked for; names never empty; the catalyst analyses' one-entity rule.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import type { AnalysisName } from "../../lib/analyses/params.ts";
import { SCHEMAS } from "../../lib/analyses/_params_schemas.ts";

const ok = (a: AnalysisName, p: unknown) => SCHEMAS[a].safeParse(p).success;
const X = { sponsors: ["X"] };

/** [analysis, base parameters, field, lowest, highest (null: none), whole numbers only]. */
type Bound = [AnalysisName, Record<string, unknown>, string, number, number | null, boolean];
const BOUNDS: Bound[] = [
  ["catalystCalendar", X, "windowDays", 1, 3650, true],
  ["catalystCalendar", X, "limit", 1, 500, true],
  ["targetPrioritization", { disease: "x" }, "topN", 1, 200, true],
  ["targetPrioritization", { disease: "x" }, "minScore", 0, 1, false],
  ["targetPrioritization", { disease: "x" }, "whiteSpaceMinScore", 0, 1, false],
  ["patentTrends", {}, "topN", 1, 100, true],
  ["patentTrends", {}, "minOldCount", 0, null, true],
  ["medicareSpending", { efo_id: "EFO:1" }, "maxRows", 1, null, true],
  ["sponsorScan", { sponsor: "x" }, "windowDays", 1, 3650, true],
  ["lossOfExclusivity", X, "limit", 1, 500, true],
];

Deno.test("parameter ranges: each bound accepted, one step past it refused, fractions refused for counts", () => {
  for (const [a, base, field, lo, hi, int] of BOUNDS) {
    const at = (v: unknown) => ok(a, { ...base, [field]: v });
    const step = int ? 1 : 0.01;
    assert.ok(at(lo), `${a}.${field} = ${lo}`);
    assert.ok(!at(lo - step), `${a}.${field} = ${lo - step}`);
    if (hi !== null) {
      assert.ok(at(hi), `${a}.${field} = ${hi}`);
      assert.ok(!at(hi + step), `${a}.${field} = ${hi + step}`);
    } else assert.ok(at(1e6), `${a}.${field} has no upper bound`);
    assert.equal(at(lo + 0.5), !int, `${a}.${field} = ${lo + 0.5}`);
    assert.ok(!at(String(lo)), `${a}.${field} as text`);
  }
});

Deno.test("parameter ranges: horizon years above 0 up to 10; weights not negative; whole years", () => {
  const h = (v: number) => ok("lossOfExclusivity", { ...X, horizonYears: v });
  assert.deepEqual([h(0), h(0.5), h(10), h(10.01)], [false, true, true, false]);
  for (const w of ["association", "evidence", "novelty", "tractability"]) {
    assert.ok(ok("targetPrioritization", { disease: "x", weights: { [w]: 0 } }), w);
    assert.ok(!ok("targetPrioritization", { disease: "x", weights: { [w]: -0.01 } }), w);
  }
  for (
    const [a, base, f] of [["regulatoryLandscape", {}, "minYear"], [
      "sponsorScan",
      { sponsor: "x" },
      "from",
    ]] as const
  ) {
    assert.ok(ok(a, { ...base, [f]: 2020 }) && !ok(a, { ...base, [f]: 2020.5 }), `${a}.${f}`);
  }
  for (const a of ["patentTrends", "researcherOutput"] as const) {
    const base = a === "researcherOutput" ? { authorId: "A1" } : {};
    assert.ok(ok(a, { ...base, from: 2020, to: "2021-06-30" }), a);
    assert.ok(!ok(a, { ...base, from: 2020.5 }) && !ok(a, { ...base, to: true }), a);
  }
});

Deno.test("parameter lists: portfolio sponsors 1 to 100, catalyst drug names up to 100, no empty name", () => {
  const sponsors = (n: number) => ok("portfolioOverlap", { sponsors: Array(n).fill("S"), condition: "c" });
  assert.deepEqual([sponsors(0), sponsors(1), sponsors(100), sponsors(101)], [false, true, true, false]);
  const drugs = (n: number) => ok("catalystCalendar", { drugNames: Array(n).fill("d") });
  assert.deepEqual([drugs(100), drugs(101)], [true, false]);
  assert.ok(!ok("portfolioOverlap", { sponsors: [""], condition: "c" }), "an empty sponsor name");
  assert.ok(!ok("diseaseComparison", { diseases: [] }) && ok("diseaseComparison", { diseases: ["a"] }));
  assert.ok(!ok("patentTrends", { compare: [""] }) && ok("patentTrends", { compare: ["a"] }));
});

Deno.test("parameter names: required and optional text is never empty", () => {
  const empty: [AnalysisName, Record<string, unknown>, string][] = [
    ["portfolioOverlap", X, "condition"],
    ["targetPrioritization", {}, "disease"],
    ["targetPrioritization", {}, "efo_id"],
    ["regulatoryLandscape", {}, "sponsor"],
    ["regulatoryLandscape", {}, "indication"],
    ["patentTrends", {}, "company_id"],
    ["patentTrends", {}, "company_name"],
    ["patentTrends", {}, "cpc_code"],
    ["medicareSpending", {}, "efo_id"],
    ["medicareSpending", {}, "molecule"],
    ["medicareSpending", {}, "search"],
    ["researcherOutput", {}, "authorId"],
    ["sponsorScan", {}, "sponsor"],
    ["sponsorScan", { sponsor: "x" }, "condition"],
  ];
  for (const [a, base, f] of empty) {
    assert.ok(!ok(a, { ...base, [f]: "" }), `${a}.${f} empty`);
    assert.ok(ok(a, { ...base, [f]: "a" }), `${a}.${f}`);
  }
  const region = (v: string) => ok("regulatoryLandscape", { region: v });
  assert.deepEqual([region("US"), region("EU"), region("JP")], [true, true, false]);
  assert.ok(ok("patentTrends", { growthBy: "company" }) && !ok("patentTrends", { growthBy: "year" }));
  assert.ok(ok("medicareSpending", { all: true }) && !ok("medicareSpending", { all: "yes" }));
  const unavailable = (v: unknown) => ok("targetPrioritization", { disease: "x", unavailable: v });
  assert.deepEqual([unavailable(["evidence", "tractability"]), unavailable(["novelty"])], [true, false]);
});

Deno.test("catalyst analyses need one entity or filter: any one suffices, empty lists do not", () => {
  const one = [{ sponsors: ["S"] }, { tickers: ["T"] }, { leis: ["L"] }, { indication: "i" }, {
    drugNames: ["d"],
  }];
  for (const a of ["catalystCalendar", "lossOfExclusivity"] as const) {
    for (const p of one) assert.ok(ok(a, p), `${a} ${JSON.stringify(p)}`);
    const none = { sponsors: [], tickers: [], leis: [], indication: "", drugNames: [] };
    assert.ok(!ok(a, none), `${a} with nothing`);
    assert.ok(!ok(a, {}), `${a} with no parameters`);
    const issue = SCHEMAS[a].safeParse({}).error?.issues[0];
    assert.deepEqual(issue?.path, ["sponsors"], "the problem is named under sponsors");
  }
});

Deno.test("every parameter is described for the assistant that reads the MCP tools' schemas", () => {
  for (const [a, schema] of Object.entries(SCHEMAS)) {
    const json = z.toJSONSchema(schema, { io: "input" }) as {
      properties: Record<string, { description?: string }>;
    };
    for (const [field, p] of Object.entries(json.properties)) {
      assert.match(
        p.description ?? "",
        /^[A-Z0-9]\S* \S/,
        `${a}.${field}: a description that starts with its subject`,
      );
    }
  }
});
