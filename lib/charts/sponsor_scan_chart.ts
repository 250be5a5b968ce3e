/**
 * Sponsor scan chart: the sponsor's trial pipeline by phase, stacked by status group (active, completed,
 * stopped, unknown), with the scan's headline figures in the subtitle.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "./render.ts";
import {
  type BaseChartOptions,
  countTicks,
  emptyChart,
  marginFor,
  phaseLabel,
  phaseRank,
  requireColumns,
  rowsOf,
} from "./_kit.ts";
import { ACTIVE_TRIAL_STATUSES } from "../client/schemas/vocab.ts";
import { plural } from "../frames/semantics.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode sponsorScanChart}. */
export const defaults = {
  title: "Sponsor pipeline",
  width: 720,
  rowHeight: 26,
  groups: {
    Active: {
      color: "#59a14f",
      statuses: ACTIVE_TRIAL_STATUSES,
    },
    Completed: { color: "#4e79a7", statuses: ["COMPLETED"] },
    Stopped: { color: "#e15759", statuses: ["TERMINATED", "WITHDRAWN", "SUSPENDED"] },
    Unknown: { color: "#bab0ac", statuses: ["UNKNOWN"] },
  } as Readonly<Record<string, { color: string; statuses: readonly string[] }>>,
} as const;

/** Options of {@linkcode sponsorScanChart}. */
export interface SponsorScanChartOptions extends BaseChartOptions {
  /** The scan's one-row `summary` frame; its figures go into the default subtitle. */
  readonly summary?: DataFrame;
  /** Sponsor name for the default title. */
  readonly sponsor?: string;
}

/** Status group of a stored trial status (`RECRUITING` → `Active`). */
export function statusGroup(status: unknown): string {
  const s = String(status ?? "").toUpperCase();
  return Object.entries(defaults.groups).find(([, g]) => g.statuses.includes(s))?.[0] ?? "Unknown";
}

/**
 * Trials per phase, stacked by status group, from the `pipeline` frame of `sponsorScan`.
 *
 * @param pipeline Columns `phase`, `status`, `trials`.
 * @param options Titles, width, `summary`, `sponsor`.
 * @returns The chart.
 * @example Phases get readable names
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { sponsorScanChart } from "./sponsor_scan_chart.ts";
 * const pipeline = pl.DataFrame({ phase: ["PHASE3", "PHASE1/PHASE2"], status: ["RECRUITING", "COMPLETED"], trials: [3, 2] });
 * const svg = sponsorScanChart(pipeline, { sponsor: "Acme" }).svg();
 * assert.match(svg, /Phase 1\/2/);
 * assert.match(svg, /Sponsor pipeline: Acme/);
 * ```
 */
export function sponsorScanChart(pipeline: DataFrame, options: SponsorScanChartOptions = {}): Chart {
  requireColumns(pipeline, ["phase", "status", "trials"], "sponsorScanChart");
  // One segment per phase × status group (statuses of a group are summed, so no seams inside a group).
  const sums = new Map<string, { phase: string; group: string; trials: number }>();
  for (const r of rowsOf(pipeline)) {
    const phase = phaseLabel(String(r.phase ?? "unknown"));
    const group = statusGroup(r.status);
    const cell = sums.get(`${phase}\u0000${group}`) ?? { phase, group, trials: 0 };
    cell.trials += Number(r.trials ?? 0);
    sums.set(`${phase}\u0000${group}`, cell);
  }
  const rows = [...sums.values()];
  const phases = [...new Set(rows.map((r) => r.phase))].sort((a, b) =>
    phaseRank(a) - phaseRank(b) || a.localeCompare(b)
  );
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.phase, (totals.get(r.phase) ?? 0) + r.trials);
  // Legend entries only for the status groups drawn.
  const groups = Object.keys(defaults.groups).filter((g) => rows.some((r) => r.group === g && r.trials > 0));
  const s: Record<string, unknown> | undefined = options.summary?.height
    ? options.summary.toRecords()[0]
    : undefined;
  const next = s?.next_catalyst_date instanceof Date
    ? ` (next ${(s.next_catalyst_date as Date).toISOString().slice(0, 10)})`
    : "";
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  const n = (v: unknown) => Number(v ?? 0).toLocaleString("en-US");
  const many = (v: unknown, noun: string) => plural(Number(v ?? 0), noun);
  if (total === 0) {
    return emptyChart(
      {
        title: options.title ?? (options.sponsor ? `${defaults.title}: ${options.sponsor}` : defaults.title),
        width: options.width ?? defaults.width,
      },
      options.empty ?? `${options.sponsor ?? "This sponsor"} sponsors no trial in the registry.`,
    );
  }
  return chart({
    title: options.title ?? (options.sponsor ? `${defaults.title}: ${options.sponsor}` : defaults.title),
    subtitle: options.subtitle ??
      (s
        ? `${many(s.trials, "trial")} (${n(s.active_trials)} active, ${n(s.late_stage_trials)} phase 3+), ` +
          `${many(s.approvals, "approval")}, ${many(s.upcoming_catalysts, "upcoming catalyst")}${next}, ` +
          many(s.patents, "patent")
        : many(total, "trial")),
    caption: options.caption ??
      "Active: recruiting, active, not yet recruiting or enrolling by invitation. Stopped: terminated, withdrawn or suspended.",
    width: options.width ?? defaults.width,
    height: Math.max(140, phases.length * defaults.rowHeight + 60),
    marginLeft: marginFor(phases),
    marginRight: 36,
    marginTop: 8,
    x: {
      label: "Trials",
      grid: true,
      tickFormat: (v: number) => (Number.isInteger(v) ? String(v) : ""),
      ticks: countTicks(Math.round((options.width ?? defaults.width) / 90)),
    },
    y: { domain: phases, label: null },
    color: { domain: groups, range: groups.map((g) => defaults.groups[g].color), legend: true },
    marks: [
      Plot.barX(rows, { x: "trials", y: "phase", fill: "group", order: groups, inset: 0.5 }),
      Plot.text(phases, {
        x: (p: string) => totals.get(p),
        y: (p: string) => p,
        text: (p: string) => String(totals.get(p)),
        dx: 4,
        textAnchor: "start",
        fontSize: 9,
      }),
      Plot.ruleX([0]),
    ],
  });
}
