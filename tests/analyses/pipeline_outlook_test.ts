/**
 * The risk-adjusted pipeline (issue 35) over loopback HTTP on the planted store: each sponsor's running
 * planted programmes found with their current phase, scored by their area's likelihood of approval from
 * the benchmark (never mixed with the trial-pos score, which only a tier that includes it gets), sums per
 * sponsor and year, and a sponsor with nothing running.
 *
 * @module
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { pipelineOutlook } from "../../lib/analyses/pipeline_outlook.ts";
import { phaseTransitions } from "../../lib/analyses/phase_transitions.ts";
import { createStore } from "../../lib/sandbox/store/generate.ts";
import { PLANTED_AREAS } from "../../lib/sandbox/store/gen_programmes.ts";
import { startSandbox } from "../../lib/sandbox/server.ts";
import { keyOf } from "../../lib/frames/mod.ts";

const ASOF = "2026-11-21";
const store = createStore({ seed: 42, scale: "tiny", programmes: true });
const q = <T>(sql: string, ...args: string[]) => store.db.prepare(sql).all(...args) as T[];
const areas = Object.fromEntries(
  PLANTED_AREAS.filter((a) => a.area !== "metabolic").map((a) => [
    a.area,
    a.diseases.map((id) => q<{ name: string }>("SELECT name FROM diseases WHERE id = ?", id)[0].name),
  ]),
);
const benchmarkDrugs = q<{ g: string }>(
  `SELECT generic_name AS g FROM molecules WHERE chembl_id LIKE 'CHEMBL99%' AND originator_id IS NOT NULL
   AND chembl_id IN (SELECT chembl_id FROM molecule_indications WHERE disease_id IN (SELECT value FROM json_each(?)))`,
  JSON.stringify(PLANTED_AREAS.filter((a) => a.area !== "metabolic").flatMap((a) => a.diseases)),
).map((r) => r.g);
/** Pfizer's running planted programmes, from the store: drug, disease, phase, pos score. */
const planted = q<{ drug: string; disease: string; phase: string; pos: number; trial_id: string }>(
  `SELECT i.name AS drug, c.condition_name AS disease, t.phase, t.pos_score AS pos, t.trial_id
   FROM trials t JOIN trial_sponsors s ON s.trial_id = t.trial_id JOIN trial_interventions i ON i.trial_id = t.trial_id
   JOIN trial_conditions c ON c.trial_id = t.trial_id
   WHERE t.trial_id >= 'NCT9' AND t.status = 'RECRUITING' AND s.sponsor_name = 'Pfizer'
     AND t.therapeutic_area != 'metabolic'`,
);

Deno.test("pipeline outlook: running planted programmes scored by their area's rate, pos beside", async (t) => {
  assert.ok(planted.length >= 2, "the planted store gives Pfizer running programmes");
  const sb = await startSandbox({ store: store as never, quiet: true });
  try {
    await t.step("with a key whose tier includes trial-pos", async () => {
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
      const out = await pipelineOutlook(ri, {
        sponsors: ["Pfizer"],
        areas,
        benchmark: "computed",
        benchmarkDrugs,
        asOf: ASOF,
      });
      assert.deepEqual(keyOf(out.programmes), ["sponsor", "drug", "disease"]);
      assert.match(
        out.definitions!.benchmark_used,
        /^computed from \d+ programmes of \d+ benchmark drugs, adequate/,
      );
      const rows = out.programmes.toRecords();
      const rates = out.rates.filter(pl.col("counting").eq(pl.lit("phase-by-phase"))).toRecords();
      for (const p of planted) {
        const r = rows.find((x) =>
          String(x.drug).toLowerCase() === p.drug.toLowerCase() && x.disease === p.disease
        );
        assert.ok(r, `${p.drug} in ${p.disease} is in the outlook`);
        assert.equal(r.current_phase, p.phase === "PHASE2" ? "phase2" : "phase1");
        assert.equal(r.trial_id, p.trial_id);
        const area = Object.entries(areas).find(([, ds]) => ds.includes(p.disease))![0];
        const rate = rates.find((x) =>
          x.dimension === "area" && x.group === area && x.from_phase === r.current_phase
        )!;
        assert.equal(r.p_approval, rate.loa);
        assert.equal(r.rate_basis, `computed: area ${area}`);
        // The trial-pos score stays in its own column, as a fraction of its 0-100 score.
        assert.equal(r.pos_score, p.pos / 100);
        assert.ok(Number(r.expected_year) >= 2026);
      }
      const s = out.bySponsor.toRecords()[0];
      const sum = rows.reduce((a, r) => a + Number(r.p_approval ?? 0), 0);
      assert.equal(Number(s.expected_approvals).toFixed(3), sum.toFixed(3));
      assert.ok(Number(s.expected_low) <= Number(s.expected_approvals));
      assert.ok(Number(s.expected_approvals) <= Number(s.expected_high));
      assert.equal(s.pos_programmes, rows.length);
      const perYear = out.byYear.getColumn("expected_approvals").toArray().reduce(
        (a: number, v) => a + Number(v),
        0,
      );
      assert.equal(perYear.toFixed(3), sum.toFixed(3));
      assert.match(out.definitions!.pos_score, /not that the drug is approved/);
    });
    await t.step("a key without trial-pos: benchmark rates only, and said", async () => {
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      const out = await pipelineOutlook(ri, { sponsors: ["Pfizer"], areas, asOf: ASOF });
      assert.ok(out.programmes.height >= planted.length);
      // The default benchmark: the published rates of the programme's area, named.
      const onc = out.programmes.toRecords().find((r) => r.area === "oncology")!;
      assert.equal(onc.rate_basis, "BIO/Informa/QLS 2011–2020, oncology");
      assert.equal(
        Number(onc.p_approval).toFixed(5),
        {
          phase1: 0.488 * 0.246 * 0.477 * 0.92,
          phase2: 0.246 * 0.477 * 0.92,
          phase3: 0.477 * 0.92,
        }[String(onc.current_phase)]!.toFixed(5),
      );
      const neuro = out.programmes.toRecords().find((r) => r.area === "neurology")!;
      assert.equal(neuro.rate_basis, "BIO/Informa/QLS 2011–2020, all areas");
      assert.match(
        out.definitions!.benchmark_used,
        /^published rates of BIO\/Informa\/QLS 2011–2020, oncology; BIO\/Informa\/QLS 2011–2020, all areas \(/,
      );
      assert.ok(out.programmes.getColumn("pos_score").toArray().every((v) => v === null));
      assert.equal(out.bySponsor.getColumn("expected_approvals_pos").get(0), null);
      assert.ok(out.warnings.some((w) => w.code === "pos-unavailable"));
    });
    await t.step("a sponsor with nothing running: a row of zeros and a sentence", async () => {
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      const out = await pipelineOutlook(ri, {
        sponsors: ["Nosuch Pharma"],
        diseases: ["melanoma"],
        asOf: ASOF,
      });
      assert.equal(out.programmes.height, 0);
      assert.deepEqual(out.bySponsor.toRecords(), [{
        sponsor: "Nosuch Pharma",
        active_programmes: 0,
        expected_approvals: 0,
        expected_low: 0,
        expected_high: 0,
        pos_programmes: 0,
        expected_approvals_pos: null,
      }]);
      assert.ok(out.warnings.some((w) => w.code === "no-active-programmes"));
      await assert.rejects(() => pipelineOutlook(ri, { sponsors: [], diseases: ["melanoma"] }), /sponsors/);
      await assert.rejects(
        () => pipelineOutlook(ri, { sponsors: ["Pfizer"], diseases: ["melanoma"], benchmark: "computed" }),
        /pipelineOutlook: benchmarkDrugs is required with benchmark "computed"/,
      );
    });
  } finally {
    await sb.close();
  }
});

Deno.test("computed benchmark: the same rates as phaseTransitions on the same drugs, any spelling; refused without failures", async (t) => {
  const sb = await startSandbox({ store: store as never, quiet: true });
  try {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    await t.step("outlook benchmark == phaseTransitions", async () => {
      // The same drugs, some spelt twice in another case: one drug each, in both analyses.
      const spelt = [...benchmarkDrugs, ...benchmarkDrugs.slice(0, 20).map((d) => d.toUpperCase())];
      const [out, pt] = await Promise.all([
        pipelineOutlook(ri, {
          sponsors: ["Pfizer"],
          areas,
          benchmark: "computed",
          benchmarkDrugs: spelt,
          asOf: ASOF,
        }),
        phaseTransitions(ri, { drugs: benchmarkDrugs.map((d) => d.toLowerCase()), areas, asOf: ASOF }),
      ]);
      assert.deepEqual(out.rates.toRecords(), pt.loa.toRecords());
      assert.deepEqual(out.transitions.toRecords(), pt.transitions.toRecords());
      assert.ok(out.programmes.height > 0);
    });
    await t.step("no failures: refused, said, published rates used", async () => {
      // Only drugs that were approved: a universe chosen by outcome, with no failure to count.
      const winners = q<{ g: string }>(
        `SELECT m.generic_name AS g FROM molecules m WHERE m.chembl_id LIKE 'CHEMBL99%' AND m.max_phase = 4
         AND m.chembl_id IN (SELECT chembl_id FROM molecule_indications WHERE disease_id IN (SELECT value FROM json_each(?)))`,
        JSON.stringify(PLANTED_AREAS[0].diseases),
      ).map((r) => r.g);
      assert.ok(winners.length >= 4);
      const out = await pipelineOutlook(ri, {
        sponsors: ["Pfizer"],
        areas: { oncology: areas.oncology },
        benchmark: "computed",
        benchmarkDrugs: winners,
        asOf: ASOF,
      });
      const said = `computed benchmark refused: ${winners.length} programmes judged, none failed; `;
      assert.ok(out.definitions!.benchmark_used.startsWith(said), out.definitions!.benchmark_used);
      assert.match(out.definitions!.benchmark_used, /; using BIO\/Informa\/QLS 2011–2020, oncology$/);
      assert.ok(out.warnings.some((w) => w.code === "benchmark-refused" && w.message.startsWith(said)));
      assert.equal(out.transitions.height, 0);
      assert.ok(
        out.programmes.toRecords().every((r) => r.rate_basis === "BIO/Informa/QLS 2011–2020, oncology"),
      );
    });
  } finally {
    await sb.close();
  }
});

Deno.test("bad input is refused before any request: 12 sponsors, 501 benchmark drugs, empty lists", async () => {
  let requests = 0;
  const ri = createClient({
    baseUrl: "http://127.0.0.1:9",
    apiKey: "k",
    fetch: () => {
      requests++;
      return Promise.reject(new Error("no request may be sent"));
    },
  });
  const sponsors = Array.from({ length: 12 }, (_, i) => `Sponsor ${i + 1}`);
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { sponsors, diseases: ["melanoma"] },
      /pipelineOutlook: sponsors lists 12 items, at most 10 allowed; split/,
    ],
    [{ sponsors: [], diseases: ["melanoma"] }, /pipelineOutlook: sponsors/],
    [{ sponsors: ["Pfizer"], diseases: [] }, /pipelineOutlook: diseases/],
    [
      {
        sponsors: ["Pfizer"],
        diseases: ["melanoma"],
        benchmark: "computed",
        benchmarkDrugs: Array.from({ length: 501 }, (_, i) => `drug${i}`),
      },
      /pipelineOutlook: benchmarkDrugs lists 501 items, at most 500 allowed/,
    ],
    [
      { sponsors: ["Pfizer"], diseases: ["melanoma"], benchmark: "computed", benchmarkDrugs: [] },
      /pipelineOutlook: benchmarkDrugs/,
    ],
    [{ sponsors: ["Pfizer"], diseases: ["melanoma"], benchmark: "mine" }, /pipelineOutlook: benchmark/],
  ];
  for (const [params, message] of cases) {
    await assert.rejects(
      () => pipelineOutlook(ri, params as never),
      message,
      JSON.stringify(params).slice(0, 80),
    );
  }
  await assert.rejects(
    () =>
      phaseTransitions(ri, { drugs: Array.from({ length: 501 }, (_, i) => `d${i}`), diseases: ["melanoma"] }),
    /phaseTransitions: drugs lists 501 items, at most 500 allowed/,
  );
  assert.equal(requests, 0);
});
