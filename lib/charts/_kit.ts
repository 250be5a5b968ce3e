/**
 * Private: shared pieces of the analysis charts — frame checks, number formats, label truncation and
 * margins, greedy label decluttering, and composing several Plot panels into one titled figure.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import type pl from "nodejs-polars";
import type { DomNode } from "./dom.ts";
import { headlessDocument, plotOptions } from "./dom.ts";
import { Chart } from "./render.ts";
import { textWidth } from "./_compose.ts";

/** Options every analysis chart accepts. */
export interface BaseChartOptions {
  /** Heading above the chart. */
  readonly title?: string;
  /** Line under the title. */
  readonly subtitle?: string;
  /** Note under the chart (source, caveats). */
  readonly caption?: string;
  /** Width in pixels. */
  readonly width?: number;
}

/** A row of a frame as a plain object (dates as `Date`). */
export type Row = Record<string, unknown>;

/** Throws a TypeError naming the option, its value and the fix unless `value` is a valid `Date` (or absent). */
export function requireDate(value: unknown, option: string, chartName: string): Date | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  throw new TypeError(
    `${chartName}: options.${option} must be a valid Date, got ${
      value instanceof Date ? "an invalid Date" : JSON.stringify(value) ?? String(value)
    }; ` +
      `pass e.g. new Date("2026-11-21")`,
  );
}

/** Throws a TypeError naming the missing columns, so a wrong frame fails clearly instead of drawing nothing. */
export function requireColumns(df: pl.DataFrame, columns: readonly string[], chartName: string): void {
  if (!Array.isArray((df as { columns?: unknown } | undefined)?.columns)) {
    const frames = df && typeof df === "object"
      ? Object.entries(df).filter(([, v]) => Array.isArray((v as { columns?: unknown })?.columns)).map((
        [k],
      ) => k)
      : [];
    throw new TypeError(
      `${chartName}: expected a DataFrame, got ${df === null ? "null" : typeof df}` +
        (frames.length ? `; pass one of the result's frames (result.${frames.join(", result.")})` : ""),
    );
  }
  const missing = columns.filter((c) => !df.columns.includes(c));
  if (missing.length) {
    throw new TypeError(
      `${chartName}: the frame lacks column(s) ${missing.join(", ")}; pass the analysis frame it documents ` +
        `(has: ${df.columns.join(", ") || "none"})`,
    );
  }
}

/** Rows of a frame as objects. */
export function rowsOf(df: pl.DataFrame): Row[] {
  return df.toRecords() as Row[];
}

/**
 * Breaks a label into lines of at most `maxChars` characters at spaces (a word longer than that stays
 * whole), so a long name is shown in full instead of cut; only past `maxLines` lines is the last cut with
 * an ellipsis. Plot draws `\n` in tick labels and text marks as separate lines.
 */
export function wrapLabel(text: unknown, maxChars = 22, maxLines = 3): string {
  const words = String(text ?? "").trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && [...`${last} ${word}`].length <= maxChars) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  if (lines.length <= maxLines) return lines.join("\n");
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncate(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxChars);
  return kept.join("\n");
}

/**
 * One display case for drug and product names, applied once before grouping: names written wholly in
 * capitals (`FINGOLIMOD HYDROCHLORIDE`, as approvals list them) or wholly in lower case (`lorlatinib`)
 * become Title Case like the brand-cased names beside them (`Fingolimod Hydrochloride`); mixed-case names
 * (`Tagrisso`, `ado-Trastuzumab`) are kept as written, and so are short all-capital tokens such as `HCL`
 * or `NPH` and tokens with digits.
 */
export function displayName(name: unknown): string {
  const s = String(name ?? "").trim().replace(/\s+/g, " ");
  const upper = !/[a-z]/.test(s), lower = !/[A-Z]/.test(s);
  if (!upper && !lower) return s;
  return s.replace(/[\p{L}]+/gu, (w, at: number) => {
    if (/\d/.test(s.slice(Math.max(0, at - 1), at + w.length + 1))) return w;
    if (upper && w.length <= 3 && s[at - 1] !== "-" && s[at + w.length] !== "-") return w;
    return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  });
}

/** The entries of a fixed legend `domain` that occur in `values`, in the domain's order. */
export function presentOnly<T>(domain: readonly T[], values: Iterable<T>): T[] {
  const seen = new Set(values);
  return domain.filter((d) => seen.has(d));
}

/** Cuts a label to `max` characters with an ellipsis. */
export function truncate(text: unknown, max = 28): string {
  const s = String(text ?? "");
  return [...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s;
}

/** The most lines any of `labels` has (`\n`-separated); 1 for none. */
export function maxLines(labels: readonly string[]): number {
  return Math.max(1, ...labels.map((l) => l.split("\n").length));
}

/** Height of one band-scale row that fits the tallest (wrapped) label: `base`, plus `perLine` px per extra line. */
export function rowStep(labels: readonly string[], base: number, perLine = 10): number {
  return base + perLine * (maxLines(labels) - 1);
}

/** Left margin that fits the longest label (its longest line) at Plot's 10 px tick font. */
export function marginFor(labels: readonly string[], min = 40, max = 240): number {
  const widest = Math.max(0, ...labels.flatMap((l) => l.split("\n")).map((l) => textWidth(l, 10)));
  return Math.round(Math.min(max, Math.max(min, widest + 16)));
}

const MINUS = "\u2212";

/** A fraction of 1 as a percentage: `0.35` → `35%`. */
export function pct(v: unknown, digits = 0): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const least = 10 ** -digits;
  if (v > 0 && v * 100 < least / 2) return `<${least}%`;
  return `${(v * 100).toFixed(digits).replace("-", MINUS)}%`;
}

/** A fraction of 1 as a signed percentage: `0.35` → `+35%`, `-0.1` → `−10%`. */
export function signedPct(v: unknown, digits = 0): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const s = pct(v, digits);
  return v > 0 ? `+${s}` : s;
}

/** A count or amount with k/M/B suffixes: `1234567` → `1.2M`. */
export function compact(v: unknown): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const a = Math.abs(v);
  const [d, s] = a >= 1e9 ? [1e9, "B"] : a >= 1e6 ? [1e6, "M"] : a >= 1e3 ? [1e3, "k"] : [1, ""];
  const x = v / d;
  const text = s === "" ? String(Math.round(x)) : `${+x.toFixed(Math.abs(x) < 10 ? 1 : 0)}${s}`;
  return text.replace("-", MINUS);
}

/** A US dollar amount with suffixes: `1234567` → `$1.2M`. */
export function usd(v: unknown): string {
  const c = compact(v);
  return c.startsWith(MINUS) ? `${MINUS}$${c.slice(1)}` : c ? `$${c}` : "";
}

/** `PHASE1/PHASE2` → `Phase 1/2`, `EARLY_PHASE1` → `Early phase 1`, `NA` → `Not applicable`. */
export function phaseLabel(phase: string): string {
  const nums = [...phase.matchAll(/PHASE\s*_?(\d)/gi)].map((m) => m[1]);
  if (!nums.length && /^N\/?A$|not applicable/i.test(phase)) return "Not applicable";
  if (!nums.length) return phase;
  return `${/^EARLY/i.test(phase) ? "Early phase" : "Phase"} ${nums.join("/")}`;
}

/** Sort key of a phase label: Early phase 1 → 0.5, Phase 1/2 → 1.5, Phase 3 → 3, anything else → 9. */
export function phaseRank(label: string): number {
  const nums = [...label.matchAll(/\d/g)].map((m) => Number(m[0]));
  if (!nums.length) return 9;
  const mean = nums.reduce((x, y) => x + y, 0) / nums.length;
  return /^Early/i.test(label) ? mean - 0.5 : mean;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The still-partial current year of yearly data: years from `asOf`'s year on are incomplete, so charts
 * draw them lighter, star their label (`2026*`) and say so in the caption (`note`).
 */
export function partialYears(asOf: Date = new Date()): {
  from: number;
  is: (year: unknown) => boolean;
  note: (years: Iterable<unknown>) => string;
} {
  const from = asOf.getUTCFullYear();
  const is = (year: unknown) => year != null && Number(year) >= from;
  const note = (years: Iterable<unknown>) =>
    [...years].some(is)
      ? ` * ${from}: partial year (as of ${asOf.getUTCDate()} ${
        MONTHS[asOf.getUTCMonth()]
      } ${from}), drawn lighter.`
      : "";
  return { from, is, note };
}

/** Whole years on an axis: `2024`, not `2,024`. */
export const yearFormat = (v: unknown): string => String(v);

/** A label candidate in pixel space, by priority (lower is placed first). */
export interface LabelCandidate {
  /** Anchor x in pixels. */
  readonly x: number;
  /** Anchor y in pixels. */
  readonly y: number;
  /** The text. */
  readonly text: string;
  /** Radius of the mark at the anchor; labels keep this far away. @default {0} */
  readonly r?: number;
}

/**
 * Greedy label placement: tries right, left, above and below each anchor (clear of its mark's radius),
 * keeps the first spot that overlaps no placed label, no other mark and stays inside `bounds`; a label
 * with no free spot is dropped.
 */
export function declutter(
  candidates: readonly LabelCandidate[],
  bounds: { left?: number; top?: number; width: number; height: number },
  size = 10,
): { index: number; dx: number; dy: number; anchor: "start" | "end" | "middle" }[] {
  // Every mark is an obstacle too, so a label never covers another target's dot.
  const boxes: [number, number, number, number][] = candidates.map((c) => {
    const r = c.r ?? 0;
    return [c.x - r, c.y - r, 2 * r, 2 * r];
  });
  const placed: { index: number; dx: number; dy: number; anchor: "start" | "end" | "middle" }[] = [];
  const h = size * 1.2;
  candidates.forEach((c, index) => {
    const w = textWidth(c.text, size);
    const g = Math.round((c.r ?? 0) + 5);
    const v = Math.round((c.r ?? 0) + h / 2 + 2);
    const spots = [
      { dx: g, dy: 0, anchor: "start" as const, box: [c.x + g, c.y - h / 2, w, h] },
      { dx: -g, dy: 0, anchor: "end" as const, box: [c.x - g - w, c.y - h / 2, w, h] },
      { dx: 0, dy: -v, anchor: "middle" as const, box: [c.x - w / 2, c.y - v - h / 2, w, h] },
      { dx: 0, dy: v, anchor: "middle" as const, box: [c.x - w / 2, c.y + v - h / 2, w, h] },
    ];
    for (const s of spots) {
      const [x, y, bw, bh] = s.box;
      if (x < (bounds.left ?? 0) || y < (bounds.top ?? 0)) continue;
      if (x + bw > bounds.width || y + bh > bounds.height) continue;
      if (boxes.some(([ox, oy, ow, oh]) => x < ox + ow && ox < x + bw && y < oy + oh && oy < y + bh)) {
        continue;
      }
      boxes.push([x, y, bw, bh]);
      placed.push({ index, dx: s.dx, dy: s.dy, anchor: s.anchor });
      return;
    }
  });
  return placed;
}

/** Up to three legend values for a size scale with domain `[0, max]`: about 10%, 40% and 100% of `max`, rounded. */
export function sizeLegendValues(max: number): number[] {
  if (!(max > 0)) return [];
  const round = (v: number) => {
    const p = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
    return Math.max(1, Math.round(v / p) * p);
  };
  return [...new Set([0.1, 0.4, 1].map((f) => round(max * f)))].filter((v) => v <= max || v === round(max));
}

/**
 * A size legend as an SVG panel: `label`, then one hollow circle per value with its number, drawn with the
 * chart's sqrt radius scale (domain `[0, max]`, `range` in pixels) so sizes match the chart's dots.
 */
export function sizeLegend(
  options: { label: string; max: number; range: readonly [number, number]; color?: string },
): DomNode {
  const [r0, r1] = options.range;
  const radius = (v: number) => r0 + (r1 - r0) * Math.sqrt(v / options.max);
  const indent = 14; // as the colour legends above it
  let x = indent + textWidth(options.label, 10) + 12;
  const items = sizeLegendValues(options.max).map((v) => {
    const r = radius(v);
    const item = { v, r, cx: x + r, tx: x + 2 * r + 4, text: compact(v) };
    x = item.tx + textWidth(item.text, 10) + 14;
    return item;
  });
  const height = 2 * r1 + 8;
  const color = options.color ?? "#4e79a7";
  return Plot.plot(plotOptions({
    width: Math.ceil(x),
    height,
    margin: 0,
    x: { domain: [0, Math.ceil(x)], range: [0, Math.ceil(x)], axis: null },
    y: { domain: [0, 1], axis: null },
    r: { type: "identity" as const },
    marks: [
      Plot.text([options.label], { x: () => indent, y: () => 0.5, textAnchor: "start", fontSize: 10 }),
      Plot.dot(items, {
        x: "cx",
        y: () => 0.5,
        r: "r",
        fill: color,
        fillOpacity: 0.35,
        stroke: color,
      }),
      Plot.text(items, { x: "tx", y: () => 0.5, text: "text", textAnchor: "start", fontSize: 10 }),
    ],
  })) as unknown as DomNode;
}

interface MutableNode extends DomNode {
  setAttribute(name: string, value: string): void;
  appendChild(child: unknown): unknown;
  textContent: string | null;
}

const doc = headlessDocument as unknown as {
  createElement(tag: string): MutableNode;
  createElementNS(ns: string, tag: string): MutableNode;
};

const num = (n: DomNode, attr: string): number => Number.parseFloat(n.getAttribute?.(attr) ?? "") || 0;

/** Places Plot `<svg>` panels in a grid inside one `<svg>` element. */
export function grid(panels: readonly DomNode[], columns: number, gap = 16): DomNode {
  const outer = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
  const cols = Math.max(1, Math.min(columns, panels.length));
  const widths = Array.from(
    { length: cols },
    (_, c) => Math.max(0, ...panels.filter((_, i) => i % cols === c).map((p) => num(p, "width"))),
  );
  let y = 0, width = 0;
  for (let r = 0; r * cols < panels.length; r++) {
    const row = panels.slice(r * cols, r * cols + cols);
    let x = 0;
    row.forEach((p, c) => {
      (p as MutableNode).setAttribute("x", String(x));
      (p as MutableNode).setAttribute("y", String(y));
      outer.appendChild(p);
      x += widths[c] + gap;
    });
    width = Math.max(width, x - gap);
    y += Math.max(...row.map((p) => num(p, "height"))) + gap;
  }
  outer.setAttribute("width", String(width));
  outer.setAttribute("height", String(Math.max(0, y - gap)));
  outer.setAttribute("viewBox", `0 0 ${width} ${Math.max(0, y - gap)}`);
  return outer;
}

/** A line of text between the parts of a {@linkcode figure} (a `<p>`; drawn as text in the SVG and PNG). */
export function note(text: string): DomNode {
  const p = doc.createElement("p");
  p.textContent = text;
  return p;
}

/** One titled figure from several parts (Plot panels, legends, grids), rendered as one chart. */
export function figure(
  options: Pick<BaseChartOptions, "title" | "subtitle" | "caption">,
  parts: readonly DomNode[],
): Chart {
  const fig = doc.createElement("figure");
  const text = (tag: string, value: string | undefined): void => {
    if (!value) return;
    const el = doc.createElement(tag);
    el.textContent = value;
    fig.appendChild(el);
  };
  text("h2", options.title);
  text("h3", options.subtitle);
  for (const p of parts) fig.appendChild(p);
  text("figcaption", options.caption);
  return new Chart(fig);
}
