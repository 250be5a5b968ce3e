/**
 * Planted development programmes (opt-in: `createStore({ programmes: true })`): drug × disease histories
 * whose phase-transition rates are known exactly, so the likelihood-of-approval analysis
 * (lib/analyses/phase_transitions.ts) can be checked against them. The default world is not touched:
 * without the option nothing here runs, so every existing count, digest and notebook output stays.
 *
 * Each planted programme is a new molecule (a made-up INN with a stem that says its modality: `-tinib`
 * small molecule, `-mab` antibody) developed in one disease of {@link PLANTED_AREAS}, sponsored by a company family (three in four) or an academic
 * institution. Per area and disease the rates are **exact allocations**, not coin flips: of the `n`
 * mature programmes that start in Phase 1, `round(n × I→II)` reach Phase 2, `round(that × II→III)` reach
 * Phase 3 and `round(that × III→approval)` are approved (an FDA approval record naming the drug and the
 * disease). So a programme-level count recovers {@link PLANTED_AREAS}' rates up to rounding.
 *
 * - Mature programmes start from 2006 to 2013 (their outcome is known by the reference day under any
 *   judging horizon up to 5 years). Phase gaps: I→II 1.5–2.5 years, II→III 2–3, III→approval 3–4.
 * - A programme that does not advance fails one of three ways in turn: its last trial TERMINATED,
 *   WITHDRAWN, or COMPLETED with no later phase (lack of progression).
 * - Censored programmes per disease: {@link CENSORED_RUNNING} start Phase 1 or 2 within the last two years
 *   and are still RECRUITING; {@link CENSORED_RECENT} completed a Phase 1 trial within the last two years
 *   with nothing later yet (too recent to judge).
 * - Of the mature programmes that reach Phase 3, about one in ten (index ≡ 9 mod 10) skips Phase 2, reaching
 *   Phase 3 straight from Phase 1; of the others that reach Phase 2, about one in eight (index ≡ 3 mod 8) runs
 *   its Phase 1 as a combined Phase 1/2 trial.
 *
 * - Built to break the definitions: one in five Phase 1 failures runs as Early Phase 1 (Phase 1); every
 *   other too-recent programme has a Phase 2 planned after the reference day (not reached, still censored);
 *   and {@link LIFECYCLE_PER_DISEASE} programme per disease enters at Phase 2 (2005), is approved in 2014
 *   and starts a life-cycle Phase 1 shortly before the reference day (still approved, entering at Phase 2).
 *
 * Trial ids are `NCT9…` (outside the generated world's range); every row is synthetic.
 *
 * @module
 */
import type { Ctx, OrgRec } from "./gen_context.ts";
import { GEN_COLUMNS, inserter, trialInserters } from "./gen_context.ts";
import { isoDay } from "./prng.ts";
import { TARGETS } from "./vocab_bio.ts";

/** The planted areas: their diseases and exact phase-transition rates. */
export interface PlantedArea {
  /** Area name (the diseases' therapeutic area). */
  readonly area: string;
  /** Disease CURIEs (each gets {@link MATURE_PER_DISEASE} mature programmes). */
  readonly diseases: readonly string[];
  /** Fraction of Phase 1 programmes reaching Phase 2. */
  readonly p12: number;
  /** Fraction of Phase 2 programmes reaching Phase 3. */
  readonly p23: number;
  /** Fraction of Phase 3 programmes approved. */
  readonly p3a: number;
}

/** Documented rates of the planted world (likelihood of approval from Phase 1 = p12 × p23 × p3a). */
export const PLANTED_AREAS: readonly PlantedArea[] = [
  { area: "oncology", diseases: ["EFO:0000756", "EFO:0000519"], p12: 0.5, p23: 0.3, p3a: 0.4 },
  { area: "metabolic", diseases: ["EFO:0001073", "EFO:1001249"], p12: 0.7, p23: 0.4, p3a: 0.6 },
  { area: "neurology", diseases: ["MONDO:0005180", "EFO:0003885"], p12: 0.6, p23: 0.25, p3a: 0.5 },
];

/** Mature Phase-1-start programmes per disease. */
export const MATURE_PER_DISEASE = 80;
/** Still-recruiting programmes per disease (censored: still running). */
export const CENSORED_RUNNING = 6;
/** Programmes per disease whose Phase 1 completed within two years, nothing later (censored: too recent). */
export const CENSORED_RECENT = 4;
/** Approved programmes per disease that entered at Phase 2 and later started a life-cycle Phase 1. */
export const LIFECYCLE_PER_DISEASE = 1;

const SYL = ["ba", "ce", "di", "fo", "gu", "ka", "le", "mi", "no", "pu", "ra", "se", "ti", "vo", "xa", "zu"];

/** A made-up INN: area initial, two syllables from the index, and the modality stem. */
function inn(areaIndex: number, n: number, antibody: boolean): string {
  const head = ["on", "me", "ne", "im", "ca"][areaIndex] ?? "xo";
  return `${head}${SYL[(n >> 4) & 15]}${SYL[n & 15]}${SYL[(n >> 8) & 15]}${antibody ? "mab" : "tinib"}`;
}

/** Add the planted programmes (see the module doc). */
export function genProgrammes(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const { trials: insT, sponsors: insS, conditions: insC, interventions: insI } = trialInserters(db);
  const insMol = inserter(db, "molecules", GEN_COLUMNS.molecules);
  const insName = inserter(db, "molecule_names", ["chembl_id", "name", "kind"]);
  const insMt = inserter(db, "molecule_targets", [
    "chembl_id",
    "target_id",
    "action_type",
    "mechanism_of_action",
  ]);
  const insMi = inserter(db, "molecule_indications", ["chembl_id", "disease_id", "max_phase"]);
  const insA = inserter(db, "approvals", GEN_COLUMNS.approvals);
  const insAs = inserter(db, "approval_sponsors", ["approval_key", "org_id"]);
  const insAd = inserter(db, "approval_drugs", ["approval_key", "chembl_id"]);
  const insAi = inserter(db, "approval_indications", ["approval_key", "disease_id"]);
  const maxRid = (db.prepare("SELECT coalesce(max(rid), 0) AS n FROM trials").get() as { n: number }).n;
  const byId = new Map(ctx.orgs.map((o) => [o.id, o]));
  const names = new Map(ctx.diseases.map((d) => [d.id, d]));
  let rid = maxRid;
  let nct = 90_000_000;
  let mol = 0;
  let approvals = 0;
  const day = (y: number) => Math.round((y - 1970) * 365.25);
  const year = (d: number) => 1970 + d / 365.25;
  const lead = (): OrgRec =>
    rng.chance(0.75) ? byId.get(rng.pick(ctx.families).parentId)! : rng.pick(ctx.institutions);

  const trial = (
    p: { chembl: string; generic: string; disease: string; area: string; sponsor: OrgRec; mab: boolean },
    phase: string,
    start: number,
    status: string,
    end: number,
  ) => {
    const id = `NCT${String(nct++).padStart(8, "0")}`;
    const d = names.get(p.disease)!;
    const drug = p.generic[0].toUpperCase() + p.generic.slice(1);
    const label = phase.replace("PHASE", "Phase ").replace("/Phase ", "/");
    insT(
      ++rid,
      id,
      `${label} Study of ${drug} in ${d.text[0].toUpperCase()}${d.text.slice(1)}`,
      `A ${label.toLowerCase()} study of ${drug} in patients with ${d.text}. Programme history planted ` +
        `by the sandbox generator with documented transition rates.`,
      status,
      phase,
      isoDay(start),
      isoDay(end),
      isoDay(Math.min(today, status === "RECRUITING" ? start : end)),
      phase === "PHASE3" ? 400 : phase === "PHASE2" ? 120 : 40,
      null,
      "ALL",
      18,
      null,
      0,
      "Randomized",
      "Double",
      "Treatment",
      p.area,
      phase === "PHASE3" ? 60 : 8,
      phase === "PHASE3" ? 8 : 1,
      0,
      p.sponsor.isIndustry ? 1 : 0,
      0,
      // A planted pos score that rises with the phase (the service's model is not applied here).
      phase === "PHASE3" ? 55 : phase.startsWith("PHASE2") ? 30 : 15,
    );
    insS(id, p.sponsor.id, p.sponsor.name, p.sponsor.name, "lead");
    insC(id, 0, p.disease, d.name);
    insI(id, 0, p.chembl, drug, p.mab ? "BIOLOGICAL" : "DRUG");
  };

  PLANTED_AREAS.forEach((a, ai) => {
    const targets = TARGETS.filter((t) => t.diseases.some((x) => a.diseases.includes(x)));
    for (const disease of a.diseases) {
      const n = MATURE_PER_DISEASE;
      const k2 = Math.round(n * a.p12);
      const k3 = Math.round(k2 * a.p23);
      const kA = Math.round(k3 * a.p3a);
      const total = n + CENSORED_RUNNING + CENSORED_RECENT;
      for (let i = 0; i < total; i++) {
        const mab = rng.chance(0.3);
        const chembl = `CHEMBL99${String(++mol).padStart(5, "0")}`;
        const generic = inn(ai, mol, mab);
        const sponsor = lead();
        const p = { chembl, generic, disease, area: a.area, sponsor, mab };
        let reached = 1;
        let approvedOn: number | null = null;
        if (i < n) {
          // Mature: index order decides the planted outcome exactly (i < kA approved, < k3 reached III, …).
          reached = i < k3 ? 3 : i < k2 ? 2 : 1;
          let t = day(2006 + rng.next() * 8);
          const fail = (phase: string, start: number, len: number) => {
            const how = i % 3;
            const end = start + Math.round(len * 365);
            if (how === 0) trial(p, phase, start, "TERMINATED", start + Math.round(len * 180));
            else if (how === 1) trial(p, phase, start, "WITHDRAWN", start + 30);
            else trial(p, phase, start, "COMPLETED", end);
          };
          const skipII = reached === 3 && i % 10 === 9;
          const combined = reached >= 2 && !skipII && i % 8 === 3;
          const g12 = 1.5 + rng.next(), g23 = 2 + rng.next(), g3a = 3 + rng.next();
          // One in five Phase 1 failures ran as Early Phase 1 (counted as Phase 1).
          if (reached === 1) fail(i % 5 === 4 ? "EARLY_PHASE1" : "PHASE1", t, 1.2);
          else {
            if (combined) trial(p, "PHASE1/PHASE2", t, "COMPLETED", t + 730);
            else trial(p, "PHASE1", t, "COMPLETED", t + 400);
            if (!skipII) {
              t += Math.round(g12 * 365);
              if (reached === 2) fail("PHASE2", t, 2);
              else trial(p, "PHASE2", t, "COMPLETED", t + 700);
            }
            if (reached === 3) {
              t += Math.round((skipII ? g12 : g23) * 365);
              if (i < kA) {
                trial(p, "PHASE3", t, "COMPLETED", t + 900);
                approvedOn = t + Math.round(g3a * 365);
              } else fail("PHASE3", t, 2.5);
            }
          }
        } else if (i < n + CENSORED_RUNNING) {
          // Still running: a recruiting Phase 1 (even i) or Phase 2 after a completed Phase 1 (odd i).
          const t = today - rng.int(60, 700);
          if (i % 2) {
            trial(p, "PHASE1", t - 800, "COMPLETED", t - 400);
            trial(p, "PHASE2", t, "RECRUITING", t + 700);
            reached = 2;
          } else trial(p, "PHASE1", t, "RECRUITING", t + 500);
        } else {
          // Too recent to judge: Phase 1 completed within two years, nothing later.
          const t = today - rng.int(400, 1000);
          trial(p, "PHASE1", t, "COMPLETED", t + 360);
          // Every other one has a Phase 2 planned after the reference day: not reached, not a failure.
          if (i % 2) trial(p, "PHASE2", today + 30 + (i % 5) * 20, "NOT_YET_RECRUITING", today + 760);
        }
        const target = targets.length ? targets[(mol * 7) % targets.length] : undefined;
        insMol(
          chembl,
          generic,
          null,
          mab ? "Antibody" : "Small molecule",
          mab ? 1 : 0,
          mab ? "biologics" : "small_molecules_modern",
          approvedOn !== null ? 4 : reached,
          approvedOn !== null ? 1 : 0,
          approvedOn !== null ? Math.floor(year(approvedOn)) : null,
          0,
          null,
          target ? `${target.name} ${mab ? "antagonist" : "inhibitor"}` : null,
          sponsor.id,
        );
        insName(chembl, generic, "generic");
        if (target) {
          insMt(
            chembl,
            target.id,
            mab ? "ANTAGONIST" : "INHIBITOR",
            `${target.name} ${mab ? "antagonist" : "inhibitor"}`,
          );
        }
        insMi(chembl, disease, approvedOn !== null ? 4 : reached);
        if (approvedOn !== null) {
          const key = `planted${++approvals}`;
          const trade = generic.slice(2, 8).replace(/^./, (c) => c.toUpperCase()) + "a";
          insA(
            `FDA_ORANGE:${990000 + approvals}`,
            key,
            "FDA_ORANGE",
            "US",
            `${mab ? "BLA" : "NDA"}${990000 + approvals}`,
            mab ? "BLA" : "NDA",
            trade,
            sponsor.name,
            generic.toUpperCase(),
            isoDay(approvedOn),
            "Rx",
            0,
            0,
            0,
            0,
            0,
            `${isoDay(approvedOn)}T00:00:00Z`,
          );
          insAs(key, sponsor.id);
          insAd(key, chembl);
          insAi(key, disease);
        }
      }
    }
  });
  // Life-cycle programmes (one per disease, after every other draw so the ones above stay as they were):
  // entered at Phase 2 in 2005, Phase 3 in 2010, approved in 2014, then a life-cycle Phase 1 started 78
  // days before the reference day. Its first trial is the 2005 Phase 2: approved, entering at Phase 2.
  PLANTED_AREAS.forEach((a, ai) => {
    a.diseases.forEach((disease, di) => {
      const chembl = `CHEMBL99${String(++mol).padStart(5, "0")}`;
      const generic = inn(ai, 3000 + di * 17 + ai, false);
      const sponsor = ctx.institutions[ai % ctx.institutions.length];
      const p = { chembl, generic, disease, area: a.area, sponsor, mab: false };
      trial(p, "PHASE2", day(2005.2), "COMPLETED", day(2006.5));
      trial(p, "PHASE2", day(2008.4), "COMPLETED", day(2009.6));
      trial(p, "PHASE3", day(2010.1), "COMPLETED", day(2012.9));
      trial(p, "PHASE1", today - 78, "ACTIVE_NOT_RECRUITING", today + 300);
      const approvedOn = day(2014.33);
      insMol(
        chembl,
        generic,
        null,
        "Small molecule",
        0,
        "small_molecules_modern",
        4,
        1,
        2014,
        0,
        null,
        null,
        sponsor.id,
      );
      insName(chembl, generic, "generic");
      insMi(chembl, disease, 4);
      const key = `planted${++approvals}`;
      insA(
        `FDA_ORANGE:${990000 + approvals}`,
        key,
        "FDA_ORANGE",
        "US",
        `NDA${990000 + approvals}`,
        "NDA",
        generic.slice(2, 8).replace(/^./, (c) => c.toUpperCase()) + "a",
        sponsor.name,
        generic.toUpperCase(),
        isoDay(approvedOn),
        "Rx",
        0,
        0,
        0,
        0,
        0,
        `${isoDay(approvedOn)}T00:00:00Z`,
      );
      insAs(key, sponsor.id);
      insAd(key, chembl);
      insAi(key, disease);
    });
  });
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run("planted_programmes", "1");
}
