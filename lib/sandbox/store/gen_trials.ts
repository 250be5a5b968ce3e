/**
 * Clinical trials with sponsors (anchors co-sponsor lung cancer trials so portfolio overlaps are
 * non-empty), conditions (resolved and raw), interventions, topics, principal investigators and the
 * design features behind `formulas.trialPos`.
 *
 * @module
 */
import {
  type Ctx,
  fill,
  inserter,
  type MolRec,
  type OrgRec,
  titleCase,
  trialInserters,
} from "./gen_context.ts";
import { trialPos } from "./formulas.ts";
import { isoDay, isoTimestamp } from "./prng.ts";
import { ENDPOINTS, TRIAL_SENTENCES, TRIAL_TITLES } from "./vocab_text.ts";
import { TRIAL_PHASES } from "../../client/schemas/vocab.ts";

/** Weights aligned with TRIAL_PHASES (EARLY_PHASE1 … NA). */
const PHASE_W = [3, 18, 7, 25, 3, 18, 9, 17];
const PHASE_LABEL: Record<string, string> = {
  EARLY_PHASE1: "Early Phase 1",
  PHASE1: "Phase 1",
  "PHASE1/PHASE2": "Phase 1/2",
  PHASE2: "Phase 2",
  "PHASE2/PHASE3": "Phase 2/3",
  PHASE3: "Phase 3",
  PHASE4: "Phase 4",
  NA: "Interventional",
};
const ENROLL: Record<string, number> = {
  EARLY_PHASE1: 20,
  PHASE1: 30,
  "PHASE1/PHASE2": 60,
  PHASE2: 90,
  PHASE3: 450,
};
const LUNG = new Set(["EFO:0001071", "EFO:0003060", "EFO:0000702"]);
const ACTIVE = ["RECRUITING", "ACTIVE_NOT_RECRUITING", "ENROLLING_BY_INVITATION", "SUSPENDED", "UNKNOWN"];
const ENDED = ["COMPLETED", "TERMINATED", "WITHDRAWN", "UNKNOWN"];
const POPULATIONS = ["Adults", "Patients", "Participants", "Older Adults", "Adolescents and Adults"];

/** Generate trials and all trial link tables. */
export function genTrials(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const { trials: insT, sponsors: insS, conditions: insC, interventions: insI, topics: insTp } =
    trialInserters(db);
  const insPi = inserter(db, "trial_investigators", ["trial_id", "author_id", "match_tag", "role"]);

  const diseases = ctx.diseases;
  const childCount = new Map<string, number>();
  for (const d of diseases) if (d.parent) childCount.set(d.parent, (childCount.get(d.parent) ?? 0) + 1);
  const dWeights = diseases.map((d) =>
    (childCount.has(d.id) ? 1 : 3) * (d.area === "oncology" ? 2 : 1) * (LUNG.has(d.id) ? 3 : 1)
  );
  const drugsFor = new Map<string, MolRec[]>();
  for (const d of diseases) {
    const near = [d.id, d.parent ?? "", ...diseases.filter((c) => c.parent === d.id).map((c) => c.id)];
    drugsFor.set(d.id, near.flatMap((id) => ctx.molsByDisease.get(id) ?? []));
  }
  const byId = new Map(ctx.orgs.map((o) => [o.id, o]));
  const famW = ctx.families.map((f) => f.weight);
  const famIdx = ctx.families.map((_f, i) => i);
  const familyEntity = (f: number): OrgRec => {
    const fam = ctx.families[f];
    return byId.get(rng.chance(0.55) ? fam.parentId : rng.pick(fam.entities))!;
  };
  const randomSponsor = (): OrgRec => {
    const r = rng.next();
    if (r < 0.42) return familyEntity(rng.weighted(famIdx, famW));
    if (r < 0.7) return rng.pick(ctx.institutions);
    if (r < 0.85) return rng.pick(ctx.biotechs);
    const f = rng.weighted(famIdx, famW);
    return byId.get(rng.chance(0.6) ? rng.pick(ctx.families[f].mentions) : rng.pick(ctx.strayMentions).id)!;
  };

  let nct = 1_000_000;
  for (let i = 1; i <= ctx.scale.trials; i++) {
    nct += rng.int(1, 40);
    const trialId = `NCT${String(nct).padStart(8, "0")}`;
    const d = rng.weighted(diseases, dWeights);
    const phase = rng.weighted(TRIAL_PHASES, PHASE_W);
    const pool = drugsFor.get(d.id)!;
    const drug = pool.length && !(phase === "NA" && rng.chance(0.5)) ? rng.pick(pool) : null;

    // Sponsors.
    let lead: OrgRec;
    if (drug && rng.chance(0.55)) {
      lead = drug.originatorId === ctx.families[drug.family]?.parentId
        ? familyEntity(drug.family)
        : byId.get(drug.originatorId)!;
    } else lead = randomSponsor();
    const sponsors: [OrgRec, string][] = [[lead, "lead"]];
    const anchorLead = lead.ultimateId &&
      ctx.families.slice(0, 6).some((f) => f.parentId === lead.ultimateId);
    if (LUNG.has(d.id) && anchorLead && rng.chance(0.4)) {
      sponsors.push([byId.get(ctx.families[rng.int(0, 5)].parentId)!, "collaborator"]);
    } else if (rng.chance(0.2)) sponsors.push([randomSponsor(), "collaborator"]);

    // Dates and status.
    const start = today + 300 - Math.floor(rng.next() ** 1.4 * 24 * 365);
    const years = phase.startsWith("PHASE1") || phase === "EARLY_PHASE1" ? 1.5 : phase === "PHASE3" ? 4 : 2.5;
    const completion = start + Math.round(rng.lognormal(years * 365, 0.35));
    let status: string, changed: number;
    if (start > today) {
      (status = rng.chance(0.95) ? "NOT_YET_RECRUITING" : "WITHDRAWN"), (changed = today - rng.int(0, 120));
    } else if (completion < today) {
      status = rng.weighted(ENDED, [70, 12, 4, 14]);
      changed = status === "TERMINATED"
        ? rng.int(start, completion)
        : Math.min(today, completion + rng.int(0, 90));
    } else (status = rng.weighted(ACTIVE, [55, 28, 7, 3, 7])), (changed = rng.int(start, today));
    const enrollment = rng.chance(0.06)
      ? null
      : Math.max(1, Math.round(rng.lognormal(ENROLL[phase] ?? 200, 0.7)));
    const updated = rng.chance(0.15)
      ? null
      // A trial starting after the reference day was registered, and last updated, before it.
      : isoTimestamp(rng.int(Math.min(Math.max(start, today - 1800), today), today), rng.next());
    const female = d.name.includes("breast") || d.name.includes("ovarian");
    const sex = female
      ? "FEMALE"
      : d.name.includes("prostate")
      ? "MALE"
      : rng.weighted(["ALL", "FEMALE", "MALE"], [92, 5, 3]);
    const pediatric = rng.chance(0.08);
    const healthy = rng.chance(phase.includes("PHASE1") ? 0.25 : 0.03) ? 1 : 0;
    const alloc = rng.weighted(
      ["Randomized", "Non-Randomized", null],
      phase.includes("PHASE1") ? [30, 25, 45] : [62, 13, 25],
    );
    const masking = alloc === "Randomized"
      ? rng.weighted(["Double", "Quadruple", "Single", "Triple", "None (Open Label)"], [35, 20, 10, 5, 30])
      : "None (Open Label)";
    const purposes = [
      "Treatment",
      "Prevention",
      "Supportive Care",
      "Diagnostic",
      "Basic Science",
      "Health Services Research",
    ];
    const purpose = rng.chance(0.03) ? null : rng.weighted(purposes, [85, 6, 3, 2, 2, 2]);
    const nSites = Math.max(1, Math.round(rng.lognormal(phase === "PHASE3" ? 80 : 8, 0.9)));
    const nCountries = nSites < 4 ? 1 : Math.min(40, Math.max(1, Math.round(nSites / rng.int(3, 12))));
    const biomarker = rng.chance(d.area === "oncology" ? 0.4 : 0.1);
    const prior = drug !== null && drug.firstYear > 0 && drug.firstYear < Number(isoDay(start).slice(0, 4));
    const pos = trialPos({
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
      priorApproval: prior,
    });

    // Text.
    const others = pool.filter((m) => m !== drug);
    const comparator = others.length && rng.chance(0.35) ? rng.pick(others) : null;
    const target = drug
      ? ctx.targetSymbols.get(drug.targets[0][0]) ?? "its molecular target"
      : "disease pathways";
    const vars = {
      Phase: PHASE_LABEL[phase],
      drug: drug ? titleCase(drug.generic) : "a Structured Care Program",
      comparator: comparator ? titleCase(comparator.generic) : rng.pick(["Placebo", "Standard of Care"]),
      population: rng.pick(POPULATIONS).toLowerCase(),
      target,
      endpoint: ENDPOINTS[d.area] ?? ENDPOINTS.default,
    };
    const title = fill(rng.pick(TRIAL_TITLES), { ...vars, disease: titleCase(d.text) })
      .replace("in " + vars.population, "in " + titleCase(vars.population));
    const summary = rng.sample(TRIAL_SENTENCES, rng.int(4, 6)).map((s) =>
      fill(s, { ...vars, disease: d.text })
    ).join(" ");
    insT(
      i,
      trialId,
      title,
      summary,
      status,
      phase,
      isoDay(start),
      isoDay(completion),
      isoDay(changed),
      enrollment,
      updated,
      sex,
      pediatric ? rng.int(0, 12) : 18,
      pediatric ? 17 : rng.weighted([null, 65, 75, 85], [70, 10, 10, 10]),
      healthy,
      alloc,
      masking,
      purpose,
      d.area,
      nSites,
      nCountries,
      biomarker ? 1 : 0,
      lead.isIndustry ? 1 : 0,
      prior ? 1 : 0,
      pos,
    );

    const seen = new Set<string>();
    for (const [org, role] of sponsors) {
      if (seen.has(org.id)) continue;
      seen.add(org.id);
      const raw = org.isEntity && rng.chance(0.2) ? org.name.toUpperCase() : org.name;
      const resolved = org.resolvedTo ? byId.get(org.resolvedTo)!.name : org.name;
      insS(trialId, org.id, resolved, raw, role);
    }
    let pos2 = 0;
    insC(trialId, pos2++, d.id, d.name);
    if (d.parent && rng.chance(0.3)) {
      insC(
        trialId,
        pos2++,
        d.parent,
        diseases.find((x) => x.id === d.parent)!.name,
      );
    }
    if (rng.chance(0.12)) {
      insC(
        trialId,
        pos2++,
        null,
        rng.pick([`${titleCase(d.text)}, Refractory`, "Healthy Volunteers", "Quality of Life"]),
      );
    }
    let ip = 0;
    if (drug) insI(trialId, ip++, drug.chembl, titleCase(drug.generic), drug.isBio ? "BIOLOGICAL" : "DRUG");
    else insI(trialId, ip++, null, vars.drug.replace(/^a /, ""), "BEHAVIORAL");
    if (comparator) {
      insI(
        trialId,
        ip++,
        comparator.chembl,
        titleCase(comparator.generic),
        comparator.isBio ? "BIOLOGICAL" : "DRUG",
      );
    } else if (alloc === "Randomized") insI(trialId, ip++, null, "Placebo", "OTHER");
    if (rng.chance(0.08)) {
      insI(trialId, ip++, null, rng.pick(["Radiation Therapy", "Surgery", "Exercise Program"]), "PROCEDURE");
    }
    for (const t of rng.sample(ctx.topicsByArea.get(d.area) ?? [], rng.int(1, 2))) {
      insTp(trialId, t, Math.round(rng.next() * 1000) / 1000);
    }
    if (rng.chance(0.55)) {
      for (const a of rng.sample(ctx.researchers, rng.int(1, 2))) {
        insPi(
          trialId,
          a,
          rng.weighted(["verified", "shortcut", "llm"], [60, 25, 15]),
          "PRINCIPAL_INVESTIGATOR",
        );
      }
    }
  }
}
