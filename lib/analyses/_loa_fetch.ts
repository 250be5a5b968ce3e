/**
 * Private: the likelihood-of-approval analysis's rules with their defaults and words (`loaRules`,
 * `loaDefinitions`), its fetch (`pullProgrammes`: composite searches per drug and disease, approvals per
 * drug, the regulatory landscape per disease) and the warnings on what its counts can carry — shared by
 * `phaseTransitions` and `pipelineOutlook`.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { baseName, namesProduct } from "../client/names.ts";
import type { Provenance } from "../client/result.ts";
import type { AnalysisWarning } from "../frames/mod.ts";
import type { DataFrame } from "../frames/polars.ts";
import type { Rules } from "./_loa_core.ts";

const S = pl.Utf8;

const today = () => new Date().toISOString().slice(0, 10);

/** The rules of a run, with defaults filled. */
export function loaRules(
  o: {
    readonly failAfterYears?: number;
    readonly asOf?: string;
    readonly fromYear?: number;
    readonly toYear?: number;
    readonly cohortYears?: number;
  } = {},
): Rules {
  const asOf = o.asOf ?? today();
  const y = Number(asOf.slice(0, 4));
  return {
    failAfterYears: o.failAfterYears ?? 5,
    asOf,
    // 25 calendar years: the year of asOf and the 24 before it.
    fromYear: o.fromYear ?? y - 24,
    toYear: o.toYear ?? y,
    cohortYears: o.cohortYears ?? 5,
  };
}

/** What the figures mean, in the analyst's words (`result.definitions`). */
export function loaDefinitions(r: Rules): Record<string, string> {
  return {
    programme: "one drug developed in one disease: the drug's trials in the disease as you named it, " +
      "with its subtypes (the composite search by drug and disease). A drug in two diseases is two " +
      "programmes. A drug is one drug whatever its case, spacing or salt form ('Abovapant', 'abovapant' " +
      "and 'abovapant hydrochloride' are one drug: the shared name rule of approvals and loss of " +
      "exclusivity); its first spelling names it",
    phases: "a programme's phases are those of its trials: Early Phase 1 counts as Phase 1; a combined " +
      "Phase 1/2 trial reaches Phase 1 and Phase 2 at its start, Phase 2/3 reaches Phase 2 and 3; Phase 4 " +
      "and not-applicable trials are no development phase",
    first_trial: "the programme's earliest start among its Phase 1-3 trials that started by " +
      `${r.asOf}; it places the programme in the window and its start-year cohort, and an approval ` +
      "before it makes the programme 'approved before its trials'",
    entry_phase: "the lowest phase among the trials that start on the first trial's day. A later trial " +
      "at a lower phase (a new formulation or population, a life-cycle Phase 1 after approval) does not " +
      "move the entry back: phases below the entry are not counted",
    future_starts: `a trial whose start is after ${r.asOf} (the day judged from) has not reached its ` +
      "phase and is not the first trial; a programme with such a planned trial is censored, not failed",
    advancing: "a programme advanced from a phase when it later reached a higher phase or approval. A " +
      "phase passed without a trial of its own (Phase 1 straight to Phase 3) counts as passed, and is " +
      "listed in `skipped`. A programme that enters at Phase 2 enters the counts from Phase 2 on",
    approval: "three matchers, most specific first: (1) 'drug and indication': an approval record of " +
      "the drug (any salt or ester form of its name) whose indications name the programme's disease; " +
      "(2) 'drug in the disease's approved drugs': the drug listed among the disease's approved drugs " +
      "by the service's regulatory landscape (which includes the disease's subtypes), dated by the " +
      "drug's first approval record; (3) 'drug only': a record listing no indications (Orange Book " +
      "records without a linked indication) counts for each of the drug's programmes that reached " +
      "Phase 3. When several apply, the first in this order dates the approval (its earliest record) and " +
      "is named in approval_match. Phase 3 to approval covers submission and review together: the " +
      "service shows no submissions",
    failing: "a programme failed at its highest phase when every trial at that phase was terminated, " +
      `withdrawn or suspended, or when no later phase and no approval came within ${r.failAfterYears} ` +
      "calendar years of the last trial start at that phase (failAfterYears; a last start on " +
      `2020-03-01 has failed from ${2020 + r.failAfterYears}-03-01 on, 29 February counting to 1 March)`,
    censored: "a programme not yet judged: a trial at its highest phase is still running (recruiting, " +
      "active, enrolling or not yet recruiting), a trial is planned to start after the day judged from, " +
      `or its last start at that phase is less than ${r.failAfterYears} calendar years before ${r.asOf}. ` +
      "Censored programmes are left out of the rates, never counted as failures",
    window: `programmes whose first trial started from ${r.fromYear} to ${r.toYear} (fromYear, toYear; ` +
      "by default the 25 calendar years up to and including the year judged from); others are listed " +
      "with outcome 'outside window' and not counted. A programme whose approval is dated before its " +
      "first trial (life-cycle trials of a drug already approved in the disease) is listed as 'approved " +
      "before its trials' and not counted either",
    rate: "phase-by-phase: programmes that advanced ÷ programmes that advanced or failed at the phase; " +
      "the 95 % interval is Wilson's score interval",
    loa: "likelihood of approval from a phase. Phase-by-phase (as BIO/Informa count): the product of the " +
      "rates from that phase on; its interval multiplies the rates' interval bounds (wider than a 95 % " +
      "interval). Path-by-path (as Wong, Siah and Lo count): of the programmes that reached the phase and " +
      "are judged, the share approved, with a Wilson interval",
    median_years: "median years (of 365.25 days) from the first trial start at a phase to the first start " +
      "at the next (or to the approval), over programmes that advanced with both dates; a combined " +
      "Phase 1/2 trial gives no Phase 1 to 2 duration",
    groups: "area: the area you gave the disease (or the disease itself); sponsor_class: industry or " +
      "academic, from the name of the lead sponsor of the programme's first trial (universities, " +
      "hospitals, institutes, foundations, public agencies are academic); modality: from the drug name's " +
      "INN stem (-mab antibody, -tinib small molecule, …), unknown stems left out; cohort: the first " +
      `trial's start year in bins of ${r.cohortYears} years from ${r.fromYear}. Groups with an unknown ` +
      "value are left out of that dimension, never merged",
    as_of: `outcomes are judged as of ${r.asOf} (asOf)`,
  };
}

/**
 * One drug whatever its case, spacing or salt form: the shared name rule's base name (`baseName` of
 * lib/client/names.ts, as approvals and loss of exclusivity match drugs), spaces collapsed.
 */
export function drugKey(name: string): string {
  return baseName(name.trim().replace(/\s+/g, " "));
}

/** The drugs named, one per {@link drugKey}, each by its first spelling, in order. */
export function distinctDrugs(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) if (!seen.has(drugKey(n))) seen.set(drugKey(n), n.trim());
  return [...seen.values()];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The (disease, area) pairs of the parameters, in order. */
export function diseasePairs(
  p: { readonly diseases?: readonly string[]; readonly areas?: Readonly<Record<string, readonly string[]>> },
): {
  disease: string;
  area: string;
}[] {
  const out = (p.diseases ?? []).map((d) => ({ disease: d, area: d }));
  for (const [area, ds] of Object.entries(p.areas ?? {})) for (const d of ds) out.push({ disease: d, area });
  return out;
}

/** What the fetch gives: trial and approval rows, disease names, provenance and warnings. */
export interface LoaPull {
  readonly trials: Record<string, unknown>[];
  readonly approvals: Record<string, unknown>[];
  readonly diseaseNames: Record<string, string[]>;
  /** Approved drugs per disease (regulatory landscape by indication): `disease, drug`. */
  readonly landscape: Record<string, unknown>[];
  readonly provenance: Provenance[];
  readonly warnings: AnalysisWarning[];
  readonly complete: boolean;
}

/** The disease name the composite search resolved to, from its audit trail (a sandbox-chosen field). */
function resolvedName(body: unknown): string | undefined {
  const trail = (body as { data?: { audit_trail?: unknown } })?.data?.audit_trail;
  if (!Array.isArray(trail)) return undefined;
  const step = trail.find((s) => s?.step === "resolve" && s?.parameter === "disease");
  return typeof step?.name === "string" ? step.name : undefined;
}

/**
 * Fetch the trials of every drug in every disease (composite search, every page) and each drug's
 * approvals (approvals search by ingredient), for {@link phaseTransitionsFromFrames}.
 */
export async function pullProgrammes(
  client: Client,
  drugs: readonly string[],
  pairs: readonly { disease: string; area: string }[],
  /** The diseases' approved drugs already read (`disease, drug` rows of the regulatory landscape). */
  known?: { readonly landscape: readonly Record<string, unknown>[] },
): Promise<LoaPull> {
  const calls = drugs.flatMap((drug) => pairs.map((p) => ({ drug, ...p })));
  const results = await Promise.all(
    calls.map((c) => client.trials.composite.all({ drug: c.drug, disease: c.disease })),
  );
  const trials: Record<string, unknown>[] = [];
  const provenance: Provenance[] = [];
  const diseaseNames: Record<string, string[]> = {};
  let complete = true;
  results.forEach((r, i) => {
    const c = calls[i];
    // A drug not tried in one of the diseases is the common case here, not a sign of an unresolved name:
    // the call's "0 may mean unresolved" notice is summed up once below (drugs or diseases with no trial).
    provenance.push({ ...r.meta, warnings: r.meta.warnings.filter((w) => w.code !== "maybe-unresolved") });
    if (r.total !== null && r.total !== r.rows.length) complete = false;
    const name = resolvedName(r.body);
    if (name && name.toLowerCase() !== c.disease.toLowerCase()) {
      diseaseNames[c.disease] = [...new Set([...(diseaseNames[c.disease] ?? []), name])];
    }
    for (const t of r.rows as Record<string, unknown>[]) {
      const sponsors = Array.isArray(t.sponsors) ? t.sponsors as string[] : [];
      trials.push({
        drug: c.drug,
        disease: c.disease,
        area: c.area,
        trial_id: t.id,
        phase: t.phase ?? null,
        status: t.status,
        start_date: t.startDate ?? null,
        lead_sponsor: sponsors[0] ?? null,
      });
    }
  });
  const withTrials = [...new Set(trials.map((t) => String(t.drug)))];
  const found = await Promise.all(withTrials.map((d) => client.regulatory.search.all({ ingredient: d })));
  const approvals: Record<string, unknown>[] = [];
  found.forEach((r, i) => {
    const drug = withTrials[i];
    provenance.push(r.meta);
    for (const a of r.rows as Record<string, unknown>[]) {
      const names = [
        ...((a.drugs ?? []) as { name?: string }[]).map((d) => d.name).filter((n): n is string => !!n),
        ...(typeof a.ingredient === "string" ? [a.ingredient] : []),
      ];
      // The search matches a part of the ingredient ("mab" finds every antibody): keep the products the
      // drug names (the shared rule: a combination's products hold all of its components).
      if (names.length && !names.some((n) => namesProduct(drug, n))) continue;
      approvals.push({
        drug,
        approval_id: a.approval_id,
        approval_date: a.approval_date ?? null,
        indications: Array.isArray(a.indications) ? a.indications : [],
      });
    }
  });
  const diseases = [...new Set(pairs.map((p) => p.disease))];
  const scapes = known
    ? []
    : await Promise.all(diseases.map((indication) => client.regulatory.landscape({ indication })));
  const landscape: Record<string, unknown>[] = [...(known?.landscape ?? [])];
  scapes.forEach((r, i) => {
    provenance.push(r.meta);
    for (const d of r.rows as { generic_name?: string }[]) {
      if (d.generic_name) landscape.push({ disease: diseases[i], drug: d.generic_name });
    }
  });
  const warnings: AnalysisWarning[] = [];
  const none = drugs.filter((d) => !withTrials.includes(d));
  if (none.length) {
    warnings.push({
      code: "drugs-without-trials",
      message:
        `${none.length} of ${drugs.length} drugs have no trials in the diseases asked (${
          none.slice(0, 5).join(", ")
        }${none.length > 5 ? ", …" : ""}): the service did not resolve the name, or the drug was not tried ` +
        "there; they are no programmes",
    });
  }
  const idle = pairs.filter((p) => !trials.some((t) => t.disease === p.disease)).map((p) => p.disease);
  if (idle.length) {
    warnings.push({
      code: "diseases-without-trials",
      message: `No trial of the drugs in ${idle.join(", ")}: the disease did not resolve, or none of ` +
        "the drugs was tried in it",
    });
  }
  return { trials, approvals, diseaseNames, landscape, provenance, warnings, complete };
}

/** The trial rows' schema for the pure core. */
export const LOA_TRIAL_SCHEMA: Record<string, pl.DataType> = {
  drug: S,
  disease: S,
  area: S,
  trial_id: S,
  phase: S,
  status: S,
  start_date: S,
  lead_sponsor: S,
};
/** The approval rows' schema for the pure core. */
export const LOA_APPROVAL_SCHEMA: Record<string, pl.DataType> = {
  drug: S,
  approval_id: S,
  approval_date: S,
  indications: pl.List(S),
};

/** Warnings on what the counts can carry: few judged programmes, approvals matched by drug only. */
export function judgedWarnings(frames: { programmes: DataFrame; transitions: DataFrame }): AnalysisWarning[] {
  const out: AnalysisWarning[] = [];
  const all = frames.transitions.filter(pl.col("dimension").eq(pl.lit("all"))).toRecords();
  const thin = all.filter((r) => (num(r.advanced) ?? 0) + (num(r.failed) ?? 0) < 10);
  if (thin.length) {
    out.push({
      code: "few-programmes",
      message: `Fewer than 10 judged programmes for ${
        thin.map((r) => `${r.from_phase} to ${r.to_phase}`).join(", ")
      }: read those rates with their intervals`,
    });
  }
  const classes = frames.programmes.getColumn("sponsor_class");
  if (frames.programmes.height && classes.nullCount() === frames.programmes.height) {
    out.push({
      code: "field-absent",
      message: "The composite search rows carry no sponsors (a field the spec does not name), so every " +
        "programme's sponsor_class is unknown and the sponsor-class groups are left out",
    });
  }
  const byDrug = frames.programmes.filter(pl.col("approval_match").eq(pl.lit("drug only"))).height;
  if (byDrug) {
    out.push({
      code: "approvals-by-drug-only",
      message: `${byDrug} programmes count an approval whose record lists no indication (matched by the ` +
        "drug alone, to each of its programmes that reached Phase 3)",
    });
  }
  return out;
}
