/**
 * Attrition of the default world: development programmes that fail, stall or are too recent to judge, so a
 * disease's drugs show realistic phase-transition rates (without them almost every drug tried in a disease
 * reaches Phase 3 and half are approved: the generated trials pick their drugs from the disease's known,
 * mostly approved, molecules).
 *
 * Runs after every other domain of the generated world (and before the opt-in planted programmes, which
 * it leaves as they are: its random stream is its own, not a fork of the root stream). Per disease,
 * children before parents (a parent's programmes include its subtypes'), it tallies the programmes the
 * world already has — drug × disease over the disease and its subtypes, judged roughly as
 * `phaseTransitions` judges them: advanced, approved (an approval record of the drug naming the disease or a
 * subtype), failed (terminated, withdrawn or suspended at its highest phase, or nothing new within
 * {@link FAIL_AFTER_YEARS} years) or censored — adds the programmes its subtypes already received, and then
 * adds new molecules (made-up INNs whose stem says the modality; `CHEMBL98…`) that fail at Phase 3, Phase 2
 * and Phase 1, as many as bring the disease's rates to {@link ATTRITION_TARGETS} (BIO/Informa/QLS
 * 2011–2020's range): the failures needed at Phase 3 for the approvals there, then at Phase 2 for the
 * programmes that reached Phase 3, then at Phase 1. Programmes with no approval in a disease get none. One in
 * {@link CENSORED_SHARE} more is censored: a Phase 1 completed within the last three years with nothing
 * later, a Phase 1 still recruiting, or a Phase 2 recruiting after a completed Phase 1.
 *
 * - Mature programmes start Phase 1 (one in seven enters at Phase 2) from 2003 to 2014; gaps Phase 1 → 2
 *   1.5–2.5 years, 2 → 3 2–3 years; every trial that advanced is COMPLETED. A failing phase ends TERMINATED,
 *   WITHDRAWN, COMPLETED with no next phase (lack of progression), or UNKNOWN; one in six has a second trial
 *   there.
 * - Sponsors are the world's own: the organizations that already lead trials in the disease or a subtype,
 *   weighted by how many (so Pfizer and Merck & Co, busy in lung cancer, have failures of their own there);
 *   industry leads 85 % of the Phase 3 failures, 70 % of the Phase 2 ones and 55 % of the others.
 * - Trial ids continue the generated world's (above its last NCT id, below the planted `NCT9…`); rows have
 *   the generated world's fields (title and summary templates, topics, `trialPos` score).
 *
 * @module
 */
import {
  type Ctx,
  fill,
  GEN_COLUMNS,
  inserter,
  type OrgRec,
  titleCase,
  trialInserters,
} from "./gen_context.ts";
import { trialPos } from "./formulas.ts";
import { dayNumber, isoDay, isoTimestamp } from "./prng.ts";
import { ENDPOINTS, TRIAL_SENTENCES, TRIAL_TITLES } from "./vocab_text.ts";

/** Target transition rates of the default world (Phase 1 → 2, 2 → 3, 3 → approval), by area. */
export const ATTRITION_TARGETS: Readonly<Record<string, readonly [number, number, number]>> = {
  oncology: [0.53, 0.28, 0.44],
  default: [0.57, 0.31, 0.52],
};
/** The failure horizon the tally judges by (the analysis' default `failAfterYears`). */
export const FAIL_AFTER_YEARS = 5;
/** One censored programme per this many failing ones. */
export const CENSORED_SHARE = 5;

const LEVELS: Record<string, readonly number[]> = {
  EARLY_PHASE1: [1],
  PHASE1: [1],
  "PHASE1/PHASE2": [1, 2],
  PHASE2: [2],
  "PHASE2/PHASE3": [2, 3],
  PHASE3: [3],
};
const RUNNING = new Set([
  "RECRUITING",
  "ACTIVE_NOT_RECRUITING",
  "ENROLLING_BY_INVITATION",
  "NOT_YET_RECRUITING",
]);
const STOPPED = new Set(["TERMINATED", "WITHDRAWN", "SUSPENDED"]);

/** Advanced and failed programmes per phase (index 1..3; 3 = Phase 3 → approval). */
interface Tally {
  adv: number[];
  fail: number[];
}
const tally = (): Tally => ({ adv: [0, 0, 0, 0], fail: [0, 0, 0, 0] });

/** One trial of a drug in a disease, as the tally reads it. */
interface TrialRow {
  drug: string;
  disease: string;
  phase: string;
  status: string;
  start: number;
}

/** Judge one existing programme roughly as phaseTransitions does, adding it to `t`. */
function judge(rows: TrialRow[], approvedOn: number | undefined, today: number, fromDay: number, t: Tally) {
  const started = rows.filter((r) => r.start <= today);
  if (!started.length) return;
  const first = Math.min(...started.map((r) => r.start));
  if (first < fromDay || (approvedOn !== undefined && approvedOn < first)) return;
  const entry = Math.min(...started.filter((r) => r.start === first).flatMap((r) => LEVELS[r.phase]));
  const highest = Math.max(...started.flatMap((r) => LEVELS[r.phase]));
  if (approvedOn !== undefined && approvedOn <= today) {
    for (let p = entry; p <= 3; p++) t.adv[p]++;
    return;
  }
  for (let p = entry; p < highest; p++) t.adv[p]++;
  if (started.length < rows.length) return; // a trial planned after the day: censored, never failed
  const top = started.filter((r) => LEVELS[r.phase].includes(highest));
  const last = Math.max(...top.map((r) => r.start));
  const horizon = dayNumber(`${Number(isoDay(last).slice(0, 4)) + FAIL_AFTER_YEARS}${isoDay(last).slice(4)}`);
  if (top.every((r) => STOPPED.has(r.status))) t.fail[highest]++;
  else if (!top.some((r) => RUNNING.has(r.status)) && horizon <= today) t.fail[highest]++;
}

const HEADS = ["bre", "dra", "fle", "gro", "klu", "pra", "stro", "tre", "vri", "zan", "quo", "sna"];
const MIDS = ["ba", "de", "li", "mo", "nu", "ra", "se", "to", "vu", "xe", "zo", "pi"];
const ONCO_STEMS = ["tinib", "ciclib", "parib", "rafenib", "lisib", "degib", "citabine", "mab", "mab"];
const OTHER_STEMS = ["stat", "gliptin", "gliflozin", "sartan", "tide", "pril", "pine", "vir", "mab", "mab"];

/** Add the attrition programmes (see the module doc). */
export function genAttrition(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const { trials: insT, sponsors: insS, conditions: insC, interventions: insI, topics: insTp } =
    trialInserters(db);
  const insMol = inserter(db, "molecules", GEN_COLUMNS.molecules);
  const insName = inserter(db, "molecule_names", ["chembl_id", "name", "kind"]);
  const insMi = inserter(db, "molecule_indications", ["chembl_id", "disease_id", "max_phase"]);

  // The world as it stands: trials of drugs (parent molecules) by disease, and approvals by drug and disease.
  const rows = db.prepare(
    `SELECT coalesce(m.parent_chembl_id, i.chembl_id) AS drug, c.disease_id AS disease, t.phase, t.status,
       t.start_date AS start
     FROM trial_interventions i JOIN trials t ON t.trial_id = i.trial_id
     JOIN trial_conditions c ON c.trial_id = i.trial_id LEFT JOIN molecules m ON m.chembl_id = i.chembl_id
     WHERE i.chembl_id IS NOT NULL AND c.disease_id IS NOT NULL AND t.start_date IS NOT NULL
       AND t.phase IN ('EARLY_PHASE1', 'PHASE1', 'PHASE1/PHASE2', 'PHASE2', 'PHASE2/PHASE3', 'PHASE3')`,
  ).all() as { drug: string; disease: string; phase: string; status: string; start: string }[];
  const trialsBy = new Map<string, TrialRow[]>();
  for (const r of rows) {
    const row = { ...r, start: dayNumber(r.start) };
    const list = trialsBy.get(r.disease) ?? [];
    list.push(row);
    trialsBy.set(r.disease, list);
  }
  const approvalRows = db.prepare(
    `SELECT coalesce(m.parent_chembl_id, d.chembl_id) AS drug, i.disease_id AS disease,
       min(a.approval_date) AS day
     FROM approval_drugs d JOIN approvals a ON a.key = d.approval_key
     JOIN approval_indications i ON i.approval_key = d.approval_key LEFT JOIN molecules m ON m.chembl_id = d.chembl_id
     WHERE a.approval_date IS NOT NULL GROUP BY 1, 2`,
  ).all() as { drug: string; disease: string; day: string }[];
  const approvedBy = new Map<string, Map<string, number>>();
  for (const r of approvalRows) {
    const m = approvedBy.get(r.disease) ?? new Map<string, number>();
    m.set(r.drug, dayNumber(r.day));
    approvedBy.set(r.disease, m);
  }
  const usedNames = new Set(
    (db.prepare("SELECT name FROM molecule_names").all() as { name: string }[]).map((r) =>
      r.name.toLowerCase()
    ),
  );
  const maxRid = (db.prepare("SELECT coalesce(max(rid), 0) AS n FROM trials").get() as { n: number }).n;
  const maxNct = (db.prepare("SELECT max(trial_id) AS id FROM trials").get() as { id: string | null }).id;
  let rid = maxRid;
  let nct = maxNct ? Number(maxNct.slice(3)) : 1_000_000;
  let mol = 0;

  const diseases = ctx.diseases;
  const children = new Map<string, string[]>();
  for (const d of diseases) if (d.parent) children.set(d.parent, [...(children.get(d.parent) ?? []), d.id]);
  const subtree = (id: string): string[] => [id, ...(children.get(id) ?? []).flatMap(subtree)];
  const year = Number(isoDay(today).slice(0, 4));
  const fromDay = dayNumber(`${year - 24}-01-01`);
  const day = (y: number) => dayNumber(`${Math.floor(y)}-01-01`) + Math.floor((y % 1) * 365);

  const byId = new Map(ctx.orgs.map((o) => [o.id, o]));
  // Sponsors: the organizations that already lead trials in the disease (or a subtype), weighted by how many.
  const leads = db.prepare(
    `SELECT c.disease_id AS disease, s.org_id AS org, count(*) AS n FROM trial_sponsors s
     JOIN trial_conditions c ON c.trial_id = s.trial_id
     WHERE s.role = 'lead' AND c.disease_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  ).all() as { disease: string; org: string; n: number }[];
  const leadsBy = new Map<string, { org: OrgRec; n: number }[]>();
  for (const r of leads) {
    const org = byId.get(r.org);
    if (!org?.isEntity) continue;
    const list = leadsBy.get(r.disease);
    if (list) list.push({ org, n: r.n });
    else leadsBy.set(r.disease, [{ org, n: r.n }]);
  }
  const allLeads = [...leadsBy.values()].flat();
  /** Sponsor pools of a disease: industry and academic, with weights. */
  const pools = (ids: string[]) => {
    const tally = new Map<OrgRec, number>();
    for (const id of ids) {
      for (const { org, n } of leadsBy.get(id) ?? []) tally.set(org, (tally.get(org) ?? 0) + n);
    }
    if (!tally.size) { for (const { org, n } of allLeads) tally.set(org, (tally.get(org) ?? 0) + n); }
    const pool = (industry: boolean) => {
      const entries = [...tally].filter(([o]) => o.isIndustry === industry);
      return { orgs: entries.map(([o]) => o), weights: entries.map(([, n]) => n) };
    };
    return { industry: pool(true), academic: pool(false) };
  };
  const newName = (stems: readonly string[]): { name: string; mab: boolean } => {
    for (let tries = 0;; tries++) {
      const stem = rng.pick(stems);
      // Longer names once the short ones run out (the large preset needs tens of thousands).
      let name = rng.pick(HEADS) + rng.pick(MIDS) + (rng.chance(0.5) ? rng.pick(MIDS) : "");
      for (let k = 0; k < Math.floor(tries / 8); k++) name += rng.pick(MIDS);
      name += stem;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return { name, mab: stem === "mab" };
      }
    }
  };

  /** Programmes added per disease and its subtypes, as tallies for the ancestors. */
  const added = new Map<string, Tally>();
  for (const d of [...diseases].reverse()) {
    const ids = subtree(d.id);
    // Existing programmes over the disease and its subtypes.
    const perDrug = new Map<string, TrialRow[]>();
    for (const id of ids) {
      for (const r of trialsBy.get(id) ?? []) {
        const list = perDrug.get(r.drug);
        if (list) list.push(r);
        else perDrug.set(r.drug, [r]);
      }
    }
    const approved = new Map<string, number>();
    for (const id of ids) {
      for (const [drug, on] of approvedBy.get(id) ?? []) {
        approved.set(drug, Math.min(on, approved.get(drug) ?? on));
      }
    }
    const t = tally();
    for (const [drug, list] of perDrug) judge(list, approved.get(drug), today, fromDay, t);
    const sub = children.get(d.id) ?? [];
    for (const id of sub) {
      for (let p = 1; p <= 3; p++) (t.adv[p] += added.get(id)!.adv[p], t.fail[p] += added.get(id)!.fail[p]);
    }
    // Failures needed at each phase, from Phase 3 down.
    const [r1, r2, r3] = ATTRITION_TARGETS[d.area] ?? ATTRITION_TARGETS.default;
    const need = (adv: number, fail: number, r: number) =>
      Math.max(0, Math.round((adv * (1 - r)) / r - fail));
    const x3 = need(t.adv[3], t.fail[3], r3);
    const x2 = need(t.adv[2] + x3, t.fail[2], r2);
    const plan: number[] = [...Array(x3).fill(3), ...Array(x2).fill(2)];
    const entersAt2 = plan.map((_p, i) => i % 7 === 6);
    const x1 = need(t.adv[1] + entersAt2.filter((e) => !e).length, t.fail[1], r1);
    plan.push(...Array(x1).fill(1));
    entersAt2.push(...Array(x1).fill(false));
    const censored = Math.round(plan.length / CENSORED_SHARE);
    const own = tally();
    const stems = d.area === "oncology" ? ONCO_STEMS : OTHER_STEMS;
    const topics = ctx.topicsByArea.get(d.area) ?? [];

    const sponsors = pools(ids);
    // Later phases are more often industry's: Phase 3 failures 85 %, Phase 2 70 %, Phase 1 and recent 55 %.
    const sponsor = (failAt: number): OrgRec => {
      const industry = rng.chance(failAt === 3 ? 0.85 : failAt === 2 ? 0.7 : 0.55);
      const pool = sponsors[industry ? "industry" : "academic"].orgs.length
        ? sponsors[industry ? "industry" : "academic"]
        : sponsors[industry ? "academic" : "industry"];
      return rng.weighted(pool.orgs, pool.weights);
    };
    const program = (failAt: number, at2: boolean, kind: number) => {
      const { name, mab } = newName(stems);
      const chembl = `CHEMBL98${String(++mol).padStart(5, "0")}`;
      const lead = sponsor(failAt);
      const drug = titleCase(name);
      const trial = (phase: string, start: number, status: string, years: number) => {
        nct += rng.int(1, 40);
        const id = `NCT${String(nct).padStart(8, "0")}`;
        const completion = start + Math.round(rng.lognormal(years * 365, 0.25));
        const drawn = status === "TERMINATED"
          ? rng.int(start + 60, completion)
          : status === "WITHDRAWN"
          ? start + rng.int(10, 120)
          : completion;
        // A trial that ended did so by the reference day (a recent Phase 1 may run long); one still running
        // is planned to end after it.
        const end = RUNNING.has(status) ? Math.max(drawn, today + 30) : Math.min(drawn, today - 1);
        const p3 = phase === "PHASE3";
        const enrollment = status === "WITHDRAWN"
          ? 0
          : Math.max(1, Math.round(rng.lognormal(p3 ? 450 : phase === "PHASE2" ? 90 : 30, 0.6)));
        const alloc = phase === "PHASE1" ? rng.pick(["Non-Randomized", null]) : "Randomized";
        const masking = alloc === "Randomized"
          ? rng.pick(["Double", "Quadruple", "None (Open Label)"])
          : null;
        const nSites = Math.max(1, Math.round(rng.lognormal(p3 ? 80 : 8, 0.9)));
        const nCountries = nSites < 4 ? 1 : Math.min(40, Math.max(1, Math.round(nSites / rng.int(3, 12))));
        const biomarker = rng.chance(d.area === "oncology" ? 0.4 : 0.1);
        const label = phase.replace("PHASE", "Phase ").replace("/Phase ", "/");
        const vars = {
          Phase: label,
          drug,
          comparator: rng.pick(["Placebo", "Standard of Care"]),
          population: "patients",
          target: "its molecular target",
          endpoint: ENDPOINTS[d.area] ?? ENDPOINTS.default,
        };
        const title = fill(rng.pick(TRIAL_TITLES), { ...vars, disease: titleCase(d.text) })
          .replace("in patients", "in Patients");
        const summary = rng.sample(TRIAL_SENTENCES, 4).map((s) => fill(s, { ...vars, disease: d.text })).join(
          " ",
        );
        insT(
          ++rid,
          id,
          title,
          summary,
          status,
          phase,
          isoDay(start),
          isoDay(end),
          isoDay(Math.min(today, RUNNING.has(status) ? rng.int(start, today) : end + rng.int(0, 60))),
          enrollment,
          isoTimestamp(Math.min(today, Math.max(start, end)), rng.next()),
          "ALL",
          18,
          null,
          phase === "PHASE1" && rng.chance(0.25) ? 1 : 0,
          alloc,
          masking,
          "Treatment",
          d.area,
          nSites,
          nCountries,
          biomarker ? 1 : 0,
          lead.isIndustry ? 1 : 0,
          0,
          trialPos({
            phase,
            status,
            therapeuticArea: d.area,
            designAllocation: alloc,
            designMasking: masking,
            enrollment,
            nSites,
            nCountries,
            hasBiomarker: biomarker,
            leadIsIndustry: lead.isIndustry,
            priorApproval: false,
          }),
        );
        const raw = lead.isEntity && rng.chance(0.2) ? lead.name.toUpperCase() : lead.name;
        insS(id, lead.id, lead.resolvedTo ? byId.get(lead.resolvedTo)!.name : lead.name, raw, "lead");
        insC(id, 0, d.id, d.name);
        insI(id, 0, chembl, drug, mab ? "BIOLOGICAL" : "DRUG");
        if (alloc === "Randomized") insI(id, 1, null, "Placebo", "OTHER");
        for (const tp of rng.sample(topics, 1)) insTp(id, tp, Math.round(rng.next() * 1000) / 1000);
      };
      let reached: number;
      if (failAt > 0) {
        // Mature: advanced trials completed; the failing phase stopped or went quiet.
        let t = day(2003 + rng.next() * 12);
        const phases = ["PHASE1", "PHASE2", "PHASE3"];
        const years = [1.2, 2.5, 3.5];
        for (let p = at2 ? 2 : 1; p <= failAt; p++) {
          if (p < failAt) {
            trial(phases[p - 1], t, "COMPLETED", years[p - 1]);
            own.adv[p]++;
            t += Math.round((p === 1 ? 1.5 + rng.next() : 2 + rng.next()) * 365);
          } else {
            const how = rng.weighted(["COMPLETED", "TERMINATED", "WITHDRAWN", "UNKNOWN"], [40, 35, 10, 15]);
            if (rng.chance(1 / 6)) trial(phases[p - 1], t - rng.int(100, 400), "COMPLETED", years[p - 1]);
            trial(phases[p - 1], t, how, years[p - 1]);
            own.fail[p]++;
          }
        }
        reached = failAt;
      } else if (kind === 0) {
        // Too recent to judge: a Phase 1 completed within the last three years, nothing later.
        const t = today - rng.int(500, 1400);
        trial("PHASE1", t, "COMPLETED", 1);
        reached = 1;
      } else if (kind === 1) {
        trial("PHASE1", today - rng.int(30, 500), "RECRUITING", 1.5);
        reached = 1;
      } else {
        const t = today - rng.int(60, 600);
        trial("PHASE1", t - rng.int(700, 1000), "COMPLETED", 1);
        trial("PHASE2", t, "RECRUITING", 2.5);
        own.adv[1]++;
        reached = 2;
      }
      insMol(
        chembl,
        name,
        null,
        mab ? "Antibody" : "Small molecule",
        mab ? 1 : 0,
        mab ? "biologics" : "small_molecules_modern",
        reached,
        0,
        null,
        0,
        null,
        null,
        lead.id,
      );
      insName(chembl, name, "generic");
      insMi(chembl, d.id, reached);
    };
    plan.forEach((p, i) => program(p, entersAt2[i], 0));
    for (let i = 0; i < censored; i++) program(0, false, rng.weighted([0, 1, 2], [55, 20, 25]));
    // The programmes of the subtypes count for the ancestors too.
    for (const id of sub) {
      for (
        let p = 1;
        p <= 3;
        p++
      ) (own.adv[p] += added.get(id)!.adv[p], own.fail[p] += added.get(id)!.fail[p]);
    }
    added.set(d.id, own);
  }
}
