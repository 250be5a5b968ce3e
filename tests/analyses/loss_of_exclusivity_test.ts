/**
 * Loss of exclusivity against ground truth computed from raw HTTP: every upcoming expiry of the
 * sponsors (uncapped catalyst calls), every Medicare row (all pages), joined here by a plain rule
 * (generic name equal, or equal after a salt word, or a shared brand name).
 */
import assert from "node:assert/strict";
import { lossOfExclusivity } from "../../lib/analyses/loss_of_exclusivity.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

type Ev = {
  drug_name: string;
  trade_name: string | null;
  type: string;
  event_date: string;
  days_to_event: number;
};
type Med = { _key: string; generic_name: string; brand_names: string[]; total_spending: number };

const SALTS =
  /^(mesylate|hydrochloride|sodium|maleate|citrate|tartrate|sulfate|phosphate|besylate|propanediol|acetate|succinate|fumarate|potassium|calcium)$/;

async function truth(
  sb: Parameters<Parameters<typeof withSandbox>[0]>[0],
  sponsors: string[],
  years: number,
) {
  const days = Math.round(years * 365.25);
  const events: (Ev & { sponsor: string })[] = [];
  for (const sponsor of sponsors) {
    const b = await raw(sb, "/api/v1/tools/regulatory/catalysts", {
      sponsor,
      windowDays: Math.min(3650, days),
      limit: 500,
    });
    assert.ok(b.data.events.length < 500, "ground truth is not capped");
    for (const e of b.data.events as Ev[]) events.push({ ...e, sponsor });
  }
  const med: Med[] = [];
  for (let page = 1;; page++) {
    const b = await raw(sb, "/api/v1/medicare-drugs", { limit: 100, page });
    med.push(...b.data);
    if (med.length >= b.meta.totalItems) break;
  }
  const drugs = new Map<string, { horizon: string; trades: Set<string>; sponsors: Set<string> }>();
  for (const e of events) {
    if (e.type === "approval" || e.days_to_event < 0 || e.days_to_event > days) continue;
    const d = drugs.get(e.drug_name) ?? { horizon: e.event_date, trades: new Set(), sponsors: new Set() };
    if (e.event_date > d.horizon) d.horizon = e.event_date;
    if (e.trade_name) d.trades.add(e.trade_name.toLowerCase());
    d.sponsors.add(`sponsor:${e.sponsor}`);
    drugs.set(e.drug_name, d);
  }
  const match = (drug: string, trades: Set<string>) => {
    const byName = med.filter((m) => {
      const w = m.generic_name.toLowerCase().split(" ");
      return w.join(" ") === drug || (w.slice(0, -1).join(" ") === drug && SALTS.test(w[w.length - 1]));
    });
    if (byName.length) {
      return {
        rows: byName,
        how: byName.some((m) => m.generic_name.toLowerCase() === drug) ? "exact_generic" : "salt_form",
      };
    }
    const byBrand = med.filter((m) => m.brand_names.some((b) => trades.has(b.toLowerCase())));
    return { rows: byBrand, how: byBrand.length ? "brand_name" : "no match" };
  };
  return { drugs, match };
}

Deno.test("lossOfExclusivity() joins expiries and Medicare spending like the raw responses", async () => {
  await withSandbox(async (sb, ri) => {
    const sponsors = ["Pfizer", "Novartis", "Roche", "AstraZeneca"];
    const t = await truth(sb, sponsors, 10);
    const loe = await lossOfExclusivity(ri, { sponsors, horizonYears: 10 });
    const got = new Map(loe.drugs.toRecords().map((r) => [r.drug_name as string, r]));
    assert.deepEqual([...got.keys()].sort(), [...t.drugs.keys()].sort());
    const methods = new Set<string>();
    for (const [drug, d] of t.drugs) {
      const r = got.get(drug)!;
      assert.equal(
        new Date(r.protection_horizon as unknown as Date).toISOString().slice(0, 10),
        d.horizon,
        drug,
      );
      assert.deepEqual(r.entities, [...d.sponsors].sort());
      const m = t.match(drug, d.trades);
      methods.add(m.how);
      assert.equal(r.match_method, m.how, drug);
      const want = m.rows.length ? m.rows.reduce((a, x) => a + x.total_spending, 0) : null;
      assert.ok(
        want === null ? r.spending_2025 === null : Math.abs((r.spending_2025 as number) - want) < 1e-6,
        drug,
      );
    }
    // The fixture exercises every kind of join: plain, salt form, brand only, and no match.
    assert.deepEqual([...methods].sort(), ["brand_name", "exact_generic", "no match", "salt_form"]);
    const unmatched = loe.unmatched.getColumn("drug_name").toArray() as string[];
    assert.deepEqual(
      unmatched.sort(),
      [...t.drugs.keys()].filter((d) => got.get(d)!.match_method === "no match").sort(),
    );
    assert.ok(
      loe.warnings.some((w) => w.code === "match-rate" && w.message.includes(`of ${t.drugs.size} drugs`)),
    );
    // Sums: the cliff and the per-sponsor exposure add up to the drugs' spending.
    const matchedSpend = loe.drugs.toRecords().reduce(
      (a, r) => a + ((r.spending_2025 as number | null) ?? 0),
      0,
    );
    assert.ok(Math.abs((loe.byQuarter.getColumn("spending").sum() as number) - matchedSpend) < 1e-3);
    for (const s of loe.bySponsor.toRecords()) {
      const mine = loe.drugs.toRecords().filter((r) =>
        (r.entities as unknown as string[]).includes(s.entity as string)
      );
      const sum = mine.reduce((a, r) => a + ((r.spending_2025 as number | null) ?? 0), 0);
      assert.ok(Math.abs((s.exposed_horizon as number) - sum) < 1e-3, String(s.entity));
      assert.ok((s.exposed_1y as number) <= (s.exposed_5y as number) + 1e-9);
    }
  });
});

Deno.test("lossOfExclusivity() loses nothing to a capped catalyst call, and names an unresolved sponsor", async () => {
  await withSandbox(async (_sb, ri) => {
    const full = await lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    const capped = await lossOfExclusivity(ri, { sponsors: ["Pfizer", "Merck"], horizonYears: 10, limit: 8 });
    const horizons = (r: typeof full) =>
      r.drugs.toRecords().filter((x) => (x.entities as unknown as string[]).includes("sponsor:Pfizer"))
        .map((x) =>
          `${x.drug_name} ${new Date(x.protection_horizon as unknown as Date).toISOString().slice(0, 10)}`
        )
        .sort();
    const lost = horizons(full).filter((h) => !horizons(capped).includes(h));
    if (capped.complete) assert.deepEqual(lost, []);
    else assert.ok(capped.warnings.some((w) => w.code === "capped"), "what still is capped is flagged");
    assert.ok(
      capped.warnings.some((w) =>
        w.code === "unresolved" && w.message.includes("Merck") && w.message.includes("closest")
      ),
      JSON.stringify(capped.warnings.map((w) => w.code)),
    );
    const merck = capped.bySponsor.toRecords().find((r) => r.entity === "sponsor:Merck");
    assert.ok(merck && merck.drugs === 0);
    await assert.rejects(() => lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 20 }), RangeError);
  });
});
