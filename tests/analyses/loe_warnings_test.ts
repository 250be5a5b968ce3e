/**
 * What the loss-of-exclusivity numbers cannot show, said in warnings an analyst can act on: a horizon
 * past the catalysts' reach (3,650 days; 365.25 days a year), approval records without dates or not
 * fetched in full, drugs protected past the reach, a match shortfall (the rate and the drugs), unknown
 * drug names, and entities whose share has no denominator. The definitions name the data's year.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  loeDefinitions,
  matchWarnings,
  reachWarnings,
  shareWarnings,
} from "../../lib/analyses/_loe_warnings.ts";

const none = pl.DataFrame({ protected_beyond: [] as Date[] });
const codes = (ws: readonly { code: string }[]) => ws.map((w) => w.code);

Deno.test("loeDefinitions(): every figure's definition, whole sentences naming the data's year", () => {
  const d = loeDefinitions("2023 and 2024");
  for (const k of ["exposed_horizon", "part_d_spending", "spending_year"]) {
    assert.match(d[k], /2023 and 2024/, k);
  }
  for (const [k, v] of Object.entries(d)) {
    assert.doesNotMatch(v, /NaN|undefined/, k);
    assert.ok(v.length > 80, k);
  }
  assert.match(
    d.protection_horizon,
    /^the drug's true last .*generic exclusivities \(PC, CGT\).* not its protection$/,
  );
  assert.match(
    d.horizonYears,
    /365\.25 days a year.*3,653 days.*3 days past them, and says so in a warning$/,
  );
  assert.match(d.exposed_share_fraction, /^exposed_horizon ÷ part_d_total.*would overstate the share$/);
});

Deno.test("shareWarnings(): tickers, LEIs and unlisted sponsors have no denominator; unresolved ones are not named", () => {
  assert.deepEqual(shareWarnings({}, new Set(), []), []);
  assert.deepEqual(shareWarnings({ sponsors: ["S1"] }, new Set(["sponsor:S1"]), []), []);
  const ws = shareWarnings(
    { sponsors: ["S1", "S2", "S3"], tickers: ["T1", "T2"], leis: ["L1"] },
    new Set(["sponsor:S1"]),
    ["sponsor:S3", "ticker:T2"],
  );
  assert.deepEqual(codes(ws), ["share-unavailable", "share-unavailable"]);
  assert.match(
    ws[0].message,
    /^ticker T1, LEI L1: the regulatory landscape takes sponsor names only, so their share/,
  );
  assert.match(
    ws[1].message,
    /^S2: the regulatory landscape lists no approved drugs for this sponsor \(/,
  );
  assert.match(ws[1].message, /are unknown, not 0; the exposure is still shown$/);
  const two = shareWarnings({ sponsors: ["S1", "S2"] }, new Set(), []);
  assert.match(two[0].message, /^S1, S2: .* for these sponsors \(/);
  // Entities by name: their stored keys (sponsor:S1) stay in the frames, not in the sentence.
  assert.ok(ws.every((w) => !/\b(sponsor|ticker|lei):/.test(w.message)));
  assert.deepEqual(shareWarnings({ leis: ["L1"] }, new Set(), []).length, 1);
});

Deno.test("reachWarnings(): a horizon past 3,650 days says how many days the catalysts cannot see", () => {
  const ok = { dated: true, failed: [] };
  assert.deepEqual(reachWarnings(5, ok, none), []);
  assert.deepEqual(reachWarnings(3650 / 365.25, ok, none), [], "exactly the reach");
  const [w] = reachWarnings(10, ok, none);
  assert.equal(w.code, "horizon-beyond-reach");
  assert.match(w.message, /^A 10-year horizon \(3653 days\) runs past the catalysts' reach \(3650 days\): /);
  assert.match(w.message, /in the last 3 days are seen only where the approval records list them$/);
  assert.deepEqual(codes(reachWarnings(3651 / 365.25, ok, none)), ["horizon-beyond-reach"]);
});

Deno.test("reachWarnings(): records without dates, or not fetched in full, make exposure an upper bound", () => {
  const [absent] = reachWarnings(5, { dated: false, failed: [] }, none);
  assert.equal(absent.code, "field-absent");
  assert.match(
    absent.message,
    /^The approval records carry no patent or exclusivity dates .*: protection past/,
  );
  assert.match(
    absent.message,
    /\(exposure is an upper bound\).*missing from those listed as protected past the horizon$/,
  );
  const failed = ["A", "B", "C", "D", "E", "F"];
  const [unseen] = reachWarnings(5, { dated: true, failed }, none);
  assert.equal(unseen.code, "beyond-reach-unseen");
  assert.match(
    unseen.message,
    /^The approval records of A, B, C, D, E could not be fetched in full: protection/,
  );
  assert.equal(reachWarnings(5, { dated: false, failed: ["A"] }, none)[0].code, "field-absent");
});

Deno.test("reachWarnings(): drugs protected past the reach are counted, and are not exposure", () => {
  const df = pl.DataFrame({ protected_beyond: [new Date("2040-01-01"), null, new Date("2041-01-01")] });
  const [w] = reachWarnings(5, { dated: true, failed: [] }, df);
  assert.deepEqual(w, {
    code: "protected-beyond-reach",
    message: "2 drugs are protected beyond the catalysts' reach (3,650 days): listed as protected past the " +
      "horizon, not exposure",
  });
  const nulls = pl.DataFrame({ protected_beyond: [new Date("2040-01-01"), null] }).head(0);
  assert.deepEqual(reachWarnings(5, { dated: true, failed: [] }, nulls), []);
});

Deno.test("matchWarnings(): the match rate only on a shortfall, naming the drugs; unknown names", () => {
  const drugs = (methods: string[]) =>
    pl.DataFrame({ drug_name: ["d", ...methods.map((_, i) => `d${i}`)], match_method: ["x", ...methods] })
      .tail(
        methods.length,
      );
  assert.deepEqual(matchWarnings(5, drugs(["exact_generic", "brand_name"]), [], []), []);
  const [rate] = matchWarnings(3, drugs(["exact_generic", "no match", "no match"]), [], []);
  assert.equal(rate.code, "match-rate");
  assert.match(
    rate.message,
    /^1 of 3 drugs losing protection within 3 years matched Medicare Part D rows \(33%\); /,
  );
  assert.match(rate.message, /not matched: d1, d2 \(listed as drugs with no Medicare match: no match is not/);
  const [unknown] = matchWarnings(5, drugs([]), ["Alpha Mesylate", "Nope", "Nada"], ["alpha", "beta"]);
  assert.equal(unknown.code, "unknown-drug");
  assert.match(unknown.message, /^No catalyst event within ±3650 days for Nope, Nada: not a drug name the /);
  assert.match(unknown.message, /or nothing in reach; left out$/);
  assert.deepEqual(matchWarnings(5, drugs([]), ["Beta"], ["beta"]), []);
});
