/**
 * Diffs never report the clock: loss of exclusivity over the same approvals and Medicare rows on two
 * reference days 90 days apart — every date the same, only the days counted from "today" moved — is no
 * change, in memory and through saved snapshots; the one drug whose protection runs past the catalysts'
 * reach keeps `protected_beyond` = today + 3,650 days, which moves, and is declared volatile where the frame
 * is built. A real change on the second day is still reported, and only it.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { lossOfExclusivityFromFrames } from "../../lib/analyses/loss_of_exclusivity.ts";
import { volatileOf } from "../../lib/frames/keys.ts";
import { diff, loadSnapshot, snapshot } from "../../lib/watch/mod.ts";
import { inTemp } from "../_temp.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);
const at = (days: number) => new Date(T0 + days * DAY);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The catalysts as the service answers on `today` (days after T0): the same events, counted from it. */
function events(today: number, dates: Record<string, number>) {
  return pl.DataFrame(
    Object.entries(dates).map(([drug, day]) => ({
      drug_name: drug,
      trade_name: `${drug}brand`,
      type: "patent_expiry",
      event_date: at(day),
      days_to_event: day - today,
      patent_no: `US-${drug}`,
      exclusivity_code: null,
      entities: ["sponsor:A"],
    })),
  );
}
const MEDICARE = pl.DataFrame([
  {
    key: "m1",
    generic_name: "Alphanib",
    brand_names: [],
    branded: false,
    molecule_id: null,
    total_spending: 900,
    total_claims: 9,
    total_beneficiaries: 3,
    spending_year: 2024,
  },
  {
    key: "m2",
    generic_name: "Betamab",
    brand_names: [],
    branded: false,
    molecule_id: null,
    total_spending: 400,
    total_claims: 4,
    total_beneficiaries: 2,
    spending_year: 2024,
  },
]);
// Gammavir's protection (an approval record) runs to day 6,000: past the catalysts' 3,650-day reach.
const OPTIONS = {
  recordExpiries: [{
    trade_name: "Gammavirbrand",
    drug_names: ["Gammavir"],
    code: null,
    expiry_date: iso(at(6000)),
  }],
  entities: ["sponsor:A"],
};
const DATES = { Alphanib: 1000, Betamab: 1500, Gammavir: 3000 };
const loe = (today: number, dates: Record<string, number> = DATES) =>
  lossOfExclusivityFromFrames(events(today, dates), MEDICARE, OPTIONS);

Deno.test("two reference days, the same data: no change (protected_beyond moved and is declared volatile)", async () => {
  const first = loe(0), second = loe(90);
  const beyond = (r: typeof first) =>
    r.protected.getColumn("protected_beyond").toArray().map((d) => iso(d as unknown as Date));
  assert.deepEqual(beyond(first), [iso(at(3650))]);
  assert.deepEqual(beyond(second), [iso(at(3740))], "the column moves with the day");
  assert.deepEqual(volatileOf(second.protected).filter((c) => /beyond|years_to/.test(c)), [
    "years_to_horizon",
    "protected_beyond",
  ]);
  assert.ok(volatileOf(second.drugs).includes("years_to_horizon"));
  const changes = diff(first, second);
  assert.equal(changes.changed, false, changes.summary.toString());
  assert.deepEqual(changes.totals, { added: 0, removed: 0, changedRows: 0, changedCells: 0, rows: 0 });

  // Through snapshots saved on each day: the manifest keeps the declaration, so loaded frames agree.
  await inTemp(async (store) => {
    await snapshot(store, "loe", first, { date: iso(at(0)) });
    await snapshot(store, "loe", second, { date: iso(at(90)) });
    const [a, b] = [
      await loadSnapshot(store, "loe", iso(at(0))),
      await loadSnapshot(store, "loe", iso(at(90))),
    ];
    assert.deepEqual(b.manifest.frames.find((f) => f.name === "protected")?.volatile, ["protected_beyond"]);
    assert.equal(diff(a, b).changed, false, diff(a, b).summary.toString());
    assert.equal(diff(a, second).changed, false);
  });
});

Deno.test("two reference days, one expiry moved: that change is reported, and only it", () => {
  const changes = diff(loe(0), loe(90, { ...DATES, Betamab: 1400 }));
  assert.equal(changes.changed, true);
  const changed = changes.frames.drugs.changed.toRecords();
  assert.deepEqual(
    changed.map((r) => [r.drug_name, r.column]).sort(),
    [["Betamab", "horizon_quarter"], ["Betamab", "next_expiry"], ["Betamab", "protection_horizon"]],
  );
  assert.equal(changes.frames.protected.changed.height, 0);
});
