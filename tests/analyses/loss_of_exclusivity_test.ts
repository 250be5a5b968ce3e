/**
 * Loss of exclusivity against ground truth computed from raw HTTP: every upcoming expiry of the
 * sponsors over the catalysts' whole reach (uncapped calls), the approval records of their trade names
 * (expiries past the reach), every Medicare row, drug-to-targets ids and each sponsor's landscape,
 * joined here by a plain rule (generic name equal, or equal after a salt word; then molecule id; then a
 * shared brand name; each Medicare row counted once, in that order).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { lossOfExclusivity, lossOfExclusivityFromFrames } from "../../lib/analyses/loss_of_exclusivity.ts";
import { raw, rawAll, withSandbox } from "../frames/_raw.ts";

type Sb = Parameters<Parameters<typeof withSandbox>[0]>[0];
type Ev = {
  drug_name: string;
  trade_name: string | null;
  type: string;
  event_date: string;
  days_to_event: number;
  exclusivity_code: string | null;
};
type Med = {
  _key: string;
  generic_name: string;
  brand_names: string[];
  total_spending: number;
  molecule?: { chembl_id?: string };
};
const SALT =
  /^(mesylate|hydrochloride|sodium|maleate|citrate|tartrate|sulfate|phosphate|besylate|propanediol|acetate|succinate|fumarate|potassium|calcium|magnesium|tosylate|ditosylate|dimaleate|oxalate|propionate|salt)$/;
const base = (n: string) => {
  const w = n.toLowerCase().split(" ");
  while (w.length > 1 && SALT.test(w[w.length - 1])) w.pop();
  return w.join(" ");
};
const DAY = 86_400_000;
const dayOf = (s: string) => Date.parse(`${s.slice(0, 10)}T00:00:00Z`) / DAY;
const iso = (d: unknown) => new Date(d as Date).toISOString().slice(0, 10);

/** Ground truth for `sponsors` from raw HTTP only. */
async function truth(sb: Sb, sponsors: string[]) {
  const events: (Ev & { sponsor: string })[] = [];
  for (const sponsor of sponsors) {
    const b = await raw(sb, "/api/v1/tools/regulatory/catalysts", { sponsor, windowDays: 3650, limit: 500 });
    assert.ok(b.data.events.length < 500, "ground truth is not capped");
    for (const e of b.data.events as Ev[]) events.push({ ...e, sponsor });
  }
  const med = await rawAll(sb, "/api/v1/medicare-drugs", {}, (b) => b.data as unknown[]) as unknown as Med[];
  const ahead = events.filter((e) => e.type !== "approval" && e.days_to_event >= 0);
  const today = ahead.length ? dayOf(ahead[0].event_date) - ahead[0].days_to_event : 0;
  const generic = ahead.filter((e) => e.exclusivity_code === "PC" || e.exclusivity_code === "CGT");
  const drugs = new Map<string, { end: number; seen: number; trades: Set<string>; sponsors: Set<string> }>();
  for (const e of ahead.filter((x) => !generic.includes(x))) {
    const d = drugs.get(e.drug_name) ?? { end: 0, seen: 0, trades: new Set(), sponsors: new Set() };
    d.seen = Math.max(d.seen, e.days_to_event);
    if (e.trade_name) d.trades.add(e.trade_name);
    d.sponsors.add(`sponsor:${e.sponsor}`);
    drugs.set(e.drug_name, d);
  }
  for (const [drug, d] of drugs) {
    d.end = d.seen;
    for (const trade of d.trades) {
      const recs = await rawAll(sb, "/api/v1/regulatory", { trade_name: trade }, (b) => b.data as unknown[]);
      for (
        const r of recs as { trade_name: string; drugs: { name: string }[]; patents: []; exclusivities: [] }[]
      ) {
        if (r.trade_name.toLowerCase() !== trade.toLowerCase()) continue;
        if (!r.drugs.some((x) => base(x.name) === base(drug))) continue;
        const dates = [
          ...(r.patents as { expiry_date: string }[]).map((p) => p.expiry_date),
          ...(r.exclusivities as { code: string; expiry_date: string }[])
            .filter((x) => x.code !== "PC" && x.code !== "CGT").map((x) => x.expiry_date),
        ];
        for (const s of dates) d.end = Math.max(d.end, dayOf(s) - today);
      }
    }
  }
  // Each sponsor's approved drugs (the denominator), from its landscape.
  const owned = new Map<string, Set<string>>();
  for (const sponsor of sponsors) {
    const b = await raw(sb, "/api/v1/tools/regulatory/landscape", { sponsor });
    const rows = [...b.data.biologics, ...b.data.small_molecules_modern, ...b.data.commodities];
    owned.set(`sponsor:${sponsor}`, new Set(rows.map((r: { generic_name: string }) => r.generic_name)));
  }
  // One matcher for every drug, in order, each Medicare row counted once.
  const all = [...new Set([...drugs.keys(), ...[...owned.values()].flatMap((s) => [...s])])];
  const idsOf = async (drug: string) => {
    const url = new URL("/api/v1/tools/biology/drug-to-targets", sb.url);
    url.searchParams.set("drug", drug);
    const res = await fetch(url, { headers: { "x-api-key": sb.keys.pro } });
    const b = await res.json();
    if (!res.ok) return [];
    return [
      b.data?.drug?.chembl_id,
      ...(b.data?.related_forms ?? []).map((f: { chembl_id: string }) => f.chembl_id),
    ]
      .filter(Boolean) as string[];
  };
  const cand: { drug: string; rank: number; rows: Med[] }[] = [];
  for (const drug of all) {
    const byName = med.filter((m) => base(m.generic_name) === base(drug));
    if (byName.length) {
      cand.push({ drug, rank: 0, rows: byName });
      continue;
    }
    const ids = new Set(await idsOf(drug));
    const byId = med.filter((m) => m.molecule?.chembl_id && ids.has(m.molecule.chembl_id));
    if (byId.length) {
      cand.push({ drug, rank: 1, rows: byId });
      continue;
    }
    const trades = new Set([...(drugs.get(drug)?.trades ?? [])].map((t) => t.toLowerCase()));
    cand.push({
      drug,
      rank: 2,
      rows: med.filter((m) => m.brand_names.some((b) => trades.has(b.toLowerCase()))),
    });
  }
  cand.sort((a, b) => a.rank - b.rank || a.drug.localeCompare(b.drug));
  const taken = new Set<string>();
  const rowsOf = new Map<string, Med[]>();
  for (const c of cand) {
    const mine = c.rows.filter((r) => !taken.has(r._key));
    for (const r of mine) taken.add(r._key);
    rowsOf.set(c.drug, mine);
  }
  const spend = (drug: string) => (rowsOf.get(drug) ?? []).reduce((a, r) => a + r.total_spending, 0);
  const exposure = (sponsor: string, years: number) =>
    [...drugs].filter(([, d]) => d.sponsors.has(sponsor) && d.end <= Math.round(years * 365.25))
      .reduce((a, [drug]) => a + spend(drug), 0);
  const denominator = (sponsor: string) => {
    const keys = new Map<string, number>();
    const mine = [
      ...(owned.get(sponsor) ?? []),
      ...[...drugs].filter(([, d]) => d.sponsors.has(sponsor)).map(([n]) => n),
    ];
    for (const r of mine.flatMap((d) => rowsOf.get(d) ?? [])) keys.set(r._key, r.total_spending);
    return [...keys.values()].reduce((a, b) => a + b, 0);
  };
  return { today, drugs, generic, exposure, denominator, spend, med };
}

const close = (a: unknown, b: number, what: string) =>
  assert.ok(Math.abs(Number(a) - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

Deno.test("lossOfExclusivity() takes each drug's true last expiry, past the horizon and the catalysts' reach", async () => {
  await withSandbox(async (sb, ri) => {
    const sponsors = ["Pfizer", "Novartis", "Roche", "AstraZeneca"];
    const t = await truth(sb, sponsors);
    // The fixture breaks the old definition: a drug whose last expiry within 5 years is not its last, and
    // a drug protected past the catalysts' reach.
    assert.ok(
      [...t.drugs.values()].some((d) => d.seen <= 1826 && d.end > 1826),
      "a later expiry past 5 years",
    );
    assert.ok([...t.drugs.values()].some((d) => d.end > 3650), "protection past the reach");
    const rowsByBrand = new Map<string, number>();
    for (const m of t.med) {
      for (const b of m.brand_names) {
        rowsByBrand.set(b.toLowerCase(), (rowsByBrand.get(b.toLowerCase()) ?? 0) + 1);
      }
    }
    assert.ok(
      [...t.drugs.values()].some((d) =>
        [...d.trades].some((x) => (rowsByBrand.get(x.toLowerCase()) ?? 0) > 1)
      ),
      "a drug's brand is on two molecules' Medicare rows",
    );
    for (const years of [5, 10]) {
      const loe = await lossOfExclusivity(ri, { sponsors, horizonYears: years });
      const days = Math.round(years * 365.25);
      const want = [...t.drugs].filter(([, d]) => d.end <= days);
      assert.deepEqual(
        loe.drugs.toRecords().map((r) => `${r.drug_name} ${iso(r.protection_horizon)}`).sort(),
        want.map(([n, d]) => `${n} ${new Date((t.today + d.end) * DAY).toISOString().slice(0, 10)}`).sort(),
      );
      const beyond = loe.protected.toRecords();
      assert.deepEqual(
        beyond.filter((r) => r.protected_beyond !== null).map((r) => r.drug_name).sort(),
        [...t.drugs].filter(([, d]) => d.end > 3650).map(([n]) => n).sort(),
      );
      for (const r of beyond.filter((x) => x.protected_beyond !== null)) {
        assert.equal(iso(r.protected_beyond), new Date((t.today + 3650) * DAY).toISOString().slice(0, 10));
      }
      for (const s of loe.bySponsor.toRecords()) {
        close(s.exposed_horizon, t.exposure(String(s.entity), years), `${s.entity} ${years}y`);
        close(s.exposed_1y, t.exposure(String(s.entity), 1), `${s.entity} 1y`);
        close(s.part_d_total, t.denominator(String(s.entity)), `${s.entity} denominator`);
      }
      for (const r of [...loe.drugs.toRecords(), ...loe.protected.toRecords()]) {
        close(r.part_d_spending ?? 0, t.spend(String(r.drug_name)), String(r.drug_name));
      }
      // Nothing counted twice: every Medicare row belongs to one drug.
      const keys = [...loe.drugs.toRecords(), ...loe.protected.toRecords()].flatMap((r) =>
        r.medicare_keys as unknown as string[]
      );
      assert.equal(new Set(keys).size, keys.length);
      assert.equal(loe.warnings.some((w) => w.code === "horizon-beyond-reach"), years === 10);
      // The match-rate warning fires on a shortfall only, and names the drugs.
      const missed = loe.drugs.filter(pl.col("match_method").eq(pl.lit("no match"))).getColumn("drug_name");
      const rate = loe.warnings.find((w) => w.code === "match-rate");
      assert.equal(rate !== undefined, missed.length > 0);
      for (const d of missed.toArray()) assert.ok(rate!.message.includes(String(d)));
      assert.deepEqual(
        loe.bySponsor.getColumn("entity").toArray(),
        sponsors.map((s) => `sponsor:${s}`).sort(),
        "a row per input sponsor",
      );
      assert.match(loe.definitions?.protection_horizon ?? "", /true last/);
    }
  });
});

Deno.test("lossOfExclusivity() keeps generic exclusivities out of the holder's exposure", async () => {
  await withSandbox(async (sb, ri) => {
    const sponsors = ["Teva Pharmaceutical Industries", "Viatris", "Sandoz", "Sun Pharmaceutical Industries"];
    const t = await truth(sb, sponsors);
    const codes = new Set(t.generic.map((e) => e.exclusivity_code));
    assert.ok(
      codes.has("PC") && codes.has("CGT"),
      "fixture: the generic makers hold PC and CGT exclusivities",
    );
    const loe = await lossOfExclusivity(ri, { sponsors, horizonYears: 5 });
    for (const s of loe.bySponsor.toRecords()) {
      close(s.exposed_horizon, t.exposure(String(s.entity), 5), String(s.entity));
    }
    assert.deepEqual(
      loe.genericExclusivities.toRecords().map((r) => `${r.drug_name} ${r.code} ${iso(r.expiry)}`).sort(),
      [...new Set(t.generic.map((e) => `${e.drug_name} ${e.exclusivity_code} ${e.event_date}`))].sort(),
    );
    const held = new Set(t.generic.map((e) => e.drug_name));
    for (const r of loe.drugs.toRecords()) {
      assert.ok(!held.has(String(r.drug_name)) || t.drugs.has(String(r.drug_name)));
    }
  });
});

Deno.test("lossOfExclusivity() gives an unresolved sponsor null, names unknown drugs, and warns only on a shortfall", async () => {
  // "Merck" resolves on the synthetic world (names starting with it are all Merck & Co's): a name no
  // organization has is the unresolved sponsor.
  const NOBODY = "Nonesuch Holdings";
  await withSandbox(async (sb, ri) => {
    const loe = await lossOfExclusivity(ri, { sponsors: ["Pfizer", NOBODY], horizonYears: 10, limit: 8 });
    const full = await lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    const horizons = (r: typeof full) =>
      r.drugs.toRecords().map((x) => `${x.drug_name} ${iso(x.protection_horizon)}`).sort();
    if (loe.complete) assert.deepEqual(horizons(loe), horizons(full), "a capped call loses nothing");
    else assert.ok(loe.warnings.some((w) => w.code === "capped"));
    const nobody = loe.bySponsor.toRecords().find((r) => r.entity === `sponsor:${NOBODY}`)!;
    assert.deepEqual(
      [nobody.drugs, nobody.exposed_horizon, nobody.exposed_5y, nobody.part_d_total],
      [null, null, null, null],
    );
    const raw0 = await raw(sb, "/api/v1/tools/regulatory/catalysts", { sponsor: NOBODY, windowDays: 3650 });
    assert.equal(raw0.data.events.length, 0);
    // Drug names: one known, one unknown (the service drops it silently).
    const known = String(full.drugs.getColumn("drug_name").get(0));
    const named = await lossOfExclusivity(ri, { drugNames: [known, "zzzotinib"], horizonYears: 10 });
    const unknown = named.warnings.find((w) => w.code === "unknown-drug");
    assert.ok(unknown?.message.includes("zzzotinib") && !unknown.message.includes(known), unknown?.message);
    const everyMatched = named.drugs.filter(pl.col("match_method").eq(pl.lit("no match"))).height === 0;
    assert.equal(named.warnings.some((w) => w.code === "match-rate"), !everyMatched);
    await assert.rejects(() => lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 20 }), RangeError);
  });
});

Deno.test("lossOfExclusivityFromFrames() counts a brand shared by two molecules once, names first", () => {
  const events = pl.DataFrame({
    drug_name: ["sovalidipine", "sovalisartan"],
    trade_name: ["Sovaora", "Sovaora"],
    type: ["patent_expiry", "patent_expiry"],
    event_date: [new Date("2027-01-01"), new Date("2028-01-01")],
    days_to_event: [40, 405],
    patent_no: ["US1", "US2"],
    exclusivity_code: [null, null],
    entities: [["sponsor:A"], ["sponsor:B"]],
  });
  const medicare = pl.DataFrame({
    key: ["m1"],
    generic_name: ["Sovalidipine Maleate"],
    brand_names: [["Sovaora"]],
    branded: [true],
    molecule_id: ["CHEMBL1"],
    total_spending: [1e9],
    total_claims: [10],
    total_beneficiaries: [5],
  });
  const out = lossOfExclusivityFromFrames(events, medicare);
  const spend = Object.fromEntries(out.drugs.toRecords().map((r) => [r.drug_name, r.part_d_spending]));
  assert.deepEqual(spend, { sovalidipine: 1e9, sovalisartan: null });
  assert.equal(out.byQuarter.getColumn("spending").sum(), 1e9);
  assert.match(String(out.unmatched.getColumn("reason").get(0)), /counted under sovalidipine/);
  const byEntity = Object.fromEntries(out.bySponsor.toRecords().map((r) => [r.entity, r.exposed_horizon]));
  assert.deepEqual(byEntity, { "sponsor:A": 1e9, "sponsor:B": 0 });
});

Deno.test("lossOfExclusivityFromFrames() tries molecule ids before brand names, as documented", () => {
  const events = pl.DataFrame({
    drug_name: ["xenopant"],
    trade_name: ["Xenoify"],
    type: ["patent_expiry"],
    event_date: [new Date("2027-01-01")],
    days_to_event: [40],
    patent_no: ["US1"],
    exclusivity_code: [null],
    entities: [["sponsor:A"]],
  });
  const medicare = pl.DataFrame({
    key: ["combo", "other"],
    generic_name: ["Xenopant/Valsartan", "Quiovaparib"],
    brand_names: [["Xenoify"], ["Quiova", "Xenoify"]],
    branded: [true, true],
    molecule_id: ["CHEMBL9", "CHEMBL8"],
    total_spending: [1e8, 5e8],
    total_claims: [10, 10],
    total_beneficiaries: [5, 5],
  });
  const forms = pl.DataFrame({ drug_name: ["xenopant"], chembl_id: ["CHEMBL9"] });
  const out = lossOfExclusivityFromFrames(events, medicare, { forms });
  const r = out.drugs.toRecords()[0];
  assert.equal(r.match_method, "molecule_id");
  assert.deepEqual(r.medicare_keys, ["combo"]);
  assert.equal(r.part_d_spending, 1e8);
});

Deno.test("lossOfExclusivity() matches a combination by molecule id before its shared brand name", async () => {
  await withSandbox(async (sb, ri) => {
    const med = await rawAll(
      sb,
      "/api/v1/medicare-drugs",
      {},
      (b) => b.data as unknown[],
    ) as unknown as Med[];
    // A combination row (`Generic/Partner`) whose brand is also on another molecule's row.
    const combo = med.find((m) =>
      m.generic_name.includes("/") &&
      med.some((o) => o !== m && o.brand_names.some((b) => m.brand_names.includes(b)))
    );
    assert.ok(combo, "fixture: a combination's brand is on two molecules' rows");
    const drug = combo.generic_name.split("/")[0].split(" ")[0].toLowerCase();
    const ids = await raw(sb, "/api/v1/tools/biology/drug-to-targets", { drug });
    assert.ok(
      [ids.data.drug?.chembl_id, ...ids.data.related_forms.map((f: { chembl_id: string }) => f.chembl_id)]
        .includes(combo.molecule?.chembl_id),
      "raw: the combination row's molecule is one of the drug's forms",
    );
    const loe = await lossOfExclusivity(ri, { drugNames: [drug], horizonYears: 10 });
    const row = [...loe.drugs.toRecords(), ...(loe.protected?.toRecords() ?? [])].find((r) =>
      r.drug_name === drug
    );
    assert.ok(row, `${drug} has upcoming expiries`);
    assert.equal(row.match_method, "molecule_id");
    assert.deepEqual(row.medicare_keys, [combo._key]);
  });
});

Deno.test("lossOfExclusivityFromFrames(): spending_year is the Medicare rows' year; the report shares over the sponsors with a total only", async () => {
  const { analysisResult } = await import("../../lib/frames/mod.ts");
  const { exclusivitySection } = await import("../../lib/report/exclusivity_section.ts");
  const events = pl.DataFrame({
    drug_name: ["alphamab", "betanib"],
    trade_name: ["Alpha", "Beta"],
    type: ["patent_expiry", "patent_expiry"],
    event_date: [new Date("2027-01-01"), new Date("2027-06-01")],
    days_to_event: [40, 190],
    patent_no: ["US1", "US2"],
    exclusivity_code: [null, null],
    entities: [["sponsor:A"], ["sponsor:B"]],
  });
  const medicare = pl.DataFrame({
    key: ["a", "b", "c"],
    generic_name: ["Alphamab", "Betanib", "Gammastat"],
    brand_names: [["Alpha"], ["Beta"], ["Gamma"]],
    branded: [true, true, true],
    molecule_id: [null, null, null],
    total_spending: [1e8, 3e8, 3e8],
    total_claims: [10, 10, 10],
    total_beneficiaries: [5, 5, 5],
    spending_year: [2023, 2023, 2023],
  });
  // Only A has an approved-drug list (alphamab and gammastat): B's total is unknown, not 0.
  const entityDrugs = pl.DataFrame({
    entity: ["sponsor:A", "sponsor:A"],
    drug_name: ["alphamab", "gammastat"],
  });
  const frames = lossOfExclusivityFromFrames(events, medicare, { entityDrugs });
  assert.deepEqual(frames.drugs.getColumn("spending_year").toArray(), [2023, 2023]);
  const by = Object.fromEntries(frames.bySponsor.toRecords().map((r) => [r.entity, r]));
  assert.deepEqual([by["sponsor:A"].part_d_total, by["sponsor:A"].spending_year], [4e8, 2023]);
  assert.deepEqual([by["sponsor:B"].exposed_horizon, by["sponsor:B"].part_d_total], [3e8, null]);
  const summary = exclusivitySection(analysisResult(frames), ["A", "B"], 5).summary ?? "";
  assert.match(
    summary,
    /\$400M of 2023 Part D spending is exposed, \$100M of the \$400M total of A \(25(\.0)?\s?%\); the total of B is unknown/,
  );
});
