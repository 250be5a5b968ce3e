/**
 * Analysis 9: one sponsor at a glance: trials by phase and status, approvals, upcoming catalysts
 * and patent activity, in one frame set.
 *
 * The sponsor is resolved once (`resolve.organizations`, read by `resolveOrganization`) to its
 * `organizations/<key>` id, LEI, canonical name and the units of its corporate family (where the service
 * names them: the sandbox's `resolution`; a short applicant name filed under several organizations reaches
 * all of them; an ambiguous name is read as its first candidate, with a warning); trials and approvals are
 * those of every unit; the other parts come from the other analyses: {@link catalystCalendar} (by LEI, or
 * the name, which the service expands to the corporate family) and {@link patentTrends} (by organization id).
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import type { OrganizationRow } from "../client/schemas/_rows.gen.ts";
import type { Provenance } from "../client/result.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  frameFromResult,
  withKeys,
} from "../frames/mod.ts";
import { catalystCalendar } from "./catalyst_calendar.ts";
import { patentTrends, patentTrendsFromFrames } from "./patent_trends.ts";
import { conform, framed, statusOf } from "./_measures.ts";
import {
  closestHint,
  type OrganizationUnit,
  resolveOrganization,
  sameName,
  sameOrganization,
} from "./_resolve_entity.ts";
import { ACTIVE, APPROVAL, EVENT, LATE, SPONSOR, TRIAL } from "./_sponsor_parts.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";
import { displayName } from "../frames/value_labels.ts";

/** Options of {@link sponsorScan}. */
export interface SponsorScanOptions {
  /** Sponsor or organization name (resolved with `resolve.organizations`). */
  readonly sponsor: string;
  /** Condition: exact resolved condition name for trials and approval indications, keyword for catalysts. */
  readonly condition?: string;
  /** Days ahead for upcoming catalysts. @default 730 */
  readonly windowDays?: number;
  /** First publication year of the patent activity. @default five years before `to` */
  readonly from?: number;
  /** Last publication year of the patent activity. @default the current year */
  readonly to?: number;
}

/** Output frames of the sponsor scan. */
export type SponsorScanFrames = {
  /** One row: `input`, `id`, `name`, `lei`, `ror_id`, `hierarchy_level`, `resolved` bool. */
  readonly sponsor: DataFrame;
  /** `phase`, `status`, `trials` i64, `enrollment` i64 (sum; null when none reported). */
  readonly pipeline: DataFrame;
  /** `approval_id`, `trade_name`, `source`, `approval_date`, `marketing_status`, `drugs`, `indications`, `is_orphan`. */
  readonly approvals: DataFrame;
  /** Upcoming catalyst events (`when == "upcoming"` of the catalyst calendar), by date. */
  readonly catalysts: DataFrame;
  /** `year`, `patents`, `change`, `growth_fraction` (see patentTrends). */
  readonly patentsByYear: DataFrame;
  /** `rank`, `cpc`, `patents`. */
  readonly topCpc: DataFrame;
  /**
   * One row: `trials`, `active_trials`, `late_stage_trials` (phase 3+), `approvals`, `orphan_approvals`,
   * `upcoming_catalysts`, `next_catalyst_date` date, `patents` (in the window) i64.
   */
  readonly summary: DataFrame;
};

/** Result of {@link sponsorScan}. */
export type SponsorScan = AnalysisResult<SponsorScanFrames>;

/** Inputs of {@link sponsorScanFromFrames}. */
export interface SponsorScanInputs {
  /** The `sponsor` frame. */
  readonly sponsor: DataFrame;
  /** Trial rows (`status`, `phase`, `enrollment`). */
  readonly trials: DataFrame;
  /** Approval rows as `frameFromResult` gives them. */
  readonly approvals: DataFrame;
  /** Catalyst calendar events (with `when`). */
  readonly catalysts: DataFrame;
  /** Patents by year and top CPC codes (from patentTrends). */
  readonly patents: { readonly byYear: DataFrame; readonly topCpc: DataFrame };
}

/**
 * Pure core: the scan frames and a one-row summary from the parts.
 *
 * @example Pipeline counts from two trials
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { sponsorScanFromFrames } from "./sponsor_scan.ts";
 * const none = pl.DataFrame([]);
 * const trials = pl.DataFrame({ phase: ["PHASE3", "PHASE3"], status: ["RECRUITING", "COMPLETED"], enrollment: [100, 50] });
 * const scan = sponsorScanFromFrames({
 *   sponsor: none, trials, approvals: none, catalysts: none, patents: { byYear: none, topCpc: none },
 * });
 * assert.deepEqual(scan.summary.select("trials", "active_trials", "late_stage_trials").toRecords(), [
 *   { trials: 2, active_trials: 1, late_stage_trials: 2 },
 * ]);
 * ```
 *
 * @param input The parts.
 * @returns The scan frames.
 */
export function sponsorScanFromFrames(input: SponsorScanInputs): SponsorScanFrames {
  const trials = conform(input.trials, TRIAL);
  const pipeline = trials.groupBy(["phase", "status"]).agg(
    pl.len().cast(pl.Int64).alias("trials"),
    // null, not 0, when no trial of the group reports its enrollment
    pl.when(pl.col("enrollment").count().gt(0)).then(pl.col("enrollment").sum()).otherwise(pl.lit(null))
      .cast(pl.Int64).alias("enrollment"),
  ).sort(["phase", "status"]);
  const approvals = conform(input.approvals, APPROVAL).rename({ regulatory_flags_is_orphan: "is_orphan" })
    .sort("approval_date", true, true);
  // The catalysts as given, with the columns the scan reads (and the event key) added when absent.
  const absent = Object.entries(EVENT).filter(([c]) => !input.catalysts.columns.includes(c));
  const events = input.catalysts.withColumns(...absent.map(([c, t]) => pl.lit(null).cast(t).alias(c)));
  const catalysts = events.filter(pl.col("when").eq(pl.lit("upcoming"))).sort("event_date");
  const patents = patentTrendsFromFrames({
    years: pl.DataFrame([]),
    cpc: pl.DataFrame([]),
    growth: pl.DataFrame([]),
    companies: pl.DataFrame([]),
  });
  const patentsByYear = input.patents.byYear.width ? input.patents.byYear : patents.byYear;
  const topCpc = input.patents.topCpc.width ? input.patents.topCpc : patents.topCpc;
  const count = (df: DataFrame, e: pl.Expr) => df.filter(e).height;
  const next = catalysts.height ? catalysts.getColumn("event_date").toArray()[0] : null;
  const summary = framed([{
    trials: trials.height,
    active_trials: count(trials, pl.col("status").isIn(ACTIVE)),
    late_stage_trials: count(trials, pl.col("phase").isIn(LATE)),
    approvals: approvals.height,
    orphan_approvals: count(approvals, pl.col("is_orphan").eq(pl.lit(true))),
    upcoming_catalysts: catalysts.height,
    next_catalyst_date: next ? (next as unknown as Date).toISOString().slice(0, 10) : null,
    patents: Number(patentsByYear.getColumn("patents").sum()),
  }], {
    trials: pl.Int64,
    active_trials: pl.Int64,
    late_stage_trials: pl.Int64,
    approvals: pl.Int64,
    orphan_approvals: pl.Int64,
    upcoming_catalysts: pl.Int64,
    next_catalyst_date: pl.Utf8,
    patents: pl.Int64,
  }).withColumns(pl.col("next_catalyst_date").str.strptime(pl.Date, "%Y-%m-%d"));
  return withKeys({
    sponsor: conform(input.sponsor, SPONSOR),
    pipeline,
    approvals,
    catalysts,
    patentsByYear,
    topCpc,
    summary,
  }, {
    sponsor: ["input"],
    pipeline: ["phase", "status"],
    approvals: ["approval_id"],
    catalysts: ["drug_name", "type", "event_date"],
    patentsByYear: ["year"],
    topCpc: ["cpc"],
    summary: [], // one row
  });
}

/**
 * The organization a name resolves to: an exact (case-insensitive) entity match first, then an exact row,
 * then a row of the same organization name (orgKey: "PFIZER INC" for "Pfizer"), then the first entity.
 */
export function pickOrganization(
  rows: readonly OrganizationRow[],
  name: string,
): OrganizationRow | undefined {
  const entities = rows.filter((r) => r.hierarchyLevel === "GLOBAL PARENT");
  return entities.find((r) => sameName(r.name, name)) ??
    rows.find((r) => sameName(r.name, name)) ??
    rows.find((r) => sameOrganization(r.name, name)) ??
    entities[0];
}

/** Several paginated results of one endpoint as one (rows deduplicated by `key`), or undefined for none. */
function merged<T extends { rows: readonly unknown[]; meta: { complete: boolean } }>(
  parts: readonly T[],
  key: string,
): T | undefined {
  if (parts.length <= 1) return parts[0];
  const seen = new Set<unknown>();
  const rows = parts.flatMap((p) => p.rows).filter((r) => {
    const k = (r as Record<string, unknown>)[key];
    return !seen.has(k) && seen.add(k);
  });
  return { ...parts[0], rows, meta: { ...parts[0].meta, complete: parts.every((p) => p.meta.complete) } };
}

/** Warnings of a sub-analysis that are its own (call warnings come again with the provenance). */
const own = (ws: readonly AnalysisWarning[]): AnalysisWarning[] => ws.filter((w) => w.source === undefined);

/**
 * Scan one sponsor: resolve it once, then fetch its trials (registry search by each family unit's name),
 * approvals (by each unit's organization id), upcoming catalysts (catalystCalendar, by LEI when there is one)
 * and patent activity (patentTrends, by organization id; Pro) concurrently. An unresolved sponsor or a
 * Free key (no patents) gives empty parts with a warning, never a silent zero.
 *
 * @example Scan a sandbox sponsor
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { sponsorScan } from "./sponsor_scan.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const scan = await sponsorScan(ri, { sponsor: "Pfizer" });
 * assert.equal(scan.sponsor.getColumn("id").toArray()[0], "organizations/pfizer");
 * assert.ok(Number(scan.summary.getColumn("trials").toArray()[0]) > 0);
 * ```
 *
 * @param client A client (`createClient`); patents need a Pro key.
 * @param options The sponsor, an optional condition, the catalyst window and patent years.
 * @returns The scan frames with provenance and warnings.
 */
export async function sponsorScan(client: Client, options: SponsorScanOptions): Promise<SponsorScan> {
  checkParams("sponsorScan", options);
  const resolution = await resolveOrganization(client, options.sponsor);
  // Closest names for a typo ("similar" rows) are suggestions, never the organization.
  const rows = (resolution.rows as unknown as OrganizationRow[]).filter((r) => r.match !== "similar");
  const org = pickOrganization(rows, options.sponsor) ??
    (resolution.status === "unresolved" ? undefined : rows[0]);
  const name = org?.name ?? options.sponsor;
  const to = options.to ?? new Date().getUTCFullYear();
  const warnings: AnalysisWarning[] = org ? [] : [{
    code: "maybe-unresolved",
    message:
      `Sponsor '${options.sponsor}' did not resolve to an organization; trials and catalysts use the ` +
      `name as given, approvals and patents are empty${closestHint([...resolution.suggestions])}`,
  }];
  // The units the sponsor question reaches: the resolved families' (the first candidate's when the name
  // is ambiguous), or the organization alone when the service names no family.
  const reached = resolution.status === "resolved" ? resolution.families : resolution.families.slice(0, 1);
  const seen = new Set<string>();
  let units: OrganizationUnit[] = reached.flatMap((f) => f.units).filter((u) =>
    !seen.has(u.id) && seen.add(u.id)
  );
  if (org && units.length === 0) {
    units = [{ id: org.id, name: org.name, trialCount: org.trialCount, approvalCount: org.approvalCount }];
  }
  if (resolution.status === "ambiguous") {
    warnings.push({
      code: "ambiguous-sponsor",
      message: `Sponsor '${options.sponsor}' names ${resolution.families.length} unrelated companies (${
        resolution.families.map((f) => f.name).join("; ")
      }); the scan reads the first — name one of them to choose`,
    });
  }
  if (units.length > 1) {
    warnings.push({
      code: "family",
      message: `Sponsor '${options.sponsor}': trials and approvals of ${units.length} organizations of its ` +
        `family (${units.map((u) => displayName(u.name)).slice(0, 8).join("; ")}${
          units.length > 8 ? "; …" : ""
        })`,
    });
  }
  const withTrials = units.filter((u) => u.trialCount !== 0);
  const withApprovals = units.filter((u) => u.approvalCount !== 0);
  const [trialParts, approvalParts, calendar, patents] = await Promise.all([
    // sort=updated (the default) silently drops trials without an update timestamp and sort=enrollment
    // those without enrollment; relevance (without search) keeps every trial.
    Promise.all(
      (withTrials.length ? withTrials.map((u) => u.name) : units.length ? [] : [name]).map((n) =>
        client.trials.search.all({
          sponsor: n,
          sort: "relevance",
          ...(options.condition ? { condition: options.condition } : {}),
        })
      ),
    ),
    org ? Promise.all(withApprovals.map((u) => client.regulatory.search.all({ sponsor_id: u.id }))) : [],
    catalystCalendar(client, {
      ...(org?.lei
        ? { leis: [org.lei] }
        : { sponsors: [resolution.derived ? name : options.sponsor.trim()] }),
      ...(options.condition ? { indication: options.condition } : {}),
      windowDays: options.windowDays ?? 730,
    }),
    org
      ? patentTrends(client, { company_id: org.id, from: options.from ?? to - 5, to }).catch((e: unknown) => {
        if (statusOf(e) !== 402 && statusOf(e) !== 400) throw e;
        warnings.push({
          code: "patents-unavailable",
          message: `No patent activity: ${(e as Error).message}`,
        });
        return undefined;
      })
      : undefined,
  ]);
  const trials = merged(trialParts, "trial_id") ?? await client.trials.search.all({
    sponsor: name,
    sort: "relevance",
    ...(options.condition ? { condition: options.condition } : {}),
  });
  const approvals = merged(approvalParts, "approval_id");
  let approvalFrame = approvals ? frameFromResult(approvals) : pl.DataFrame([]);
  // Orphan status from the spec-named is_orphan filter when the rows carry no regulatory flags.
  const flagless = approvals && approvals.rows.length > 0 &&
    !(approvals.rows as Record<string, unknown>[]).some((r) => "regulatory_flags" in r);
  let orphanMeta: Provenance | undefined;
  if (flagless && org) {
    const orphanParts = await Promise.all(
      withApprovals.map((u) => client.regulatory.search.all({ sponsor_id: u.id, is_orphan: true })),
    );
    orphanMeta = orphanParts[0]?.meta;
    const ids = orphanParts.flatMap((o) => (o.rows as { approval_id: string }[]).map((r) => r.approval_id));
    approvalFrame = approvalFrame.withColumns(
      // A literal Series, not a bare one: Polars reads a bare Series as "same dtype" and prints an
      // `is_in` deprecation notice on every run.
      pl.col("approval_id").isIn(pl.lit(pl.Series("ids", ids, pl.Utf8))).alias("regulatory_flags_is_orphan"),
    );
    warnings.push({
      code: "derived",
      message: "Approvals carry no regulatory flags (a field the spec does not name): is_orphan comes from " +
        "the approvals search's is_orphan filter",
    });
  }
  if (options.condition && approvalFrame.height) {
    const want = options.condition.toLowerCase();
    approvalFrame = approvalFrame.filter(
      pl.col("indications").lst.eval(pl.element().str.toLowerCase()).lst.contains(pl.lit(want)),
    );
  }
  const frames = sponsorScanFromFrames({
    sponsor: framed([{
      input: options.sponsor,
      id: org?.id,
      name: org?.name,
      lei: org?.lei,
      ror_id: org?.rorId,
      hierarchy_level: org?.hierarchyLevel,
      resolved: org !== undefined,
    }], SPONSOR),
    trials: frameFromResult(trials),
    approvals: approvalFrame,
    catalysts: calendar.events,
    patents: patents ?? { byYear: pl.DataFrame([]), topCpc: pl.DataFrame([]) },
  });
  const provenance: Provenance[] = [
    ...(resolution.meta ? [resolution.meta as Provenance] : []),
    ...(trialParts.length ? trialParts.map((t) => t.meta) : [trials.meta]),
    ...approvalParts.map((a) => a.meta),
    ...(orphanMeta ? [orphanMeta] : []),
    ...calendar.provenance,
    ...(patents?.provenance ?? []),
  ];
  warnings.push(...own(calendar.warnings), ...own(patents?.warnings ?? []));
  const complete = trials.meta.complete && approvalParts.every((a) => a.meta.complete) && calendar.complete &&
    (patents?.complete ?? true);
  return analysisResult(frames, provenance, warnings, complete);
}
