/**
 * The loss-of-exclusivity tables as `result.definitions` state them, on hand-made per-drug rows whose
 * expected figures are plain sums: the cliff (spending whose horizon ends in a quarter, a shared drug its
 * own "A + B" stack), exposure within 1/2/3/5 years (365.25 days a year) and the horizon, the share's
 * denominator (every Medicare row of the entity's drugs, once), generic exclusivities and unmatched drugs.
 */
import assert from "node:assert/strict";
import type { Assigned } from "../../lib/analyses/_loe_match.ts";
import {
  cliffFrame,
  type DrugRow,
  genericFrame,
  sponsorFrame,
  unmatchedFrame,
} from "../../lib/analyses/_loe_tables.ts";

const A = "sponsor:A";
const B = "sponsor:B";
const drug = (
  drug_name: string,
  entities: string[],
  horizon_days: number,
  part_d_spending: number | null,
  more: Partial<DrugRow> = {},
): DrugRow => ({
  drug_name,
  trade_names: [`${drug_name}brand`],
  entities,
  horizon_quarter: "2030-Q1",
  horizon_days,
  part_d_spending,
  match_method: part_d_spending === null ? "no match" : "exact_generic",
  taken_by: [],
  ...more,
});
type Med = {
  key: string;
  generic_name: string;
  brand_names: null;
  molecule_id: null;
  total_spending: number;
};
const med = (key: string, total_spending: number): Med => ({
  key,
  generic_name: key,
  brand_names: null,
  molecule_id: null,
  total_spending,
});
const got = (rows: Med[]): Assigned<Med> => ({ rows, method: "exact_generic", takenBy: [] });

Deno.test("cliffFrame(): spending by quarter and owner stack, a shared drug once, unmatched drugs left out", () => {
  const rows = [
    drug("d1", [A], 400, 50, { horizon_quarter: "2031-Q2" }),
    drug("d2", [A], 100, 100),
    drug("d3", [A], 120, 30),
    drug("d4", [A, B], 130, 20),
    drug("d5", [A], 140, null),
    drug("d6", [B], 150, 0),
    drug("d7", [A], 90, 5, { horizon_quarter: "2029-Q4" }),
  ];
  assert.deepEqual(cliffFrame(rows).toRecords(), [
    { quarter: "2029-Q4", entities: A, drugs: 1, spending: 5 },
    { quarter: "2030-Q1", entities: A, drugs: 2, spending: 130 },
    { quarter: "2030-Q1", entities: `${A} + ${B}`, drugs: 1, spending: 20 },
    { quarter: "2030-Q1", entities: B, drugs: 1, spending: 0 },
    { quarter: "2031-Q2", entities: A, drugs: 1, spending: 50 },
  ]);
});

Deno.test("sponsorFrame(): exposure within 1/2/3/5 years and the horizon, each day bound inclusive", () => {
  // 1 year = round(365.25) = 365 days, 2 = 731, 3 = 1096, 5 = 1826.
  const atRisk = [
    drug("y1", [A], 365, 1),
    drug("y2", [A], 366, 10),
    drug("y2b", [A, B], 731, 100),
    drug("y3", [A], 1096, 1000),
    drug("y5", [A], 1826, 10000),
    drug("h", [A], 1900, 100000),
    drug("none", [A], 200, null),
    drug("b", [B], 10, 7),
  ];
  const f = sponsorFrame({
    rows: atRisk,
    atRisk,
    owned: new Map(),
    assigned: new Map(),
    unresolved: new Set(),
    horizonDays: 1900,
    inputs: [A, B],
    year: 2024,
  });
  const a = f.toRecords().find((r) => r.entity === A)!;
  assert.deepEqual(
    [a.drugs, a.matched, a.exposed_1y, a.exposed_2y, a.exposed_3y, a.exposed_5y, a.exposed_horizon],
    [7, 6, 1, 111, 1111, 11111, 111111],
  );
  const b = f.toRecords().find((r) => r.entity === B)!;
  assert.deepEqual([b.drugs, b.matched, b.exposed_1y, b.exposed_horizon], [2, 2, 7, 107]);
  assert.deepEqual([a.part_d_total, a.exposed_share_fraction, a.spending_year], [null, null, 2024]);
});

Deno.test("sponsorFrame(): the share's denominator is every Medicare row of the entity's drugs, once", () => {
  const rows = [drug("cat", [A], 100, 60), drug("far", [A], 5000, 200), drug("theirs", [B], 50, 999)];
  const atRisk = rows.slice(0, 1).concat(rows[2]);
  const assigned = new Map([
    ["cat", got([med("m1", 60)])],
    ["far", got([med("m2", 200)])],
    ["listed", got([med("m3", 140), med("m1", 60)])], // m1 also the catalyst drug's: counted once
    ["theirs", got([med("m9", 999)])],
  ]);
  const f = sponsorFrame({
    rows,
    atRisk,
    owned: new Map([[A, ["listed", "unknown drug", "unpriced"]], ["sponsor:Zero", ["nothing"]]]),
    assigned: new Map([
      ...assigned,
      ["nothing", got([med("z", 0)])],
      // A row whose spending the service left null adds nothing to the total.
      ["unpriced", got([{ ...med("n", 0), total_spending: null as unknown as number }])],
    ]),
    unresolved: new Set(["sponsor:U"]),
    horizonDays: 1826,
    inputs: ["sponsor:In"],
    year: 2025,
  });
  const by = new Map(f.toRecords().map((r) => [r.entity, r]));
  assert.deepEqual([...by.keys()], ["sponsor:A", "sponsor:B", "sponsor:In", "sponsor:U", "sponsor:Zero"]);
  const a = by.get(A)!;
  assert.deepEqual([a.drugs, a.exposed_horizon, a.part_d_total], [1, 60, 60 + 200 + 140]);
  assert.equal(a.exposed_share_fraction, 60 / 400);
  assert.deepEqual(
    [by.get(B)!.exposed_horizon, by.get(B)!.part_d_total],
    [999, null],
    "no approved-drug list",
  );
  assert.deepEqual(by.get("sponsor:Zero")!.part_d_total, 0);
  assert.equal(by.get("sponsor:Zero")!.exposed_share_fraction, null, "no share of a zero total");
  assert.deepEqual([by.get("sponsor:In")!.drugs, by.get("sponsor:In")!.exposed_horizon], [0, 0]);
  const u = by.get("sponsor:U")!;
  assert.deepEqual(Object.values(u).filter((v) => v !== null), ["sponsor:U"], "unresolved: unknown, not 0");
});

Deno.test("genericFrame(): each generic exclusivity with its expiry date, soonest first, then by drug", () => {
  const g = (drug: string, days: number) => ({
    drug,
    trade: `${drug}brand`,
    holders: ["sponsor:Gen"],
    code: "PC",
    description: null,
    days,
  });
  const today = Date.UTC(2030, 0, 1) / 86_400_000;
  const f = genericFrame([g("zeta", 10), g("beta", 10), g("alpha", 40), g("gamma", 5)], today);
  assert.deepEqual(f.getColumn("drug_name").toArray(), ["gamma", "beta", "zeta", "alpha"]);
  assert.deepEqual(
    f.getColumn("expiry").toArray().map((d) => (d as unknown as Date).toISOString().slice(0, 10)),
    ["2030-01-06", "2030-01-11", "2030-01-11", "2030-02-10"],
  );
});

Deno.test("unmatchedFrame(): drugs with no Medicare row of their own, and why", () => {
  const f = unmatchedFrame([
    drug("matched", [A], 10, 5),
    drug("taken", [A], 10, null, { taken_by: ["Xanib", "Yanib"] }),
    drug("missing", [A], 10, null),
  ]);
  assert.deepEqual(f.getColumn("drug_name").toArray(), ["taken", "missing"]);
  const [taken, missing] = f.getColumn("reason").toArray() as string[];
  assert.match(taken, /counted under Xanib, Yanib \(matched by name or molecule id first\), so they are not/);
  assert.match(missing, /^no Medicare row by .*brand name; Medicare name matching is exact, so this is not/);
});
