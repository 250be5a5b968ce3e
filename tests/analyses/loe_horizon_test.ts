/**
 * A drug's protection horizon as an analyst defines it (`result.definitions.protection_horizon`): its true
 * last patent or exclusivity expiry — the latest upcoming catalyst expiry, or a later expiry its approval
 * records list — while generic exclusivities (PC, CGT) held on the brand are kept apart, never its
 * protection. Pure: built from hand-made events whose expected horizon is plain arithmetic.
 */
import assert from "node:assert/strict";
import {
  dateOf,
  dayOf,
  drugHorizons,
  GENERIC_EXCLUSIVITIES,
  REACH_DAYS,
  type RecordExpiry,
} from "../../lib/analyses/_loe_horizon.ts";
import { baseName } from "../../lib/analyses/_loe_match.ts";

const sameDrug = (a: string, b: string) => baseName(a) === baseName(b);
const TODAY = "2030-01-01";
const day0 = Date.UTC(2030, 0, 1) / 86_400_000;
/** An event `days` after the data's today, as the catalyst calendar's `events` frame gives it. */
const ev = (drug: string, type: string, days: number, more: Record<string, unknown> = {}) => ({
  drug_name: drug,
  type,
  days_to_event: days,
  event_date: new Date((day0 + days) * 86_400_000),
  trade_name: null,
  entities: [],
  patent_no: null,
  exclusivity_code: null,
  ...more,
});
/** The ISO date `days` after today. */
const iso = (days: number) => new Date((day0 + days) * 86_400_000).toISOString().slice(0, 10);
const rec = (
  trade: string,
  days: number,
  code: string | null = null,
  drugs: string[] = [],
): RecordExpiry => ({
  trade_name: trade,
  drug_names: drugs,
  code,
  expiry_date: iso(days),
});

Deno.test("dayOf()/dateOf(): a calendar date, from a date cell or an ISO string with a time", () => {
  assert.equal(dayOf(TODAY), day0);
  assert.equal(dayOf(`${TODAY}T23:59:00Z`), day0, "the date part of a timestamp");
  assert.equal(dayOf(new Date(Date.UTC(2030, 0, 1))), day0);
  assert.equal(dateOf(day0 + 31).getTime(), Date.UTC(2030, 1, 1));
  // The catalysts' reach is the spec's largest windowDays (4.3: at most 3,650).
  assert.equal(REACH_DAYS, 3650);
  assert.deepEqual([...GENERIC_EXCLUSIVITIES].sort(), ["CGT", "PC"]);
});

Deno.test("drugHorizons(): today is the data's, from the first upcoming expiry; none gives null", () => {
  assert.deepEqual(drugHorizons([], [rec("A", 10)], sameDrug), { today: null, drugs: [], generic: [] });
  const one = drugHorizons([ev("Alpha", "approval", -3), ev("Alpha", "patent_expiry", 40)], [], sameDrug);
  assert.equal(one.today, day0);
  const h = drugHorizons([ev("Alpha", "patent_expiry", 0, { trade_name: "Alphabrand" })], [
    rec("Alphabrand", 500),
  ], sameDrug);
  assert.equal(h.today, day0);
  assert.equal(h.drugs[0].endDays, 500, "a record's date is counted from the data's today");
});

Deno.test("drugHorizons(): only upcoming patent and exclusivity expiries are protection", () => {
  const h = drugHorizons(
    [
      ev("Alpha", "approval", 5),
      ev("Alpha", "pdufa", 900),
      ev("Alpha", "patent_expiry", -30),
      ev("Alpha", "patent_expiry", 0, { patent_no: "US1" }),
      ev("Alpha", "exclusivity_expiry", 200, { exclusivity_code: "NCE" }),
    ],
    [],
    sameDrug,
  );
  assert.equal(h.drugs.length, 1);
  assert.deepEqual(
    [h.drugs[0].nextDays, h.drugs[0].seenDays, h.drugs[0].endDays, h.drugs[0].basis],
    [0, 200, 200, "catalysts"],
  );
  assert.deepEqual(h.drugs[0].patents, ["US1"], "no past patent, no placeholder for a null");
  assert.deepEqual(h.drugs[0].exclusivities, ["NCE"]);
});

Deno.test("drugHorizons(): each drug's lists, distinct and sorted, from lists and ' | '-joined cells", () => {
  const h = drugHorizons(
    [
      ev("Alpha", "patent_expiry", 300, {
        trade_name: "Zeta | Alphabrand",
        entities: ["sponsor:B", null, "", "sponsor:A"],
        patent_no: ["US9", "US2"],
      }),
      ev("Alpha", "exclusivity_expiry", 100, {
        trade_name: ["Alphabrand"],
        entities: "sponsor:A",
        exclusivity_code: "ODE | NCE",
      }),
      ev("Beta", "patent_expiry", 50, { trade_name: "Betabrand", entities: ["sponsor:C"], patent_no: "US5" }),
    ],
    [],
    sameDrug,
  );
  const a = h.drugs.find((d) => d.drug === "Alpha")!;
  assert.deepEqual(a, {
    drug: "Alpha",
    trades: ["Alphabrand", "Zeta"],
    entities: ["sponsor:A", "sponsor:B"],
    patents: ["US2", "US9"],
    exclusivities: ["NCE", "ODE"],
    nextDays: 100,
    seenDays: 300,
    endDays: 300,
    basis: "catalysts",
  });
  assert.deepEqual(h.drugs.find((d) => d.drug === "Beta")!.patents, ["US5"]);
  assert.deepEqual(h.drugs.map((d) => d.drug).sort(), ["Alpha", "Beta"]);
});

Deno.test("drugHorizons(): a generic exclusivity is its holders' event, never the brand's protection", () => {
  const h = drugHorizons(
    [
      ev("Alpha", "patent_expiry", 100, { trade_name: "Alphabrand", entities: ["sponsor:Brand"] }),
      ev("Alpha", "exclusivity_expiry", 900, {
        trade_name: ["Alphabrand"],
        entities: ["sponsor:Gen B", "sponsor:Gen A", "sponsor:Gen B"],
        exclusivity_code: "PC",
        exclusivity_description: "Patent challenge",
      }),
      ev("Alpha", "exclusivity_expiry", 700, {
        trade_name: "Alphabrand | Alphagen",
        entities: ["sponsor:Gen C"],
        exclusivity_code: "CGT | PC",
      }),
      ev("Alpha", "exclusivity_expiry", 400, { trade_name: "Alphabrand", exclusivity_code: "NCE | PC" }),
    ],
    [rec("Alphabrand", 2000, "PC"), rec("Alphabrand", 1500, "CGT")],
    sameDrug,
  );
  assert.deepEqual(h.generic, [
    {
      drug: "Alpha",
      trade: "Alphabrand",
      holders: ["sponsor:Gen A", "sponsor:Gen B"],
      code: "PC",
      description: "Patent challenge",
      days: 900,
    },
    {
      drug: "Alpha",
      trade: "Alphabrand | Alphagen",
      holders: ["sponsor:Gen C"],
      code: "CGT | PC",
      description: null,
      days: 700,
    },
  ]);
  const a = h.drugs[0];
  assert.deepEqual(
    [a.seenDays, a.endDays, a.basis],
    [400, 400, "catalysts"],
    "a code besides PC is protection",
  );
  assert.deepEqual(a.exclusivities, ["NCE", "PC"]);
  assert.deepEqual(a.entities, ["sponsor:Brand"], "a generic holder does not own the brand");
});

Deno.test("drugHorizons(): a later expiry in the drug's own approval records is its horizon", () => {
  const events = [
    ev("Alpha", "patent_expiry", 100, { trade_name: "Alphabrand" }),
    ev("Alpha", "patent_expiry", 300, { trade_name: "Alphabrand" }),
    ev("Beta", "patent_expiry", 200, { trade_name: "Betabrand" }),
    ev("Gamma", "patent_expiry", 250, { trade_name: "Gammabrand" }),
  ];
  const h = drugHorizons(events, [
    rec("ALPHABRAND", 4000, "NCE", ["Alpha Mesylate", "Other"]), // the same drug, any case and salt
    rec("alphabrand", 5000, null, ["Otherdrug"]), // the brand's record of another drug
    rec("Alphabrandx", 6000), // another trade name
    rec("Alphabrand", 3000, null, []), // a record listing no drugs is the brand's
    rec("Betabrand", 150), // earlier than the catalysts show
    rec("Gammabrand", 250), // the same day the catalysts show
  ], sameDrug);
  const by = new Map(h.drugs.map((d) => [d.drug, d]));
  assert.deepEqual([by.get("Alpha")!.endDays, by.get("Alpha")!.seenDays, by.get("Alpha")!.basis], [
    4000,
    300,
    "approval records",
  ]);
  assert.deepEqual([by.get("Beta")!.endDays, by.get("Beta")!.basis], [200, "catalysts"]);
  assert.deepEqual([by.get("Gamma")!.endDays, by.get("Gamma")!.basis], [250, "catalysts"]);
  const noDrugs = drugHorizons(events.slice(0, 1), [rec("Alphabrand", 3000, null, [])], sameDrug);
  assert.equal(noDrugs.drugs[0].endDays, 3000);
});
