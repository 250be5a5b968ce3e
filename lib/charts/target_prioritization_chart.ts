/**
 * Target prioritization chart: targets by disease association (x) against novelty or the composite score
 * (y), sized by trials in the disease, white-space targets (strong association, no approved drug)
 * highlighted, and labels beside their own dots, best ranks first (lib/charts/_declutter.ts).
 *
 * @module
 */
import { compositeDefinition, type CompositeWeights } from "../analyses/target_prioritization.ts";
import * as Plot from "@observablehq/plot";
import { type DomNode, plotOptions } from "./dom.ts";
import type { Chart } from "./render.ts";
import {
  type BaseChartOptions,
  emptyChart,
  figure,
  pct,
  requireColumns,
  type Row,
  rowsOf,
  truncate,
} from "./_kit.ts";
import { sizeLegend } from "./_size_legend.ts";
import { declutter, type LabelCandidate } from "./_declutter.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode targetPrioritizationChart}. */
export const defaults = {
  title: "Target prioritization",
  width: 720,
  height: 460,
  margin: { left: 56, right: 24, top: 36, bottom: 44 },
  radius: [4, 14] as readonly [number, number],
  labels: 20,
  whiteSpace: "#e15759",
  other: "#4e79a7",
} as const;

/** Options of {@linkcode targetPrioritizationChart}. */
export interface TargetPrioritizationChartOptions extends BaseChartOptions {
  /** The y measure: `novelty_score` (a fraction, shown as %) or `composite` (0–1, fixed scales). @default {"novelty_score"} */
  readonly y?: "novelty_score" | "composite";
  /** Label at most this many targets, best ranked first. @default {20} */
  readonly labels?: number;
  /** The weights the composite was computed with, for the caption's definition. @default {DEFAULT_WEIGHTS} */
  readonly weights?: CompositeWeights;
  /** Association score from which a target without an approved drug is white space (drawn as a rule). */
  readonly whiteSpaceMinScore?: number;
  /** Disease name for the default subtitle. */
  readonly disease?: string;
  /** Height in pixels. @default {460} */
  readonly height?: number;
}

/**
 * Scatter of the `targets` frame of `targetPrioritization`.
 *
 * @param targets Columns `rank`, `symbol` (or `target_name`), `association_score`, `novelty_score`,
 *   `composite`, `white_space`, `trials_in_disease`.
 * @param options Titles, y measure, number of labels, white-space threshold.
 * @returns The chart.
 * @example White space is in the legend
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { targetPrioritizationChart } from "./target_prioritization_chart.ts";
 * const targets = pl.DataFrame({
 *   rank: [1, 2], symbol: ["IL4R", "KIAA1"], association_score: [0.8, 0.6], novelty_score: [0.1, 0.7],
 *   composite: [1, -1], white_space: [false, true], trials_in_disease: [40, 0],
 * });
 * const svg = targetPrioritizationChart(targets).svg();
 * assert.match(svg, /White space/);
 * assert.match(svg, /#1 IL4R/);
 * ```
 */
export function targetPrioritizationChart(
  targets: DataFrame,
  options: TargetPrioritizationChartOptions = {},
): Chart {
  const yKey = options.y ?? "novelty_score";
  requireColumns(
    targets,
    ["rank", "association_score", yKey, "white_space", "trials_in_disease"],
    "targetPrioritizationChart",
  );
  const width = options.width ?? defaults.width;
  const height = options.height ?? defaults.height;
  const m = defaults.margin;
  const rows: Row[] = rowsOf(targets).filter((r) =>
    typeof r.association_score === "number" && typeof r[yKey] === "number"
  )
    .map((r): Row => ({
      ...r,
      name: truncate(r.symbol ?? r.target_name ?? r.target_id, 14),
      group: r.white_space ? "White space (no approved drug)" : "Has an approved drug / weaker association",
    })).sort((a, b) => Number(a.rank) - Number(b.rank));
  if (!rows.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width },
      options.empty ??
        `No target with an association score was found${options.disease ? ` for ${options.disease}` : ""}.`,
    );
  }
  const ys = rows.map((r) => Number(r[yKey]));
  const yDomain: [number, number] = yKey === "novelty_score"
    ? [0, Math.max(1, ...ys)]
    : ys.every((v) => v >= 0 && v <= 1)
    ? [0, 1] // the composite's fixed 0–1 scale
    : [Math.min(0, ...ys) - 0.3, Math.max(0, ...ys) + 0.3];
  const xDomain: [number, number] = [0, 1];
  const px = (v: number) =>
    m.left + ((v - xDomain[0]) / (xDomain[1] - xDomain[0])) * (width - m.left - m.right);
  const py = (v: number) =>
    height - m.bottom - ((v - yDomain[0]) / (yDomain[1] - yDomain[0])) * (height - m.top - m.bottom);
  // Pixels back to data (leader lines are placed in pixels, drawn by Plot in data coordinates).
  const ix = (p: number) =>
    xDomain[0] + ((p - m.left) / (width - m.left - m.right)) * (xDomain[1] - xDomain[0]);
  const iy = (p: number) =>
    yDomain[0] + ((height - m.bottom - p) / (height - m.top - m.bottom)) * (yDomain[1] - yDomain[0]);
  // The r scale, computed here too so labels clear each dot: sqrt, domain [0, max], range `radius`.
  const maxTrials = Math.max(0, ...rows.map((r) => Number(r.trials_in_disease ?? 0)));
  const [r0, r1] = defaults.radius;
  const radius = (
    v: unknown,
  ) => (maxTrials > 0 ? r0 + (r1 - r0) * Math.sqrt(Number(v ?? 0) / maxTrials) : r0);
  const labelled = options.labels ?? defaults.labels;
  const candidates: LabelCandidate[] = rows.map((r, i) => ({
    x: px(Number(r.association_score)),
    y: py(Number(r[yKey])),
    text: i < labelled ? `#${r.rank} ${r.name}` : "",
    r: radius(r.trials_in_disease),
  }));
  const placed = declutter(candidates, {
    left: m.left + 2,
    top: m.top - 6,
    width: width - m.right,
    height: height - m.bottom,
  });
  const spots = new Map<
    string,
    { dx: number; dy: number; anchor: "start" | "end" | "middle"; items: number[] }
  >();
  for (const p of placed) {
    const k = `${p.dx},${p.dy},${p.anchor}`;
    const spot = spots.get(k) ?? { dx: p.dx, dy: p.dy, anchor: p.anchor, items: [] };
    spot.items.push(p.index);
    spots.set(k, spot);
  }
  const threshold = options.whiteSpaceMinScore ?? 0.5;
  const nWhite = rows.filter((r) => r.white_space).length;
  const yLabel = yKey === "novelty_score" ? "Novelty score (%)" : "Composite score (0–1)";
  const groups = ["White space (no approved drug)", "Has an approved drug / weaker association"];
  const present = groups.filter((g) => rows.some((r) => r.group === g));
  const color = {
    type: "ordinal" as const,
    domain: present,
    range: present.map((g) => (g === groups[0] ? defaults.whiteSpace : defaults.other)),
  };
  // Big dots first, so smaller ones stay visible on top of them.
  const bySize = (a: Row, b: Row) => Number(b.trials_in_disease ?? 0) - Number(a.trials_in_disease ?? 0);
  const plot = Plot.plot(plotOptions({
    width,
    height,
    marginLeft: m.left,
    marginRight: m.right,
    marginTop: m.top,
    marginBottom: m.bottom,
    x: {
      domain: xDomain,
      label: "Association score with the disease (%)",
      grid: true,
      tickFormat: (v: number) => pct(v),
    },
    y: {
      domain: yDomain,
      label: yLabel,
      grid: true,
      ...(yKey === "novelty_score" ? { tickFormat: (v: number) => pct(v) } : {}),
    },
    r: { type: "sqrt" as const, domain: [0, maxTrials || 1], range: [...defaults.radius] },
    color,
    marks: [
      Plot.ruleX([threshold], { stroke: "#999", strokeDasharray: "4,3" }),
      Plot.text([threshold], {
        x: (d: number) => d,
        frameAnchor: "top",
        dy: -18,
        text: () => `white-space threshold ${pct(threshold)}`,
        fontSize: 9,
        fill: "#666",
      }),
      Plot.link(placed.flatMap((p) => p.leader ? [p.leader] : []), {
        x1: (l: readonly number[]) => ix(l[0]),
        y1: (l: readonly number[]) => iy(l[1]),
        x2: (l: readonly number[]) => ix(l[2]),
        y2: (l: readonly number[]) => iy(l[3]),
        stroke: "#666",
        strokeWidth: 0.8,
      }),
      Plot.dot(rows.filter((r) => !r.white_space).sort(bySize), {
        x: "association_score",
        y: yKey,
        r: "trials_in_disease",
        fill: "group",
        fillOpacity: 0.7,
        stroke: "white",
      }),
      Plot.dot(rows.filter((r) => r.white_space).sort(bySize), {
        x: "association_score",
        y: yKey,
        r: "trials_in_disease",
        fill: "group",
        fillOpacity: 0.85,
        stroke: "#222",
        strokeWidth: 1.2,
      }),
      ...[...spots.values()].map((s) =>
        Plot.text(s.items.map((i) => ({ ...rows[i], label: candidates[i].text })), {
          x: "association_score",
          y: yKey,
          text: "label",
          dx: s.dx,
          dy: s.dy,
          textAnchor: s.anchor,
          fontSize: 10,
          stroke: "white",
          strokeWidth: 3,
          fill: "#222",
        })
      ),
    ],
  })) as unknown as DomNode;
  const parts: DomNode[] = [];
  if (present.length) {
    parts.push(
      Plot.legend(plotOptions({ color: { ...color, legend: "swatches" as const } })) as unknown as DomNode,
    );
  }
  if (maxTrials > 0) {
    parts.push(
      sizeLegend({ label: "Dot size: trials in the disease", max: maxTrials, range: defaults.radius }),
    );
  }
  parts.push(plot);
  return figure({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${rows.length} targets${options.disease ? ` for ${options.disease}` : ""}; ${nWhite} white-space ` +
        `target${nWhite === 1 ? "" : "s"} (association ≥ ${pct(threshold)}, no approved drug)`,
    caption: options.caption ??
      `Labels: composite rank and symbol of the ${placed.length} best-ranked of ${rows.length} targets ` +
        `(best ranks first; a label set apart from its dot has a line to it). Dot size: trials in the disease${
          maxTrials > 0 ? "" : " (no target has trials in the disease: all dots the same size)"
        }. Rank by ${compositeDefinition(options.weights)}.`,
  }, parts);
}
