/**
 * Catalyst calendar chart: each drug's events (approvals, patent and exclusivity expiries) on a time
 * axis, coloured by event type, filled when upcoming and hollow when past, with a rule at the data's
 * reference day (the day the service counted `days_to_event` from, which need not be today).
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "./render.ts";
import { displayText, plural } from "../frames/semantics.ts";
import { valueLabel } from "../frames/value_labels.ts";
import {
  type BaseChartOptions,
  displayName,
  emptyChart,
  marginFor,
  requireColumns,
  requireDate,
  rowsOf,
  rowStep,
  wrapLabel,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode catalystCalendarChart}. */
export const defaults = {
  title: "Catalyst calendar",
  width: 760,
  maxRows: 30,
  rowHeight: 18,
  labelChars: 30,
  types: {
    approval: { color: "#59a14f" },
    patent_expiry: { color: "#e15759" },
    exclusivity_expiry: { color: "#f28e2b" },
  } as Readonly<Record<string, { color: string }>>,
  today: "#333",
} as const;

/** Options of {@linkcode catalystCalendarChart}. */
export interface CatalystCalendarChartOptions extends BaseChartOptions {
  /** Most drugs (rows) to show: those with the events nearest the reference day. @default {30} */
  readonly maxRows?: number;
  /**
   * The reference day events are counted from (upcoming = on or after it).
   * @default {the data's reference day, `event_date − days_to_event`; today when the frame has none}
   */
  readonly today?: Date;
}

/**
 * Display label of an event type, from the value labels (`lib/frames/value_labels.ts`): `patent_expiry` →
 * `Patent expiry`; a type not listed there in words.
 */
export function eventTypeLabel(type: unknown): string {
  const s = String(type ?? "unknown");
  const label = valueLabel("type", s);
  return label !== s ? label : s.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const DAY = 86_400_000;

/**
 * The data's reference day — the day the service counted `days_to_event` from (`event_date −
 * days_to_event` of an event) — or today (UTC) when no event carries both.
 */
function referenceDayOf(rows: readonly Record<string, unknown>[]): { day: Date; fromData: boolean } {
  const r = rows.find((r) => r.event_date instanceof Date && typeof r.days_to_event === "number");
  if (!r) return { day: new Date(Math.floor(Date.now() / DAY) * DAY), fromData: false };
  return { day: new Date((r.event_date as Date).getTime() - Number(r.days_to_event) * DAY), fromData: true };
}

/**
 * Events on a time axis per drug, from the `events` frame of `catalystCalendar`.
 *
 * @param events Columns `trade_name` (or `drug_name`), `type`, `event_date` (date), `days_to_event`; with
 *   `entities` naming two or more sponsors or tickers, each row names whose event it is.
 * @param options Titles, width, `maxRows`, `today`.
 * @returns The chart.
 * @example Upcoming and past events around the data's reference day
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { catalystCalendarChart } from "./catalyst_calendar_chart.ts";
 * const events = pl.DataFrame({
 *   trade_name: ["Brandix", "Curetol"], drug_name: ["brandimab", "curetolib"],
 *   type: ["patent_expiry", "approval"], days_to_event: [30, -60],
 *   event_date: [new Date("2026-02-01"), new Date("2025-11-03")],
 * });
 * const svg = catalystCalendarChart(events).svg();
 * assert.match(svg, /Patent expiry/);
 * assert.match(svg, /reference day 2026-01-02/); // 2026-02-01 − 30 days
 * ```
 */
export function catalystCalendarChart(
  events: DataFrame,
  options: CatalystCalendarChartOptions = {},
): Chart {
  requireColumns(events, ["type", "event_date", "days_to_event"], "catalystCalendarChart");
  const all = rowsOf(events).filter((r) => r.event_date instanceof Date);
  const given = requireDate(options.today, "today", "catalystCalendarChart");
  const ref = given ? { day: given, fromData: false } : referenceDayOf(all);
  const today = ref.day;
  const day = today.toISOString().slice(0, 10);
  const ruleLabel = options.today || ref.fromData ? `reference day ${day}` : `today ${day}`;
  if (!all.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width: options.width ?? defaults.width },
      options.empty ?? "No catalyst event (approval, patent or exclusivity expiry) matched.",
    );
  }
  // One display case, applied before grouping, so "APIXABAN" and "Apixaban" are one row.
  // With events of two or more sponsors (or tickers), each row says whose it is: "Cosentyx (Novartis)".
  const owners = (r: Record<string, unknown>) =>
    Array.isArray(r.entities) ? (r.entities as unknown[]).map((e) => displayText(String(e))) : [];
  const several = new Set(all.flatMap(owners)).size > 1;
  const name = (r: Record<string, unknown>) =>
    displayName(r.trade_name ?? r.drug_name ?? "unknown") + (several ? ` (${owners(r).join(", ")})` : "");
  // Each drug's distance to the reference day is that of its nearest event; keep the nearest maxRows drugs.
  const nearest = new Map<string, number>();
  for (const r of all) {
    const d = Math.abs((r.event_date as Date).getTime() - today.getTime());
    nearest.set(name(r), Math.min(nearest.get(name(r)) ?? Infinity, d));
  }
  const maxRows = options.maxRows ?? defaults.maxRows;
  const keep = new Set(
    [...nearest].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, maxRows)
      .map(([n]) => n),
  );
  const first = new Map<string, number>();
  const rows = all.filter((r) => keep.has(name(r))).map((r) => {
    const t = (r.event_date as Date).getTime();
    first.set(name(r), Math.min(first.get(name(r)) ?? Infinity, t));
    const upcoming = t >= today.getTime();
    return { drug: name(r), date: r.event_date as Date, type: eventTypeLabel(r.type), upcoming };
  });
  const order = [...first].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([n]) => n);
  const labels = new Map(order.map((n) => [n, wrapLabel(n, defaults.labelChars, 2)]));
  const plotted = rows.map((r) => ({ ...r, label: labels.get(r.drug) ?? r.drug }));
  const types = [
    ...new Set([...Object.keys(defaults.types).map(eventTypeLabel), ...plotted.map((r) => r.type)]),
  ]
    .filter((t) => plotted.some((r) => r.type === t));
  const palette = ["#4e79a7", "#76b7b2", "#edc948", "#b07aa1"];
  const color = {
    domain: types,
    range: types.map((t, i) =>
      Object.entries(defaults.types).find(([k]) => eventTypeLabel(k) === t)?.[1].color ??
        palette[i % palette.length]
    ),
  };
  const upcoming = all.filter((r) => (r.event_date as Date).getTime() >= today.getTime()).length;
  const hidden = nearest.size - keep.size;
  const domain = [...new Set(order.map((n) => labels.get(n) ?? n))];
  const times = plotted.map((r) => r.date.getTime()).concat(today.getTime());
  const pad = Math.max(15 * DAY, (Math.max(...times) - Math.min(...times)) * 0.03);
  return chart({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${upcoming.toLocaleString("en-US")} upcoming and ${
        plural(all.length - upcoming, "past event")
      } around the ${
        ref.fromData ? "data's reference day" : "reference day"
      } ${day}; filled = upcoming, hollow = past`,
    caption: options.caption ??
      `One row per drug, ordered by its first event.${
        hidden > 0
          ? ` ${hidden} more drug${hidden === 1 ? "" : "s"} further from the reference day not shown.`
          : ""
      }${
        ref.fromData
          ? ` Reference day = event date − days to event as served, the day the data counts from.`
          : ""
      }`,
    width: options.width ?? defaults.width,
    height: Math.max(
      140,
      domain.length * rowStep(domain, defaults.rowHeight, 8) + 70,
    ),
    marginLeft: marginFor(domain),
    marginTop: 22,
    x: {
      type: "utc",
      label: "Event date",
      grid: true,
      ticks: Math.round((options.width ?? defaults.width) / 110),
      domain: [new Date(Math.min(...times) - pad), new Date(Math.max(...times) + pad)],
    },
    y: { domain, label: null },
    color: { ...color, legend: true },
    marks: [
      Plot.ruleX([today], { stroke: defaults.today, strokeDasharray: "4,3" }),
      Plot.text([today], {
        x: (d: Date) => d,
        frameAnchor: "top",
        dy: -14,
        text: () => ruleLabel,
        fontSize: 10,
      }),
      // Past events hollow, upcoming filled (two marks: a constant fill is not a colour-scale value).
      Plot.dot(plotted.filter((r) => !r.upcoming), {
        x: "date",
        y: "label",
        stroke: "type",
        fill: "white",
        r: 4.5,
        strokeWidth: 1.6,
      }),
      Plot.dot(plotted.filter((r) => r.upcoming), {
        x: "date",
        y: "label",
        fill: "type",
        stroke: "type",
        r: 4.5,
        strokeWidth: 1.6,
      }),
    ],
  });
}
