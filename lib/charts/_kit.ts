/**
 * Private: shared pieces of the analysis charts — frame checks, number formats, partial years, and
 * composing several Plot panels into one titled figure. The label helpers (wrapping, display case,
 * margins) live in `_labels.ts` and are re-exported here; the size legend is `_size_legend.ts`; scatter
 * label placement is `_declutter.ts`.
 *
 * @module
 */
import type pl from "nodejs-polars";
import type { DomNode } from "./dom.ts";
import { headlessDocument } from "./dom.ts";
import { Chart } from "./render.ts";
import { VALUE_LABELS } from "../frames/value_labels.ts";

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
  /**
   * The sentence shown instead of the chart when it has nothing to draw ({@linkcode Chart.empty}): what
   * was asked, that nothing matched, and what would widen it. @default {a sentence of the chart's own}
   */
  readonly empty?: string;
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

export { displayName, marginFor, maxLines, rowStep, truncate, wrapLabel } from "./_labels.ts";

/** The entries of a fixed legend `domain` that occur in `values`, in the domain's order. */
export function presentOnly<T>(domain: readonly T[], values: Iterable<T>): T[] {
  const seen = new Set(values);
  return domain.filter((d) => seen.has(d));
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

/**
 * `PHASE1/PHASE2` → `Phase 1/2`, `EARLY_PHASE1` → `Early phase 1`, `NA` → `Not applicable`: the stored
 * phases from `lib/frames/value_labels.ts`, loose forms (`Phase2`, `phase 3`) read the same way.
 */
export function phaseLabel(phase: string): string {
  const stored = VALUE_LABELS.phase[phase];
  if (stored) return stored;
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

/**
 * The chart of a result with nothing to draw: no axes, no legend — its title and one sentence
 * ({@linkcode Chart.empty}), so a reader never gets an empty plot.
 *
 * @param options The chart's title and width.
 * @param sentence What was asked, that nothing matched, and what would widen it.
 */
export function emptyChart(options: Pick<BaseChartOptions, "title" | "width">, sentence: string): Chart {
  const fig = doc.createElement("figure");
  const text = (tag: string, value: string | undefined): void => {
    if (!value) return;
    const el = doc.createElement(tag);
    el.textContent = value;
    fig.appendChild(el);
  };
  text("h2", options.title);
  text("h3", sentence);
  // A zero-height panel gives the picture the chart's width, so the sentence wraps as the chart would.
  const spacer = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
  spacer.setAttribute("width", String(options.width ?? 640));
  spacer.setAttribute("height", "0");
  fig.appendChild(spacer);
  return new Chart(fig, sentence);
}

/** A d3-style "nice" step for about `count` ticks over `span`: 1, 2 or 5 times a power of ten. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const e = raw / power;
  return power * (e >= Math.SQRT2 * 5 ? 10 : e >= Math.sqrt(10) ? 5 : e >= Math.SQRT2 ? 2 : 1);
}

/**
 * Ticks whose labels never repeat: pass as an axis's `ticks` (a Plot interval). Over the axis's domain
 * it takes the nice ticks of about `count` (fewer when needed) whose labels by `format` are all
 * distinct, so an axis never reads "$1 $1 $1 $0 $0" (a tiny domain under a rounding format).
 *
 * @param format The axis's tick format.
 * @param count About how many ticks. @default {8}
 * @param whole Ticks on whole numbers only (counts: no unlabelled tick between 1 and 2). @default {false}
 * @returns A Plot interval (`floor`, `offset`, `range`) for the axis's `ticks` option.
 */
export function distinctTicks(format: (v: number) => string, count = 8, whole = false): {
  floor: (x: number) => number;
  offset: (x: number) => number;
  range: (lo: number, hi: number) => number[];
} {
  const ticks = (lo: number, hi: number, n: number): number[] => {
    if (!(hi > lo)) return [lo];
    const step = whole ? Math.max(1, niceStep(hi - lo, n)) : niceStep(hi - lo, n);
    const out: number[] = [];
    for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) {
      out.push(Number((k * step).toPrecision(12)));
    }
    return out;
  };
  return {
    floor: (x) => x,
    offset: (x) => x,
    range: (lo, hi) => {
      const [a, b] = lo <= hi ? [lo, hi] : [hi, lo];
      for (let n = Math.max(1, Math.round(count)); n >= 1; n--) {
        const t = ticks(a, b, n);
        const labels = t.map(format).filter((l) => l !== "");
        if (new Set(labels).size === labels.length) return t;
      }
      return [a];
    },
  };
}

/** Whole-number ticks for a count axis (`0 1 2`, never a bare tick at 0.2), labelled with separators. */
export const countTicks = (count = 8): ReturnType<typeof distinctTicks> =>
  distinctTicks((v) => v.toLocaleString("en-US"), count, true);
