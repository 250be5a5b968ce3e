/**
 * lossOfExclusivityFromFrames() on a hand-built fixture whose every figure follows from the definitions
 * (`result.definitions`): the horizon is the last expiry (catalysts or approval records), a drug past the
 * horizon is protected (and past the catalysts' reach, protected at least until it), spending sums a drug's
 * matched rows (names, then molecule ids, then brands), the spending year is the rows' latest (2025 when
 * they carry none), generic exclusivities are nobody's exposure, and the share's denominator is every row
 * of the entity's drugs. Today is 2030-01-01; a day count below is days after it.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { lossOfExclusivityFromFrames } from "../../lib/analyses/loss_of_exclusivity.ts";
import { keyOf } from "../../lib/frames/keys.ts";

const A = "sponsor:A";
const B = "sponsor:B";
const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);
const on = (days: number) => new Date(T0 + days * DAY);
const iso = (d: unknown) => (d as Date).toISOString().slice(0, 10);

const ev = (drug: string, type: string, days: number, trade: string, entities: string[], more = {}) => ({
  drug_name: drug,
  trade_name: trade,
  type,
  event_date: on(days),
  days_to_event: days,
  patent_no: null as string | null,
  exclusivity_code: null as string | null,
  entities,
  ...more,
});
const EVENTS = pl.DataFrame([
  ev("Alphanib", "patent_expiry", 100, "Alphabrand", [A], { patent_no: "US1" }),
  ev("Alphanib", "exclusivity_expiry", 400, "Alphabrand", [A], { exclusivity_code: "NCE" }),
  ev("Alphanib", "exclusivity_expiry", 200, "Alphabrand", ["sponsor:G"], { exclusivity_code: "PC" }),
  ev("Alphanib", "approval", -50, "Alphabrand", [A]),
  ev("Betamab", "patent_expiry", 1000, "Betabrand", [A, B], { patent_no: "US3" }),
  ev("Gammavir", "exclusivity_expiry", 3000, "Gammabrand", [B], { exclusivity_code: "ODE" }),
  ev("Deltanib", "patent_expiry", 1826, "Deltabrand", [B], { patent_no: "US4" }),
  ev("Epsilon", "patent_expiry", 364, "Epsibrand", [A], { patent_no: "US5" }),
  // Its last expiry is the catalysts' last day: seen by them, so not protected beyond their reach.
  ev("Zetavir", "patent_expiry", 3650, "Zetabrand", [B], { patent_no: "US6" }),
  ev("Alphanib", "exclusivity_expiry", 900, "Alphabrand", ["sponsor:H"], { exclusivity_code: "CGT" }),
]);
const med = (
  key: string,
  generic_name: string,
  brand_names: string[],
  molecule_id: string | null,
  total_spending: number,
  total_claims: number,
  total_beneficiaries: number | null,
  spending_year: number | null,
) => ({
  key,
  generic_name,
  brand_names,
  branded: brand_names.length > 0,
  molecule_id,
  total_spending,
  total_claims,
  total_beneficiaries,
  spending_year,
});
const MEDICARE = pl.DataFrame([
  med("m1", "Alphanib Mesylate", ["Alphabrand"], "CHEMBL1", 1000, 10, 5, 2024),
  med("m2", "Alphanib", [], "CHEMBL1", 500, 5, null, 2023), // beneficiaries suppressed: none counted
  med("m3", "Betamab-xyz", [], "CHEMBL3", 300, 3, 3, null),
  med("m4", "Zedrug", ["Deltabrand"], null, 1500, 15, 10, 2024),
  med("m5", "Omeganib", [], null, 700, 7, 7, 2024),
]);
const OPTIONS = {
  forms: pl.DataFrame({ drug_name: ["Betamab", "Betamab"], chembl_id: ["CHEMBL404", "CHEMBL3"] }),
  entityDrugs: pl.DataFrame({ entity: [A, A], drug_name: ["Alphanib", "Omeganib"] }),
  recordExpiries: [
    { trade_name: "Betabrand", drug_names: ["Betamab Sodium"], code: null, expiry_date: iso(on(2000)) },
    { trade_name: "Betabrand", drug_names: ["Otherdrug"], code: null, expiry_date: iso(on(5000)) },
    { trade_name: "Gammabrand", drug_names: [], code: "ODE", expiry_date: iso(on(4000)) },
  ],
  unresolved: ["sponsor:U"],
  entities: [A, B, "sponsor:U"],
};

Deno.test("lossOfExclusivityFromFrames(): each drug's horizon, spending and match, by spending", () => {
  const out = lossOfExclusivityFromFrames(EVENTS, MEDICARE, OPTIONS);
  const drugs = out.drugs.toRecords();
  assert.deepEqual(drugs.map((d) => d.drug_name), ["Alphanib", "Deltanib", "Epsilon"]);
  const [alpha, delta, eps] = drugs;
  assert.deepEqual({
    ...alpha,
    next_expiry: iso(alpha.next_expiry),
    protection_horizon: iso(alpha.protection_horizon),
  }, {
    drug_name: "Alphanib",
    trade_names: ["Alphabrand"],
    entities: [A],
    next_expiry: "2030-04-11",
    protection_horizon: "2031-02-05",
    horizon_basis: "catalysts",
    horizon_quarter: "2031-Q1",
    years_to_horizon: 1.1, // 400 / 365.25 = 1.095
    patents: ["US1"],
    exclusivities: ["NCE"],
    part_d_spending: 1500,
    spending_year: 2024,
    claims: 15,
    beneficiaries: 5,
    branded: true,
    match_method: "exact_generic",
    medicare_keys: ["m1", "m2"],
    medicare_names: ["Alphanib Mesylate", "Alphanib"],
  });
  assert.deepEqual([delta.match_method, delta.part_d_spending, delta.horizon_quarter], [
    "brand_name",
    1500,
    "2035-Q1",
  ]);
  assert.equal(iso(delta.protection_horizon), "2035-01-01", "day 1826 is the 5-year bound, inside it");
  assert.deepEqual([eps.horizon_quarter, eps.years_to_horizon], ["2030-Q4", 1]);
  assert.deepEqual(
    [eps.match_method, eps.part_d_spending, eps.spending_year, eps.claims, eps.beneficiaries, eps.branded],
    ["no match", null, null, null, null, null],
  );
  assert.deepEqual([eps.medicare_keys, eps.medicare_names], [[], []]);
});

Deno.test("lossOfExclusivityFromFrames(): protection past the horizon, and past the catalysts' reach", () => {
  const out = lossOfExclusivityFromFrames(EVENTS, MEDICARE, OPTIONS);
  const [beta, gamma, zeta] = out.protected.toRecords();
  assert.deepEqual([zeta.drug_name, iso(zeta.protection_horizon), zeta.protected_beyond], [
    "Zetavir",
    iso(on(3650)),
    null,
  ]);
  assert.deepEqual(
    [beta.drug_name, beta.horizon_basis, iso(beta.protection_horizon), beta.protected_beyond],
    ["Betamab", "approval records", iso(on(2000)), null],
  );
  assert.deepEqual([beta.match_method, beta.part_d_spending, beta.spending_year], ["molecule_id", 300, 2025]);
  assert.deepEqual(
    [gamma.drug_name, iso(gamma.protection_horizon), iso(gamma.protected_beyond), gamma.part_d_spending],
    ["Gammavir", iso(on(4000)), iso(on(3650)), null],
  );
  assert.deepEqual(out.unmatched.getColumn("drug_name").toArray(), ["Epsilon", "Gammavir", "Zetavir"]);
  assert.deepEqual(out.genericExclusivities.toRecords().map((g) => [g.drug_name, g.holders, iso(g.expiry)]), [
    ["Alphanib", ["sponsor:G"], iso(on(200))],
    ["Alphanib", ["sponsor:H"], iso(on(900))],
  ]);
  // A year is 365.25 days: 399 days' worth of years stops a day short of Alphanib's last expiry.
  const short = lossOfExclusivityFromFrames(EVENTS, MEDICARE, { ...OPTIONS, horizonYears: 399 / 365.25 });
  assert.deepEqual(short.drugs.getColumn("drug_name").toArray(), ["Epsilon"]);
  assert.ok(short.protected.getColumn("drug_name").toArray().includes("Alphanib"));
  // Six years (2,192 days) reach Betamab's last expiry: it is exposure then.
  const six = lossOfExclusivityFromFrames(EVENTS, MEDICARE, { ...OPTIONS, horizonYears: 6 });
  assert.deepEqual(six.drugs.getColumn("drug_name").toArray(), [
    "Alphanib",
    "Deltanib",
    "Betamab",
    "Epsilon",
  ]);
  assert.deepEqual(six.protected.getColumn("drug_name").toArray(), ["Gammavir", "Zetavir"]);
});

Deno.test("lossOfExclusivityFromFrames(): exposure and share per entity; the generic holder has none", () => {
  const out = lossOfExclusivityFromFrames(EVENTS, MEDICARE, OPTIONS);
  const by = new Map(out.bySponsor.toRecords().map((r) => [r.entity, r]));
  assert.deepEqual([...by.keys()], [A, B, "sponsor:U"], "the generic holder sponsor:G is not an owner");
  const a = by.get(A)!;
  // A's drugs at risk: Alphanib (400 days, 1500) and Epsilon (364 days, unmatched).
  assert.deepEqual(
    [a.drugs, a.matched, a.exposed_1y, a.exposed_2y, a.exposed_5y, a.exposed_horizon, a.spending_year],
    [2, 1, 0, 1500, 1500, 1500, 2024],
  );
  // Denominator: rows of Alphanib (m1, m2), Omeganib (m5) and its catalyst drug Betamab (m3).
  assert.deepEqual([a.part_d_total, a.exposed_share_fraction], [2500, 1500 / 2500]);
  const b = by.get(B)!;
  assert.deepEqual([b.drugs, b.exposed_3y, b.exposed_5y, b.part_d_total, b.exposed_share_fraction], [
    1,
    0,
    1500,
    null,
    null,
  ]);
  assert.equal(by.get("sponsor:U")!.exposed_horizon, null);
  const six = lossOfExclusivityFromFrames(EVENTS, MEDICARE, { ...OPTIONS, horizonYears: 6 });
  const six_ = new Map(six.bySponsor.toRecords().map((r) => [r.entity, r.exposed_horizon]));
  assert.deepEqual([six_.get(A), six_.get(B)], [1800, 1800], "Betamab is both owners'");
  assert.deepEqual(
    out.byQuarter.toRecords(),
    [
      { quarter: "2031-Q1", entities: A, drugs: 1, spending: 1500 },
      { quarter: "2035-Q1", entities: B, drugs: 1, spending: 1500 },
    ],
  );
});

Deno.test("lossOfExclusivityFromFrames(): no events and no Medicare rows give empty frames, the spec's year", () => {
  const out = lossOfExclusivityFromFrames(EVENTS.head(0), MEDICARE.head(0), { entities: [A] });
  assert.deepEqual([out.drugs.height, out.protected.height, out.genericExclusivities.height], [0, 0, 0]);
  assert.deepEqual(out.bySponsor.toRecords().map((r) => [r.entity, r.drugs, r.spending_year]), [[
    A,
    0,
    2025,
  ]]);
});

Deno.test("lossOfExclusivityFromFrames(): every frame declares the key that identifies its rows", () => {
  const out = lossOfExclusivityFromFrames(EVENTS, MEDICARE, OPTIONS);
  for (const [name, df] of Object.entries(out)) {
    const key = keyOf(df);
    assert.ok(key && key.length > 0, `${name} has a key`);
    const ids = df.select(...key).toRecords().map((r: unknown) => JSON.stringify(r));
    assert.equal(new Set(ids).size, df.height, `${name}: its key identifies its rows`);
    assert.ok(df.height > 0, `${name} has rows here`);
  }
});
