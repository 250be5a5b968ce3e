/**
 * Likelihood of approval (issue 35): the counting rules on small hand-built histories (a drug that skips
 * Phase 2, one with two indications, a terminated Phase 3, a Phase 2 still recruiting, a combined Phase 1/2
 * trial), the planted rates of the sandbox recovered within their intervals over loopback HTTP, an
 * independent recomputation from raw HTTP of every programme of the three areas (outcome, entry, dates),
 * horizons, the window and empty results.
 *
 * @module
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { phaseTransitions, phaseTransitionsFromFrames } from "../../lib/analyses/phase_transitions.ts";
import { createStore } from "../../lib/sandbox/store/generate.ts";
import {
  CENSORED_RECENT,
  CENSORED_RUNNING,
  LIFECYCLE_PER_DISEASE,
  MATURE_PER_DISEASE,
  PLANTED_AREAS,
} from "../../lib/sandbox/store/gen_programmes.ts";
import { startSandbox } from "../../lib/sandbox/server.ts";
import { keyOf } from "../../lib/frames/mod.ts";

const ASOF = "2026-11-21";
const row = (df: pl.DataFrame, where: Record<string, string>) => {
  const hit = df.toRecords().filter((r) => Object.entries(where).every(([k, v]) => r[k] === v));
  assert.equal(hit.length, 1, `one row for ${JSON.stringify(where)}`);
  return hit[0];
};

Deno.test("hand-built histories: phase-by-phase and path-by-path give the documented counts", () => {
  const t = (drug: string, disease: string, id: string, phase: string, status: string, start: string) => ({
    drug,
    disease,
    area: "x",
    trial_id: id,
    phase,
    status,
    start_date: start,
    lead_sponsor: drug === "c" ? "University of Somewhere" : "Pharma Inc",
  });
  const trials = pl.DataFrame([
    // a: skips Phase 2 (Phase 1 then Phase 3), approved in d1.
    t("a", "d1", "T1", "PHASE1", "COMPLETED", "2005-01-01"),
    t("a", "d1", "T2", "PHASE3", "COMPLETED", "2008-01-01"),
    // b: two indications — a terminated Phase 3 in d1; a Phase 1 with nothing later in d2.
    t("b", "d1", "T3", "PHASE2", "COMPLETED", "2006-01-01"),
    t("b", "d1", "T4", "PHASE3", "TERMINATED", "2009-01-01"),
    t("b", "d2", "T5", "PHASE1", "COMPLETED", "2005-06-01"),
    // c: a Phase 2 still recruiting.
    t("c", "d1", "T6", "PHASE1", "COMPLETED", "2018-01-01"),
    t("c", "d1", "T7", "PHASE2", "RECRUITING", "2024-01-01"),
    // d: a combined Phase 1/2 trial, then a Phase 3 and no approval.
    t("d", "d1", "T8", "PHASE1/PHASE2", "COMPLETED", "2010-01-01"),
    t("d", "d1", "T9", "PHASE3", "COMPLETED", "2013-01-01"),
  ]);
  const approvals = pl.DataFrame({
    drug: ["a", "b"],
    approval_id: ["FDA_ORANGE:1", "FDA_ORANGE:2"],
    approval_date: ["2011-01-01", "2012-01-01"],
    // b's approval is for another disease: neither of its programmes is approved by it.
    indications: [["D1"], ["d9"]],
  });
  const out = phaseTransitionsFromFrames(trials, approvals, { asOf: ASOF, fromYear: 2000 });
  assert.deepEqual(keyOf(out.programmes), ["drug", "disease"]);
  const p = (drug: string, disease: string) => row(out.programmes, { drug, disease });
  assert.equal(p("a", "d1").outcome, "approved");
  assert.deepEqual(p("a", "d1").skipped, ["phase2"]);
  assert.equal(p("a", "d1").approval_match, "drug and indication");
  assert.equal(p("b", "d1").outcome, "failed");
  assert.match(String(p("b", "d1").outcome_reason), /stopped/);
  assert.equal(p("b", "d2").outcome, "failed");
  assert.match(String(p("b", "d2").outcome_reason), /no later phase within 5 years/);
  assert.equal(p("c", "d1").outcome, "censored");
  assert.equal(p("c", "d1").outcome_reason, "still running");
  assert.equal(p("c", "d1").sponsor_class, "academic");
  assert.equal(p("d", "d1").phase2_start, "2010-01-01");
  const tr = (from: string) => row(out.transitions, { dimension: "all", from_phase: from });
  // I → II: a (skipped, passed), b/d2 (failed), c (advanced), d (combined trial) — b/d1 entered at Phase 2.
  assert.deepEqual(
    [tr("phase1").entered, tr("phase1").advanced, tr("phase1").failed, tr("phase1").censored],
    [4, 3, 1, 0],
  );
  assert.equal(tr("phase1").rate, 0.75);
  // The one I → II duration: c's (six years); a skipped Phase 2 and d's combined trial give none.
  assert.deepEqual([tr("phase1").durations, tr("phase1").median_years], [1, 6]);
  // II → III: a, b/d1, d advanced; c still recruiting is censored, never a failure.
  assert.deepEqual(
    [tr("phase2").entered, tr("phase2").advanced, tr("phase2").failed, tr("phase2").censored],
    [4, 3, 0, 1],
  );
  // III → approval: a approved; b/d1 terminated; d no approval within 5 years.
  assert.deepEqual([tr("phase3").advanced, tr("phase3").failed], [1, 2]);
  const loa = (counting: string) => row(out.loa, { dimension: "all", from_phase: "phase1", counting });
  assert.equal(loa("phase-by-phase").loa, 0.25); // 0.75 × 1 × 1/3
  // Path-by-path: of a, b/d2, d (c censored) one is approved.
  assert.deepEqual([loa("path-by-path").programmes, loa("path-by-path").approved], [3, 1]);
  assert.equal(Number(loa("path-by-path").loa).toFixed(4), "0.3333");
  for (const r of out.loa.toRecords()) {
    if (r.loa === null) continue;
    assert.ok(Number(r.loa_low) <= Number(r.loa) && Number(r.loa) <= Number(r.loa_high), JSON.stringify(r));
  }
  // Groups are said in the frames: the counting column and the dimensions.
  assert.deepEqual([...new Set(out.transitions.getColumn("counting").toArray())], ["phase-by-phase"]);
  assert.ok(
    out.transitions.toRecords().some((r) => r.dimension === "sponsor_class" && r.group === "academic"),
  );
  // A longer horizon turns the lack-of-progression failure of b/d2 (2005) into … still a failure (21 years),
  // and a window from 2007 leaves a and b/d2 out.
  const late = phaseTransitionsFromFrames(trials, approvals, { asOf: ASOF, fromYear: 2007 });
  assert.equal(row(late.programmes, { drug: "a", disease: "d1" }).outcome, "outside window");
  assert.equal(row(late.transitions, { dimension: "all", from_phase: "phase1" }).entered, 2);
});

Deno.test("definitions on histories built to break them (issue 40)", async (t) => {
  const t_ = (drug: string, id: string, phase: string, status: string, start: string, disease = "d1") => ({
    drug,
    disease,
    area: "x",
    trial_id: id,
    phase,
    status,
    start_date: start,
    lead_sponsor: "Pharma Inc",
  });
  const appr = (rows: [string, string, string, string[]][]) =>
    pl.DataFrame({
      drug: rows.map((r) => r[0]),
      approval_id: rows.map((r) => r[1]),
      approval_date: rows.map((r) => r[2]),
      indications: rows.map((r) => r[3]),
    });
  await t.step(
    "first trial: a life-cycle Phase 1 after the approval does not make it 'approved before'",
    () => {
      const trials = pl.DataFrame([
        t_("lifex", "T1", "PHASE2", "COMPLETED", "2003-02-01"),
        t_("lifex", "T2", "PHASE2", "COMPLETED", "2008-05-01"),
        t_("lifex", "T3", "PHASE1", "RECRUITING", "2026-09-04"),
      ]);
      const out = phaseTransitionsFromFrames(trials, appr([["lifex", "A1", "2014-03-01", ["d1"]]]), {
        asOf: ASOF,
      });
      const p = out.programmes.toRecords()[0];
      assert.equal(p.outcome, "approved");
      assert.equal(p.first_start, "2003-02-01");
      assert.equal(p.entry_phase, "phase2");
      assert.equal(p.phase1_start, null, "a phase below the entry is not counted");
      assert.ok(String(p.first_start) <= String(p.phase2_start));
      const tr = out.transitions.toRecords().filter((r) => r.dimension === "all");
      assert.deepEqual(tr.map((r) => r.entered), [0, 1, 1]);
    },
  );
  await t.step("a drug is one drug whatever its case, spacing or salt form", () => {
    const trials = pl.DataFrame([
      t_("abovapant", "T1", "PHASE1", "COMPLETED", "2010-01-01"),
      t_("Abovapant", "T1", "PHASE1", "COMPLETED", "2010-01-01"),
      t_("Abovapant  Hydrochloride", "T2", "PHASE2", "COMPLETED", "2012-01-01"),
    ]);
    const out = phaseTransitionsFromFrames(trials, appr([["ABOVAPANT", "A1", "2016-01-01", ["d1"]]]), {
      asOf: ASOF,
    });
    assert.equal(out.programmes.height, 1);
    const p = out.programmes.toRecords()[0];
    assert.deepEqual([p.drug, p.trials, p.outcome], ["abovapant", 2, "approved"]);
    assert.deepEqual(out.drugs.toRecords().map((r) => [r.drug, r.programmes, r.approvals]), [[
      "abovapant",
      1,
      1,
    ]]);
  });
  await t.step(
    "a combination is approved by a product holding all its components, not by one of them",
    () => {
      const LISTED = "drug in the disease's approved drugs";
      const trials = pl.DataFrame([
        t_("amoxicillin; omeprazole", "T1", "PHASE3", "COMPLETED", "2012-01-01"),
        t_("omeprazole", "T2", "PHASE3", "COMPLETED", "2012-01-01"),
      ]);
      const undated = appr([]);
      const landscape = (drugs: string[]) => pl.DataFrame({ disease: drugs.map(() => "d1"), drug: drugs });
      const p = (out: ReturnType<typeof phaseTransitionsFromFrames>, drug: string) =>
        row(out.programmes, { drug }).approval_match;
      // The landscape lists omeprazole alone: the combination is not approved by it, omeprazole is.
      const alone = phaseTransitionsFromFrames(trials, undated, {
        asOf: ASOF,
        landscape: landscape(["OMEPRAZOLE MAGNESIUM"]),
      });
      assert.equal(p(alone, "amoxicillin; omeprazole"), null);
      assert.equal(p(alone, "omeprazole"), LISTED);
      // Talicia (all three) holds both components: both programmes are listed.
      const both = phaseTransitionsFromFrames(trials, undated, {
        asOf: ASOF,
        landscape: landscape(["AMOXICILLIN; OMEPRAZOLE MAGNESIUM; RIFABUTIN"]),
      });
      assert.equal(p(both, "amoxicillin; omeprazole"), LISTED);
      assert.equal(p(both, "omeprazole"), LISTED);
    },
  );
  await t.step("future starts, year arithmetic, matcher precedence, the default window", () => {
    const trials = pl.DataFrame([
      // planned: Phase 2 completed 2015, a Phase 3 planned after the day judged from.
      t_("planned", "T1", "PHASE2", "COMPLETED", "2015-01-01"),
      t_("planned", "T2", "PHASE3", "NOT_YET_RECRUITING", "2027-02-01"),
      // five calendar years to the day: failed (1,826 days are less than 5 × 365.25).
      t_("fiveyears", "T3", "PHASE1", "COMPLETED", "2021-11-21"),
      t_("almost", "T4", "PHASE1", "COMPLETED", "2021-11-22"),
      // Early Phase 1 is Phase 1.
      t_("early", "T5", "EARLY_PHASE1", "COMPLETED", "2010-01-01"),
      t_("early", "T6", "PHASE2", "COMPLETED", "2012-01-01"),
      // two matchers: a drug-only record of 1999 and a record naming d1 in 2014.
      t_("both", "T7", "PHASE3", "COMPLETED", "2009-01-01"),
      // first trial in 2001: outside the default window (2002-2026 as of 2026).
      t_("old", "T8", "PHASE1", "COMPLETED", "2001-06-01"),
      t_("old", "T9", "PHASE2", "COMPLETED", "2004-06-01"),
    ]);
    const out = phaseTransitionsFromFrames(
      trials,
      appr([["both", "A1", "1999-01-01", []], ["both", "A2", "2014-01-01", ["d1"]]]),
      { asOf: ASOF },
    );
    const p = (drug: string) => row(out.programmes, { drug });
    assert.deepEqual([p("planned").outcome, p("planned").highest_phase], ["censored", "phase2"]);
    assert.match(String(p("planned").outcome_reason), /planned to start 2027-02-01/);
    assert.equal(p("planned").phase3_start, null);
    assert.equal(p("fiveyears").outcome, "failed");
    assert.equal(p("almost").outcome, "censored");
    assert.deepEqual([p("early").entry_phase, p("early").phase1_start], ["phase1", "2010-01-01"]);
    assert.deepEqual([p("both").approval_match, p("both").approval_date], [
      "drug and indication",
      "2014-01-01",
    ]);
    assert.deepEqual(p("both").approval_ids, ["A2"]);
    assert.equal(p("old").outcome, "outside window");
    assert.match(String(p("old").outcome_reason), /outside 2002-2026/);
    // Cohorts are bins of 5 years from the window's first year, 2002: 2010 is in 2007-2011.
    assert.equal(row(out.programmes, { drug: "early" }).cohort, 2007);
  });
});

Deno.test("empty input: typed frames, no rates", () => {
  const empty = pl.DataFrame({ drug: [], disease: [], area: [], trial_id: [], phase: [], status: [] });
  const out = phaseTransitionsFromFrames(empty, pl.DataFrame({ drug: [], approval_id: [] }), { asOf: ASOF });
  assert.equal(out.programmes.height, 0);
  assert.equal(out.transitions.height, 0);
  assert.ok(out.programmes.columns.includes("outcome"));
  assert.ok(out.loa.schema.loa.equals(pl.Float64));
});

/** The planted store, served over loopback, shared by the HTTP tests. */
const store = createStore({ seed: 42, scale: "tiny", programmes: true });
const names = (chemblPrefix: string, area: number) =>
  (store.db.prepare(
    `SELECT m.generic_name AS g FROM molecules m JOIN molecule_indications i ON i.chembl_id = m.chembl_id
     WHERE m.chembl_id LIKE ? AND i.disease_id IN (SELECT value FROM json_each(?)) ORDER BY m.chembl_id`,
  ).all(chemblPrefix, JSON.stringify(PLANTED_AREAS[area].diseases)) as { g: string }[]).map((r) => r.g);
const diseaseName = (id: string) =>
  (store.db.prepare("SELECT name FROM diseases WHERE id = ?").get(id) as { name: string }).name;

Deno.test("planted programmes: each area's rates recovered within the 95 % intervals over HTTP", async (t) => {
  const sb = await startSandbox({ store: store as never, quiet: true });
  try {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    for (const [ai, a] of PLANTED_AREAS.entries()) {
      await t.step(a.area, async () => {
        const drugs = names("CHEMBL99%", ai);
        const r = await phaseTransitions(ri, {
          drugs,
          areas: { [a.area]: a.diseases.map(diseaseName) },
          asOf: ASOF,
        });
        const n = MATURE_PER_DISEASE, k2 = Math.round(n * a.p12), k3 = Math.round(k2 * a.p23);
        const kA = Math.round(k3 * a.p3a);
        const d = a.diseases.length;
        const running2 = Math.floor(CENSORED_RUNNING / 2); // recruiting Phase 2 after a completed Phase 1
        const tr = (from: string) =>
          row(r.transitions, { dimension: "area", group: a.area, from_phase: from });
        // Exact planted counts: the rates are allocations, and censored programmes are never failures.
        assert.deepEqual(
          [tr("phase1").advanced, tr("phase1").failed, tr("phase1").censored],
          [d * (k2 + running2), d * (n - k2), d * (CENSORED_RUNNING - running2 + CENSORED_RECENT)],
        );
        // The life-cycle programmes enter at Phase 2 and were approved: a later Phase 1 changes nothing.
        const life = d * LIFECYCLE_PER_DISEASE;
        assert.deepEqual([tr("phase2").advanced, tr("phase2").failed, tr("phase2").censored], [
          d * k3 + life,
          d * (k2 - k3),
          d * running2,
        ]);
        assert.deepEqual([tr("phase3").advanced, tr("phase3").failed], [d * kA + life, d * (k3 - kA)]);
        for (const [from, p] of [["phase1", a.p12], ["phase2", a.p23], ["phase3", a.p3a]] as const) {
          const x = tr(from);
          assert.ok(
            Number(x.rate_low) <= p && p <= Number(x.rate_high),
            `${a.area} ${from}: ${p} in ${x.rate_low}-${x.rate_high}`,
          );
        }
        const loa = row(r.loa, {
          dimension: "area",
          group: a.area,
          from_phase: "phase1",
          counting: "phase-by-phase",
        });
        const planted = a.p12 * a.p23 * a.p3a;
        assert.ok(Number(loa.loa_low) <= planted && planted <= Number(loa.loa_high));
        // Planted gaps: I → II 1.5-2.5 years, II → III 2-3, III → approval 3-4.
        assert.ok(Number(tr("phase1").median_years) >= 1.5 && Number(tr("phase1").median_years) <= 2.5);
        assert.ok(Number(tr("phase3").median_years) >= 3 && Number(tr("phase3").median_years) <= 4);
        assert.equal(
          r.programmes.filter(pl.col("approval_match").eq(pl.lit("drug and indication"))).height,
          d * kA + life,
        );
        assert.equal(
          r.programmes.filter(pl.col("outcome").eq(pl.lit("approved before its trials"))).height,
          0,
        );
      });
    }
    await t.step(
      "horizon: a longer failAfterYears judges fewer lacks of progression, never a stop",
      async () => {
        const drugs = names("CHEMBL99%", 1);
        const areas = { metabolic: PLANTED_AREAS[1].diseases.map(diseaseName) };
        const [five, twelve] = await Promise.all(
          [5, 12].map((failAfterYears) => phaseTransitions(ri, { drugs, areas, asOf: ASOF, failAfterYears })),
        );
        const count = (r: typeof five, reason: RegExp) =>
          r.programmes.toRecords().filter((p) => reason.test(String(p.outcome_reason))).length;
        assert.equal(count(twelve, /stopped/), count(five, /stopped/));
        assert.ok(count(twelve, /no later phase/) < count(five, /no later phase/));
        assert.equal(
          count(twelve, /no later phase|too recent/),
          count(five, /no later phase|too recent/),
          "what is no longer a failure is censored as too recent",
        );
        assert.match(twelve.definitions!.failing, /within 12 calendar years/);
      },
    );
    await t.step("window and empty results", async () => {
      const drugs = names("CHEMBL99%", 0);
      const areas = { oncology: PLANTED_AREAS[0].diseases.map(diseaseName) };
      const recent = await phaseTransitions(ri, { drugs, areas, asOf: ASOF, fromYear: 2022 });
      const counted = recent.programmes.filter(pl.col("outcome").neq(pl.lit("outside window")));
      assert.ok(counted.height > 0 && counted.toRecords().every((p) => p.outcome === "censored"));
      // Recent programmes that reached Phase 2 did advance; none is judged a failure, none at Phase 2 or 3.
      const all = recent.transitions.filter(pl.col("dimension").eq(pl.lit("all")));
      assert.deepEqual(all.getColumn("failed").toArray(), [0, 0, 0]);
      assert.deepEqual(all.getColumn("rate").toArray().slice(1), [null, null]);
      const none = await phaseTransitions(ri, {
        drugs: ["nosuchdrugumab"],
        diseases: ["melanoma"],
        asOf: ASOF,
      });
      assert.equal(none.programmes.height, 0);
      assert.deepEqual(none.warnings.map((w) => w.code).sort(), [
        "diseases-without-trials",
        "drugs-without-trials",
      ]);
      await assert.rejects(
        () => phaseTransitions(ri, { drugs: ["x"] }),
        /phaseTransitions: diseases is required, or areas/,
      );
    });
  } finally {
    await sb.close();
  }
});

Deno.test("independent recomputation from raw HTTP: every programme of the three areas, and their counts", async () => {
  const sb = await startSandbox({ store: store as never, quiet: true });
  try {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const get = async (path: string, q: Record<string, string>) => {
      const res = await fetch(`${sb.url}${path}?${new URLSearchParams(q)}`, {
        headers: { "x-api-key": sb.keys.pro },
      });
      return await res.json();
    };
    // The documented words, written again here: phases of a trial, calendar years, running and stopped.
    const lv = (p: string | null) =>
      ({
        EARLY_PHASE1: [1],
        PHASE1: [1],
        "PHASE1/PHASE2": [1, 2],
        PHASE2: [2],
        "PHASE2/PHASE3": [2, 3],
        PHASE3: [3],
      } as Record<string, number[]>)[p ?? ""] ?? [];
    const plusYears = (d: string, n: number) => `${Number(d.slice(0, 4)) + n}${d.slice(4)}`;
    const RUNNING = ["RECRUITING", "ACTIVE_NOT_RECRUITING", "ENROLLING_BY_INVITATION", "NOT_YET_RECRUITING"];
    const STOPPED = ["TERMINATED", "WITHDRAWN", "SUSPENDED"];
    const from = Number(ASOF.slice(0, 4)) - 24;
    let checked = 0;
    for (const [ai, a] of PLANTED_AREAS.entries()) {
      const drugs = names("CHEMBL99%", ai);
      const diseases = a.diseases.map(diseaseName);
      const counts = { 1: [0, 0], 2: [0, 0], 3: [0, 0] } as Record<number, [number, number]>;
      const expected = new Map<string, Record<string, unknown>>();
      for (const drug of drugs) {
        const appr = await get("/api/v1/regulatory", { ingredient: drug, limit: "100" });
        for (const disease of diseases) {
          const body = await get("/api/v1/tools/clinical/search-composite", { drug, disease, limit: "100" });
          assert.equal(body.data.totalCount, body.data.trials.length);
          const all = body.data.trials as { phase: string; status: string; startDate: string }[];
          if (!all.length) continue;
          const planned = all.filter((x) => x.startDate > ASOF && lv(x.phase).length);
          const dev = all.filter((x) => x.startDate <= ASOF && lv(x.phase).length);
          const first = dev.map((x) => x.startDate).sort()[0];
          const entry = Math.min(...dev.filter((x) => x.startDate === first).flatMap((x) => lv(x.phase)));
          const at = (k: number) => dev.filter((x) => lv(x.phase).some((l) => l === k && l >= entry));
          const top = Math.max(...dev.flatMap((x) => lv(x.phase)).filter((l) => l >= entry));
          const startOf = (k: number) => at(k).map((x) => x.startDate).sort()[0] ?? null;
          const dates = (appr.data as { indications: string[]; approval_date: string }[])
            .filter((x) => x.indications.includes(disease)).map((x) => x.approval_date).sort();
          const approval = dates[0] ?? null;
          const atTop = at(top);
          const last = atTop.map((x) => x.startDate).sort().at(-1)!;
          let outcome: string;
          if (Number(first.slice(0, 4)) < from) outcome = "outside window";
          else if (approval && approval < first) outcome = "approved before its trials";
          else if (approval) outcome = "approved";
          else if (atTop.some((x) => RUNNING.includes(x.status)) || planned.length) outcome = "censored";
          else if (atTop.every((x) => STOPPED.includes(x.status))) outcome = "failed";
          else outcome = plusYears(last, 5) <= ASOF ? "failed" : "censored";
          expected.set(`${drug}|${disease}`, {
            outcome,
            entry_phase: `phase${entry}`,
            first_start: first,
            phase1_start: startOf(1),
            phase2_start: startOf(2),
            phase3_start: startOf(3),
            approval_date: approval,
          });
          if (outcome !== "approved" && outcome !== "failed" && outcome !== "censored") continue;
          const reach = approval ? 4 : top;
          for (const k of [1, 2, 3]) {
            if (entry > k || reach < k) continue;
            if (reach > k) counts[k][0]++;
            else if (outcome === "failed") counts[k][1]++;
          }
        }
      }
      const r = await phaseTransitions(ri, { drugs, areas: { [a.area]: diseases }, asOf: ASOF });
      assert.equal(r.programmes.height, expected.size, a.area);
      for (const p of r.programmes.toRecords()) {
        const want = expected.get(`${p.drug}|${p.disease}`);
        assert.ok(want, `${p.drug} in ${p.disease}`);
        const got = Object.fromEntries(Object.keys(want).map((k) => [k, p[k]]));
        assert.deepEqual(got, want, `${p.drug} in ${p.disease}`);
        checked++;
      }
      for (const k of [1, 2, 3]) {
        const x = row(r.transitions, { dimension: "area", group: a.area, from_phase: `phase${k}` });
        assert.deepEqual([x.advanced, x.failed], counts[k], `${a.area} phase ${k}`);
      }
    }
    const d = PLANTED_AREAS.reduce((n, a) => n + a.diseases.length, 0);
    assert.equal(
      checked,
      d * (MATURE_PER_DISEASE + CENSORED_RUNNING + CENSORED_RECENT + LIFECYCLE_PER_DISEASE),
    );
  } finally {
    await sb.close();
  }
});
