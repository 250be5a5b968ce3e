/**
 * ClinicalTrials.gov API v2 study JSON (a folder or zip of one file per study, NDJSON of one study per
 * line, or an API page `{studies: [...]}`) → the store's trials, sponsors, conditions and interventions.
 *
 * - Keyed by the NCT id: a study imported again (a newer download) is updated in place (same rid), its
 *   sponsors, conditions and interventions replaced; studies absent from a later download are kept (a
 *   download may be a query's subset).
 * - Dates: `YYYY-MM-DD` as published; a month-only `YYYY-MM` is served as the month's first day.
 *   `phases` [PHASE1, PHASE2] is `PHASE1/PHASE2`; none is `NA`.
 * - Sponsors: the lead sponsor and the collaborators, by name (UNRESOLVED organizations, see _store.ts).
 * - Conditions: as registered; one whose name is a MeSH term of the study's derived section
 *   (`conditionBrowseModule.meshes`; case, punctuation and plurals aside, `diseaseKey`) is that disease,
 *   `MESH:<id>` with the id as MeSH issued it (`meshUi`: `D000007938` of snapshots up to mid-2024 and
 *   `D007938` of later ones are one disease, `MESH:D007938`); the others stay free text until the linking
 *   step (link.ts). The study's MeSH terms that none of its conditions names are its conditions too, after
 *   the registered ones (positions from `MESH_TERM_POSITION`, store/conditions.ts; left out of the trial's
 *   condition lists), so a leukemia study registered as "AML in Blast Crisis" is found under Leukemia, Blast
 *   Crisis and Acute Disease, as ClinicalTrials.gov's own condition search finds it.
 * - Not in the registry's study record, so not imported: therapeutic area (`unknown`), biomarker selection,
 *   prior approval, topics and investigators' author ids. `pos_score` is the sandbox's own formula.
 *
 * @module
 */
import { trialPos } from "../store/formulas.ts";
import { batched, type ImportStore } from "./_store.ts";
import { fileError, lineSink, readSource, type Sink, wholeSink } from "./_read.ts";
import { diseaseKey, meshUi } from "../../client/names.ts";
import { MESH_TERM_POSITION } from "../store/conditions.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** `2024-03` → `2024-03-01`; `2024-03-15` as is; anything else null. */
export function ctDate(d: unknown): string | null {
  if (typeof d !== "string") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(d)) return d;
  if (/^\d{4}-\d{2}$/.test(d)) return `${d}-01`;
  if (/^\d{4}$/.test(d)) return `${d}-01-01`;
  return null;
}

const PHASE_ORDER = ["EARLY_PHASE1", "PHASE1", "PHASE2", "PHASE3", "PHASE4"];

/** The stored phase of a `phases` list. */
export function ctPhase(phases: unknown): string {
  const list = (Array.isArray(phases) ? phases : []).filter((p) => PHASE_ORDER.includes(p))
    .sort((a, b) => PHASE_ORDER.indexOf(a) - PHASE_ORDER.indexOf(b));
  return list.length ? list.join("/") : "NA";
}

const STATUSES = new Set([
  "NOT_YET_RECRUITING",
  "RECRUITING",
  "ENROLLING_BY_INVITATION",
  "ACTIVE_NOT_RECRUITING",
  "SUSPENDED",
  "TERMINATED",
  "COMPLETED",
  "WITHDRAWN",
  "UNKNOWN",
]);
const ALLOCATION: Record<string, string> = { RANDOMIZED: "Randomized", NON_RANDOMIZED: "Non-Randomized" };
const MASKING: Record<string, string> = {
  NONE: "None (Open Label)",
  SINGLE: "Single",
  DOUBLE: "Double",
  TRIPLE: "Triple",
  QUADRUPLE: "Quadruple",
};
const INTERVENTION = new Set(["DRUG", "BIOLOGICAL", "PROCEDURE", "BEHAVIORAL"]);

const years = (age: unknown): number | null => {
  const m = typeof age === "string" ? /^([\d.]+)\s*(year|month|week|day)/i.exec(age) : null;
  if (!m) return null;
  const per: Record<string, number> = { year: 1, month: 12, week: 52.18, day: 365.25 };
  return Math.round(Number(m[1]) / per[m[2].toLowerCase()] * 100) / 100;
};

const titleWords = (s: string) => s.toLowerCase().replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** Import the studies at `path`; returns how many were written. */
export async function importCtgov(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const upsert = db.prepare(
    `INSERT INTO trials (trial_id, title, summary, status, phase, start_date, completion_date, last_status_change,
       enrollment, updated_at, sex, min_age_years, max_age_years, healthy_volunteers, design_allocation,
       design_masking, design_primary_purpose, therapeutic_area, n_sites, n_countries, has_biomarker,
       lead_is_industry, prior_approval, pos_score)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unknown', ?, ?, 0, ?, 0, ?)
     ON CONFLICT(trial_id) DO UPDATE SET title = excluded.title, summary = excluded.summary,
       status = excluded.status, phase = excluded.phase, start_date = excluded.start_date,
       completion_date = excluded.completion_date, last_status_change = excluded.last_status_change,
       enrollment = excluded.enrollment, updated_at = excluded.updated_at, sex = excluded.sex,
       min_age_years = excluded.min_age_years, max_age_years = excluded.max_age_years,
       healthy_volunteers = excluded.healthy_volunteers, design_allocation = excluded.design_allocation,
       design_masking = excluded.design_masking, design_primary_purpose = excluded.design_primary_purpose,
       n_sites = excluded.n_sites, n_countries = excluded.n_countries, lead_is_industry = excluded.lead_is_industry,
       pos_score = excluded.pos_score`,
  );
  const clear = ["trial_sponsors", "trial_conditions", "trial_interventions"].map((t) =>
    db.prepare(`DELETE FROM ${t} WHERE trial_id = ?`)
  );
  const sponsor = db.prepare(
    "INSERT OR IGNORE INTO trial_sponsors (trial_id, org_id, sponsor_name, raw_name, role) VALUES (?, ?, ?, ?, ?)",
  );
  const condition = db.prepare(
    "INSERT INTO trial_conditions (trial_id, position, disease_id, condition_name) VALUES (?, ?, ?, ?)",
  );
  const disease = db.prepare(
    `INSERT OR IGNORE INTO diseases (id, efo_key, name, parent_id, therapeutic_area, text_term)
     VALUES (?, ?, ?, NULL, 'unknown', ?)`,
  );
  const intervention = db.prepare(
    "INSERT INTO trial_interventions (trial_id, position, chembl_id, name, intervention_type) VALUES (?, ?, NULL, ?, ?)",
  );
  let rows = 0, latest = "";
  const tx = batched<Json>(db, 2000, (study) => {
    const p = study?.protocolSection ?? {};
    const id = String(p.identificationModule?.nctId ?? "").toUpperCase();
    if (!/^NCT\d{8}$/.test(id)) return;
    const s = p.statusModule ?? {}, d = p.designModule ?? {}, e = p.eligibilityModule ?? {};
    const sp = p.sponsorCollaboratorsModule ?? {};
    const status = STATUSES.has(s.overallStatus) ? s.overallStatus : "UNKNOWN";
    const phase = ctPhase(d.phases);
    const locations: Json[] = p.contactsLocationsModule?.locations ?? [];
    const info = d.designInfo ?? {};
    const enrollment = Number.isInteger(d.enrollmentInfo?.count) ? d.enrollmentInfo.count : null;
    const lead = typeof sp.leadSponsor?.name === "string" ? sp.leadSponsor.name : "";
    const features = {
      phase,
      therapeuticArea: "unknown",
      designAllocation: ALLOCATION[info.allocation] ?? null,
      designMasking: MASKING[info.maskingInfo?.masking] ?? null,
      hasBiomarker: false,
      leadIsIndustry: sp.leadSponsor?.class === "INDUSTRY",
      priorApproval: false,
      enrollment,
      nSites: locations.length,
      nCountries: new Set(locations.map((l) => l?.country).filter(Boolean)).size,
      status,
    };
    const title = p.identificationModule?.briefTitle ?? p.identificationModule?.officialTitle ?? id;
    const updated = ctDate(s.lastUpdatePostDateStruct?.date);
    if (updated && updated > latest) latest = updated;
    upsert.run(
      id,
      title,
      p.descriptionModule?.briefSummary ?? p.identificationModule?.officialTitle ?? title,
      status,
      phase,
      ctDate(s.startDateStruct?.date),
      ctDate(s.completionDateStruct?.date) ?? ctDate(s.primaryCompletionDateStruct?.date),
      ctDate(s.statusVerifiedDate) ?? updated ?? ctDate(s.startDateStruct?.date) ?? "1970-01-01",
      enrollment,
      updated ? `${updated}T00:00:00Z` : null,
      ["ALL", "FEMALE", "MALE"].includes(e.sex) ? e.sex : "ALL",
      years(e.minimumAge),
      years(e.maximumAge),
      e.healthyVolunteers ? 1 : 0,
      features.designAllocation,
      features.designMasking,
      info.primaryPurpose ? titleWords(info.primaryPurpose) : null,
      features.nSites,
      features.nCountries,
      features.leadIsIndustry ? 1 : 0,
      trialPos(features as Parameters<typeof trialPos>[0]),
    );
    for (const c of clear) c.run(id);
    const names = [lead, ...((sp.collaborators ?? []) as Json[]).map((c) => c?.name)];
    names.forEach((n, i) => {
      if (typeof n !== "string" || !n.trim()) return;
      const org = store.org(n);
      sponsor.run(id, org.id, org.name, n.trim(), i === 0 ? "lead" : "collaborator");
    });
    const mesh = new Map<string, { id: string; term: string }>();
    for (const m of (study?.derivedSection?.conditionBrowseModule?.meshes ?? []) as Json[]) {
      if (typeof m?.id !== "string" || typeof m?.term !== "string" || !m.term.trim()) continue;
      const k = diseaseKey(m.term);
      if (k && !mesh.has(k)) mesh.set(k, { id: `MESH:${meshUi(m.id)}`, term: m.term.trim() });
    }
    const named = new Set<string>();
    ((p.conditionsModule?.conditions ?? []) as Json[]).filter((c) => typeof c === "string" && c.trim())
      .forEach((c, i) => {
        const m = mesh.get(diseaseKey(c));
        if (m) (disease.run(m.id, m.id.replace(":", "_"), m.term, m.term), named.add(m.id));
        condition.run(id, i, m ? m.id : null, m ? m.term : c.trim());
      });
    let at = MESH_TERM_POSITION;
    for (const m of mesh.values()) {
      if (named.has(m.id)) continue;
      named.add(m.id);
      disease.run(m.id, m.id.replace(":", "_"), m.term, m.term);
      condition.run(id, at++, m.id, m.term);
    }
    ((p.armsInterventionsModule?.interventions ?? []) as Json[]).forEach((v, i) => {
      if (typeof v?.name !== "string") return;
      const type = String(v.type ?? "OTHER").toUpperCase();
      intervention.run(id, i, v.name, INTERVENTION.has(type) ? type : "OTHER");
    });
    rows++;
  });
  const expected = "a ClinicalTrials.gov API v2 study (JSON with protocolSection), one per line in NDJSON";
  const onJson = (name: string, text: string, line?: number) => {
    if (!text.trim()) return;
    let v: Json;
    try {
      v = JSON.parse(text);
    } catch {
      throw fileError("--ctgov", name, line, text.trim(), expected);
    }
    const studies: Json[] = Array.isArray(v?.studies) ? v.studies : Array.isArray(v) ? v : [v];
    for (const st of studies) {
      if (typeof st !== "object" || st === null || typeof st.protocolSection !== "object") {
        throw fileError("--ctgov", name, line, JSON.stringify(st) ?? String(st), expected);
      }
      tx.add(st);
    }
  };
  const single = (await Deno.stat(path)).isFile;
  const files = await readSource(path, (name): Sink | undefined => {
    const lower = name.toLowerCase();
    if (lower.endsWith(".json")) return wholeSink((text) => onJson(name, text));
    // NDJSON by its extension, or any single file given (a CSV export is refused by its first line).
    if (lower.endsWith(".ndjson") || lower.endsWith(".jsonl") || single) {
      return lineSink((text, n) => onJson(name, text, n));
    }
    return undefined;
  });
  tx.done();
  if (files === 0) {
    throw new RangeError(
      `--ctgov: no study file in ${path}; give ClinicalTrials.gov API v2 study JSON (a folder or zip of ` +
        "NCT…json files, .ndjson/.jsonl with one study per line, or an API page {studies: [...]})",
    );
  }
  return { rows, edition: latest ? `records updated to ${latest}` : "undated" };
}
