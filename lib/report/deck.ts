/**
 * The report as a slide deck (`report.pptx`, 16:9) to present to a committee: a title slide (the question,
 * the data and its reference day, the date), one or more slides per section — its headline sentence as the
 * title, the chart, then the key table — and closing slides with the definitions and sources.
 *
 * Made for the back of a room: no text under 12 pt; a table too long or too wide for a slide goes on as
 * many slides as it needs, never shrunk. Editable where PowerPoint can edit: bar, stacked-bar and line
 * charts are native charts carrying their data (`deck_charts.ts`; restyle or re-sort them in PowerPoint),
 * other charts the PNGs the report renders; tables are native tables of the page's formatted cells (money,
 * percentages, dates, labels). An empty section is its sentence, never empty axes; a deck of synthetic data
 * says so on every slide. Written with pptxgenjs 4.0.1 (no hand-written OOXML), in memory: no file or
 * network access of its own.
 *
 * @module
 */
import pptxgenjs from "pptxgenjs";
import { Buffer } from "node:buffer";
import { toPng } from "../charts/render.ts";
import { type ReaderCells, readerCells, warningText } from "../charts/display.ts";
import { plural } from "../frames/semantics.ts";
import type { Report, ReportChart, ReportSection, ReportTable } from "./html.ts";
import { type NativeChart, nativeCharts } from "./deck_charts.ts";

/** One line of the question on the title slide: `Sponsors: Pfizer, Merck & Co`. */
export interface DeckQuestionLine {
  /** What (`Sponsors`, `Condition`). */
  readonly label: string;
  /** The value as asked, resolved. */
  readonly value: string;
}

/** What the deck says besides the report. */
export interface DeckOptions {
  /** The question, a line each (sponsors, condition, drugs…). @default {the report's subtitle} */
  readonly question?: readonly DeckQuestionLine[];
  /** The day the data runs to (the sandbox's or the store's `today`), said on the title slide. */
  readonly asOf?: Date;
  /** Each table's CSV file written beside the deck, named under a table that is cut. */
  readonly csv?: ReadonlyMap<ReportTable, string>;
  /** The workbook's file name, when one is written beside the deck. */
  readonly xlsx?: string;
  /** PNGs already rendered (by {@linkcode writeReport}), so no chart is rendered twice. */
  readonly pngs?: ReadonlyMap<ReportChart, Uint8Array>;
}

/** What a slide of the deck shows (see {@linkcode deckOutline}). */
export interface DeckSlide {
  /**
   * `title`; `section` (the headline and the first chart, or the section's title and its headline as a
   * list when the headline is too long for a title); `summary` (more of that list); `chart`; `table`;
   * `closing`.
   */
  readonly kind: "title" | "section" | "summary" | "chart" | "table" | "closing";
  /** Index of the section in `report.sections` (section, chart and table slides). */
  readonly section?: number;
  /** The slide's title as shown. */
  readonly title: string;
}

// Geometry of a 16:9 slide (inches) and the type scale (points).
const W = 13.333, H = 7.5, X = 0.5, CW = W - 2 * X;
const FOOTER_Y = H - 0.42, CONTENT_BOTTOM = FOOTER_Y - 0.08;
const MIN_PT = 12, BODY_PT = 14;
/** Table text: the largest size at which the table fits one slide, else the smallest, over more slides. */
const TABLE_PTS = [18, 16, 14] as const;
const FONT = "Arial";
const INK = "222222", MUTED = "555555", ACCENT = "4E79A7", RULE = "DDDDDD";
const WARN_FILL = "FFF3CD", WARN_INK = "664D03", WARN_LINE = "E0A800";
/**
 * Advance of a character in ems by its kind (capitals, digits, lower case, space, other), regular and bold.
 * Errs wide: text must fit where Arial is replaced by the wider DejaVu Sans (LibreOffice without the
 * Liberation fonts).
 */
const ADVANCE = {
  upper: [0.74, 0.84],
  digit: [0.64, 0.72],
  lower: [0.6, 0.7],
  space: [0.32, 0.35],
  other: [0.5, 0.6],
};

/** Width of a text on one line, in inches. */
function textWidth(text: string, pt: number, bold = false): number {
  let ems = 0;
  for (const ch of text) {
    const kind = /[A-Z]/.test(ch)
      ? "upper"
      : /\d/.test(ch)
      ? "digit"
      : /[a-z]/.test(ch)
      ? "lower"
      : ch === " "
      ? "space"
      : "other";
    ems += ADVANCE[kind][bold ? 1 : 0];
  }
  return (ems * pt) / 72;
}

/** Lines a text takes in a box `width` inches wide at `pt` points (word wrap; long words broken). */
function lineCount(text: string, width: number, pt: number, bold = false): number {
  const space = textWidth(" ", pt, bold);
  let n = 0;
  for (const para of text.split("\n")) {
    let line = 0;
    n++;
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const w = textWidth(word, pt, bold);
      if (line === 0) line = w;
      else if (line + space + w <= width) line += space + w;
      else {
        n++;
        line = w;
      }
      while (line > width) {
        n++;
        line -= width;
      }
    }
  }
  return n;
}
const lineHeight = (pt: number): number => (pt * 1.2) / 72;
/** Height of a text box (insets 0.05 in top and bottom, 0.1 in at the sides). */
const boxHeight = (text: string, width: number, pt: number, bold = false): number =>
  lineCount(text, width - 0.2, pt, bold) * lineHeight(pt) + 0.12;

/** The largest size of `sizes` at which the text takes at most `maxLines` lines; else the smallest. */
function fitSize(
  text: string,
  width: number,
  sizes: readonly number[],
  maxLines: number,
  bold = true,
): number {
  return sizes.find((pt) => lineCount(text, width - 0.2, pt, bold) <= maxLines) ?? sizes[sizes.length - 1];
}

const day = (d: Date): string =>
  d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** Text of a child element of the chart's figure (`h2` title, `h3` subtitle, `figcaption`). */
function figureText(c: ReportChart, tag: string): string {
  const kids = Array.from(c.chart.element.childNodes ?? []);
  return (kids.find((n) => n.tagName?.toLowerCase() === tag)?.textContent ?? "").trim();
}

/** PNG width and height in pixels (IHDR). */
function pngSize(png: Uint8Array): { w: number; h: number } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { w: v.getUint32(16), h: v.getUint32(20) };
}

type Visual =
  | { readonly kind: "native"; readonly chart: NativeChart }
  | { readonly kind: "png"; readonly chart: ReportChart; readonly title: string }
  | { readonly kind: "empty"; readonly sentence: string; readonly title: string };

/** Each chart of a section as it goes on slides: native panels, its PNG, or its sentence. */
function visuals(s: ReportSection): Visual[] {
  return (s.charts ?? []).flatMap((c): Visual[] => {
    if (c.chart.empty !== undefined) {
      return [{ kind: "empty", sentence: c.chart.empty, title: c.chart.title() || s.title }];
    }
    const native = nativeCharts(c);
    if (native) return native.map((chart) => ({ kind: "native", chart }));
    return [{ kind: "png", chart: c, title: c.chart.title() || s.title }];
  });
}

/** The section's key table: its first table with rows (an empty table is said by the chart's sentence). */
function keyTable(s: ReportSection): ReportTable | undefined {
  return (s.tables ?? []).find((t) => t.frame.height > 0);
}

interface TablePage {
  readonly headers: readonly string[];
  readonly numeric: readonly boolean[];
  readonly rows: readonly (readonly string[])[];
  readonly widths: readonly number[];
  readonly first: number;
  readonly shown: number;
  readonly group: number;
  readonly groups: number;
  readonly pt: number;
  /** Its height, as measured here (conservatively: the application sizes the rows to their text). */
  readonly height: number;
}

/** Widths of a table's columns at `pt` (natural: on one line; least: the longest word) and its column parts. */
function columnLayout(
  cells: ReaderCells,
  pt: number,
): { natural: number[]; least: number[]; groups: number[][] } {
  const n = cells.headers.length;
  // A column's natural width holds its longest text on one line; its least, its longest word (a header
  // of several words, or a long name, may wrap).
  const longestWord = (s: string, bold = false) =>
    Math.max(0, ...s.split(/\s+/).map((w) => textWidth(w, pt, bold)));
  const natural = cells.headers.map((h, i) =>
    Math.max(textWidth(h, pt, true), ...cells.rows.map((r) => textWidth(r[i], pt))) + 0.3
  );
  const least = cells.headers.map((h, i) =>
    Math.min(
      natural[i],
      Math.max(0.9, longestWord(h, true) + 0.3, ...cells.rows.map((r) => longestWord(r[i]) + 0.3)),
    )
  );
  // Column groups that fit the slide's width, as even as they can be; the first (naming) column repeats.
  const split = (cap: number): number[][] => {
    const out: number[][] = [];
    let current: number[] = [];
    for (let i = 0; i < n; i++) {
      const sum = current.reduce((a, j) => a + least[j], 0);
      if (current.length && sum + least[i] > cap && current.some((j) => j !== 0)) {
        out.push(current);
        current = cells.numeric[0] ? [] : [0];
      }
      current.push(i);
    }
    if (current.length) out.push(current);
    return out;
  };
  let groups = split(CW);
  if (groups.length > 1) {
    const k = groups.length;
    const total = least.reduce((a, b) => a + b, 0) + (cells.numeric[0] ? 0 : (k - 1) * least[0]);
    for (let cap = total / k; cap < CW; cap += 0.1) {
      const even = split(cap);
      if (even.length <= k) {
        groups = even;
        break;
      }
    }
  }
  return { natural, least, groups };
}

/** A table turned: the first column's values (or "Value") as headers, a row per other column. */
function transpose(c: ReaderCells): ReaderCells {
  const named = !c.numeric[0];
  const from = named ? 1 : 0;
  return {
    headers: [
      named ? c.headers[0] : "Measure",
      ...c.rows.map((r, k) => (named ? r[0] : c.rows.length === 1 ? "Value" : `Row ${k + 1}`)),
    ],
    numeric: [false, ...c.rows.map(() => false)],
    rows: c.headers.slice(from).map((h, j) => [h, ...c.rows.map((r) => r[j + from])]),
  };
}

/** The table's shown rows and columns (as the page shows them), cut into pages that fit a slide at 14 pt. */
function tablePages(t: ReportTable, height: number, pt: number): TablePage[] {
  const shown = Math.min(t.rows ?? 15, t.frame.height);
  const frame = t.columns ? t.frame.select(...t.columns) : t.frame;
  const read = readerCells(frame, shown, 120);
  let cells: ReaderCells = read;
  let { natural, least, groups } = columnLayout(cells, pt);
  // A wide table of a few rows reads better turned: a row per column, a column per row.
  if (groups.length > 1 && read.rows.length <= 4) {
    const turned = transpose(read);
    const layout = columnLayout(turned, pt);
    if (layout.groups.length === 1) ({ cells, natural, least, groups } = { cells: turned, ...layout });
  }
  const pages: TablePage[] = [];
  groups.forEach((cols, g) => {
    const nat = cols.map((i) => natural[i]), min = cols.map((i) => least[i]);
    const sumNat = nat.reduce((a, b) => a + b, 0), sumMin = min.reduce((a, b) => a + b, 0);
    const widths = sumNat <= CW
      ? nat
      : min.map((m, k) => m + (CW - sumMin) * ((nat[k] - m) / Math.max(1e-9, sumNat - sumMin)));
    const rowH = (texts: readonly string[], bold: boolean) =>
      Math.max(...texts.map((s, k) => lineCount(s || " ", widths[k] - 0.2, pt, bold))) *
        lineHeight(pt) + 0.12;
    const headerH = rowH(cols.map((i) => cells.headers[i]), true);
    const rows = cells.rows.map((r) => cols.map((i) => r[i]));
    // Pages as even as they can be: as many as the rows need, each with about as many rows.
    const paginate = (most: number): number[] => {
      const starts: number[] = [];
      let start = 0;
      while (start < rows.length) {
        starts.push(start);
        let used = headerH, end = start;
        while (
          end < rows.length && end - start < most &&
          (end === start || used + rowH(rows[end], false) <= height)
        ) {
          used += rowH(rows[end], false);
          end++;
        }
        start = end;
      }
      return starts.length ? starts : [0];
    };
    const greedy = paginate(Infinity);
    let starts = greedy;
    for (let most = Math.ceil(rows.length / greedy.length); most < rows.length; most++) {
      const even = paginate(most);
      if (even.length <= greedy.length) {
        starts = even;
        break;
      }
    }
    starts.forEach((start, k) => {
      const end = starts[k + 1] ?? rows.length;
      pages.push({
        headers: cols.map((i) => cells.headers[i]),
        numeric: cols.map((i) => cells.numeric[i]),
        rows: rows.slice(start, end),
        widths,
        first: start,
        shown,
        group: g,
        groups: groups.length,
        pt,
        height: headerH + rows.slice(start, end).reduce((a, r) => a + rowH(r, false), 0),
      });
    });
  });
  return pages;
}

// The package's types are read as CommonJS (the module as its default export); at run time (its ES build)
// the default export is the class.
const Pptx = pptxgenjs as unknown as typeof pptxgenjs.default;
type PptxGenJS = InstanceType<typeof Pptx>;

interface Ctx {
  readonly pptx: PptxGenJS;
  readonly report: Report;
  readonly options: DeckOptions;
  readonly footer: string;
}

type Slide = ReturnType<PptxGenJS["addSlide"]>;

interface PlannedSlide extends DeckSlide {
  draw(slide: Slide, ctx: Ctx): void;
}

function text(slide: Slide, value: string, o: Record<string, unknown>): void {
  slide.addText(value, { fontFace: FONT, color: INK, valign: "top", margin: [3.5, 7, 3.5, 7], ...o });
}

/** Section title above the slide's title, then the title; returns where the content starts. */
function header(slide: Slide, kicker: string, title: string): number {
  text(slide, kicker, { x: X, y: 0.28, w: CW, h: 0.34, fontSize: BODY_PT, bold: true, color: ACCENT });
  const { pt, h } = titleLayout(title);
  text(slide, title, { x: X, y: 0.62, w: CW, h, fontSize: pt, bold: true });
  slide.addShape("line", { x: X, y: 0.66 + h, w: CW, h: 0, line: { color: ACCENT, width: 1.5 } });
  return 0.66 + h + 0.12;
}

/** A title's size and height: 28-20 pt on up to two lines, else 20-18 pt on up to four (a headline). */
function titleLayout(title: string): { pt: number; h: number } {
  const pt = lineCount(title, CW - 0.2, 20, true) <= 2
    ? fitSize(title, CW, [28, 26, 24, 22, 20], 2)
    : fitSize(title, CW, [20, 18], 4);
  return { pt, h: boxHeight(title, CW, pt, true) };
}

/** Where the content starts under a title. */
const contentTop = (title: string): number => 0.66 + titleLayout(title).h + 0.12;

/** True when a headline is too long for a title (more than four lines at 18 pt): it is then a slide's text. */
const tooLong = (headline: string): boolean => lineCount(headline, CW - 0.2, 18, true) > 4;

/** Warnings as a footnote above the footer (at most three lines; the rest counted); returns its top. */
function footnote(slide: Slide, warnings: readonly string[]): number {
  if (!warnings.length) return CONTENT_BOTTOM;
  const body = footnoteText(warnings);
  const h = boxHeight(body, CW, MIN_PT);
  const y = CONTENT_BOTTOM - h;
  text(slide, body, {
    x: X,
    y,
    w: CW,
    h,
    fontSize: MIN_PT,
    color: WARN_INK,
    fill: { color: WARN_FILL },
    line: { color: WARN_LINE, width: 0.75 },
  });
  return y - 0.08;
}

/** The room the warnings' footnote takes above the footer. */
const footnoteHeight = (warnings: readonly string[]): number =>
  warnings.length ? boxHeight(footnoteText(warnings), CW, MIN_PT) + 0.08 : 0;

/** The warnings in up to three lines at 12 pt; those left out are counted. */
function footnoteText(warnings: readonly string[]): string {
  const shown: string[] = [];
  for (const w of warnings) {
    const next = [...shown, `⚠ ${w}`];
    const rest = warnings.length - next.length;
    const body = next.join("   ") + (rest ? `   (+${plural(rest, "more warning")} in the notes)` : "");
    if (shown.length && lineCount(body, CW - 0.2, MIN_PT) > 3) break;
    shown.push(`⚠ ${w}`);
  }
  const rest = warnings.length - shown.length;
  return shown.join("   ") + (rest ? `   (+${plural(rest, "more warning")} in the notes)` : "");
}

/** The footer: synthetic data said first; the source cut to keep one line (the title slide has it whole). */
function footerText(report: Report, options: DeckOptions): string {
  const when = `${options.asOf ? ` · as of ${day(options.asOf)}` : ""} · generated ${
    day(report.generatedAt)
  }`;
  const lead = report.synthetic ? "Synthetic sandbox data, not real records" : "Data: ";
  let source = report.synthetic ? "" : report.source;
  const fits = () => lineCount(lead + source + when, CW - 1.4, MIN_PT) <= 1;
  while (source.length > 12 && !fits()) source = `${source.slice(0, -2).trimEnd()}…`.replace(/……$/, "…");
  return lead + source + when;
}

function drawFooter(slide: Slide, ctx: Ctx, page: number, total: number): void {
  const synthetic = ctx.report.synthetic;
  text(slide, ctx.footer, {
    x: X,
    y: FOOTER_Y,
    w: CW - 1.2,
    h: 0.34,
    fontSize: MIN_PT,
    color: synthetic ? WARN_INK : MUTED,
    bold: synthetic,
  });
  text(slide, `${page} / ${total}`, {
    x: W - X - 1.2,
    y: FOOTER_Y,
    w: 1.2,
    h: 0.34,
    fontSize: MIN_PT,
    color: MUTED,
    align: "right",
  });
}

const hex = (c: string): string => c.replace(/^#/, "").toUpperCase();

function drawNative(slide: Slide, ctx: Ctx, c: NativeChart, box: Box): void {
  const many = c.categories.length;
  // Category labels at 14 pt need room: on a long axis, every k-th label (the data keep every category).
  const labelRoom = c.horizontal ? box.h / lineHeight(BODY_PT) : box.w /
    (Math.max(textWidth("0000", BODY_PT), ...c.categories.map((x) => textWidth(x, BODY_PT))) + 0.15);
  const every = Math.max(1, Math.ceil(many / Math.max(1, Math.floor(labelRoom))));
  const type = c.kind === "line" ? ctx.pptx.ChartType.line : ctx.pptx.ChartType.bar;
  slide.addChart(
    type,
    c.series.map((s) => ({ name: s.name, labels: [...c.categories], values: [...s.values] })),
    {
      x: box.x,
      y: box.y,
      w: box.w,
      h: box.h,
      ...(c.kind === "bar"
        ? {
          barDir: c.horizontal ? "bar" : "col",
          barGrouping: c.stacked ? "stacked" : "clustered",
          barGapWidthPct: c.horizontal ? 40 : 25,
          ...(c.stacked ? { overlap: 100 } : {}),
        }
        : { lineSize: 2, lineDataSymbol: "circle", lineDataSymbolSize: 6 }),
      chartColors: c.series.map((s) => hex(s.color)),
      showLegend: c.series.length > 1,
      legendPos: "t",
      legendFontSize: BODY_PT,
      legendFontFace: FONT,
      // Many bars side by side: their labels at the smallest size, so each bar keeps its label.
      catAxisLabelFontSize: c.horizontal && many > 12 ? MIN_PT : BODY_PT,
      catAxisLabelFontFace: FONT,
      catAxisLabelColor: INK,
      catAxisLabelFrequency: String(every),
      ...(c.horizontal ? { catAxisOrientation: "maxMin", valAxisLabelPos: "low" } : {}),
      valAxisLabelFontSize: BODY_PT,
      valAxisLabelFormatCode: c.valueFormat ?? "#,##0",
      valAxisLabelFontFace: FONT,
      valAxisLabelColor: INK,
      showValAxisTitle: true,
      valAxisTitle: c.valueTitle,
      valAxisTitleFontSize: BODY_PT,
      valAxisTitleColor: MUTED,
      valGridLine: { color: "E5E5E5", size: 0.75 },
      catGridLine: { style: "none" },
      displayBlanksAs: "gap",
    } as Record<string, unknown>,
  );
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

function drawVisual(slide: Slide, ctx: Ctx, v: Visual, box: Box): void {
  if (v.kind === "native") return drawNative(slide, ctx, v.chart, box);
  if (v.kind === "empty") {
    const h = Math.min(box.h, boxHeight(v.sentence, box.w - 0.4, 20) + 0.3);
    text(slide, v.sentence, {
      x: box.x,
      y: box.y + 0.2,
      w: box.w,
      h,
      fontSize: 20,
      color: "444444",
      valign: "middle",
      margin: [10, 14, 10, 14],
      line: { color: "BBBBBB", width: 1, dashType: "dash" },
    });
    return;
  }
  const png = ctx.options.pngs?.get(v.chart) ?? toPng(v.chart.chart);
  const { w, h } = pngSize(png);
  const scale = Math.min(box.w / w, box.h / h);
  slide.addImage({
    data: `image/png;base64,${Buffer.from(png).toString("base64")}`,
    x: box.x + (box.w - w * scale) / 2,
    y: box.y,
    w: w * scale,
    h: h * scale,
    altText: v.title,
  });
}

function drawTable(slide: Slide, t: ReportTable, page: TablePage, top: number, bottom: number, ctx: Ctx) {
  const border = { type: "solid" as const, color: RULE, pt: 0.75 };
  const head = page.headers.map((h, k) => ({
    text: h,
    options: {
      bold: true,
      fill: { color: "EEF2F7" },
      align: (page.numeric[k] ? "right" : "left") as "right" | "left",
      border,
    },
  }));
  const body = page.rows.map((r) =>
    r.map((cell, k) => ({
      text: cell,
      options: { align: (page.numeric[k] ? "right" : "left") as "right" | "left", border },
    }))
  );
  slide.addTable([head, ...body], {
    x: X,
    y: top,
    w: page.widths.reduce((a, b) => a + b, 0),
    colW: [...page.widths],
    fontFace: FONT,
    fontSize: page.pt,
    color: INK,
    valign: "top",
  });
  const csv = ctx.options.csv?.get(t);
  const cut = t.frame.height > page.shown;
  const note = cut
    ? `The first ${page.shown.toLocaleString("en-US")} of ${
      plural(t.frame.height, "row")
    }, as on the page; ` +
      `all rows in ${csv ?? (ctx.options.xlsx ? ctx.options.xlsx : "the report's CSV files")}.`
    : csv
    ? `As CSV: ${csv}${ctx.options.xlsx ? `; in the workbook ${ctx.options.xlsx}` : ""}.`
    : "";
  if (note) {
    text(slide, note, { x: X, y: bottom - 0.36, w: CW, h: 0.36, fontSize: MIN_PT, color: MUTED });
  }
}

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** The slides of a section: headline with the first chart, one per further chart, then the key table. */
function sectionSlides(s: ReportSection, i: number): PlannedSlide[] {
  const warnings = uniq((s.warnings ?? []).map(warningText));
  const headline = s.summary || s.title;
  if (s.error) {
    return [{
      kind: "section",
      section: i,
      title: headline,
      draw(slide) {
        const top = header(slide, s.title, "This analysis failed");
        text(slide, s.error!, {
          x: X,
          y: top,
          w: CW,
          h: boxHeight(s.error!, CW, 18),
          fontSize: 18,
          color: "842029",
        });
      },
    }];
  }
  const vs = visuals(s);
  const bottom = CONTENT_BOTTOM - footnoteHeight(warnings);
  const out: PlannedSlide[] = [];
  /** A visual in a box, under its own heading when it is a native chart not titled by the slide. */
  const place = (slide: Slide, ctx: Ctx, v: Visual, top: number, title: string) => {
    if (v.kind === "native" && v.chart.title !== title) {
      const h = boxHeight(v.chart.title, CW, 16, true);
      text(slide, v.chart.title, { x: X, y: top, w: CW, h, fontSize: 16, bold: true });
      top += h;
    }
    drawVisual(slide, ctx, v, { x: X, y: top, w: CW, h: bottom - top });
  };
  // The key table, on slides of its own (its room: under its longest title, above the note and footer).
  const t = keyTable(s);
  const tableRoom = CONTENT_BOTTOM - contentTop(`${t?.title} (rows 888–888 of 888) · columns, part 8 of 8`) -
    0.45;
  const pages = t
    ? TABLE_PTS.map((pt) => tablePages(t, tableRoom, pt)).find((p) => p.length === 1) ??
      tablePages(t, tableRoom, TABLE_PTS[TABLE_PTS.length - 1])
    : [];
  let shownVisuals = 1;
  let tableShown = false;
  if (tooLong(headline)) {
    // A headline of many sponsors: the section's title, then its clauses as a list (over as many slides
    // as they need); the first chart under the list when there is room, else on a slide of its own.
    const items = headline.split(/(?<=[;.])\s+(?=[A-Z])/).map((x) => x.replace(/;$/, ""));
    const itemH = (item: string) => boxHeight(item, CW - 0.35, 18) + 0.04;
    const room = bottom - contentTop(s.title);
    const lists: string[][] = [[]];
    let used = 0;
    for (const item of items) {
      if (used + itemH(item) > room && lists[lists.length - 1].length) {
        lists.push([]);
        used = 0;
      }
      lists[lists.length - 1].push(item);
      used += itemH(item);
    }
    const listH = lists[0].reduce((a, item) => a + itemH(item), 0);
    shownVisuals = lists.length === 1 && vs.length && room - listH >= 3.8 ? 1 : 0;
    lists.forEach((list, k) => {
      const title = lists.length > 1 ? `${s.title} (${k + 1} of ${lists.length})` : s.title;
      out.push({
        kind: k === 0 ? "section" : "summary",
        section: i,
        title,
        draw(slide, ctx) {
          const top = header(slide, s.title, title);
          footnote(slide, warnings);
          const h = list.reduce((a, item) => a + itemH(item), 0);
          slide.addText(list.map((item) => ({ text: item, options: { bullet: true, breakLine: true } })), {
            x: X,
            y: top,
            w: CW,
            h,
            fontFace: FONT,
            fontSize: 18,
            color: INK,
            valign: "top",
            paraSpaceAfter: 3,
            margin: [3.5, 7, 3.5, 7],
          });
          if (shownVisuals) place(slide, ctx, vs[0], top + h + 0.1, title);
        },
      });
    });
  } else {
    // Without a chart, the key table goes under the headline when it fits there whole.
    tableShown = !vs.length && pages.length === 1 &&
      pages[0].height + 0.45 <= bottom - contentTop(headline);
    out.push({
      kind: "section",
      section: i,
      title: headline,
      draw(slide, ctx) {
        const top = header(slide, s.title, headline);
        footnote(slide, warnings);
        if (vs[0]) place(slide, ctx, vs[0], top, headline);
        else if (tableShown) drawTable(slide, t!, pages[0], top, bottom, ctx);
      },
    });
  }
  for (const v of vs.slice(shownVisuals)) {
    const title = v.kind === "native" ? v.chart.title : v.title;
    out.push({
      kind: "chart",
      section: i,
      title,
      draw(slide, ctx) {
        const top = header(slide, s.title, title);
        footnote(slide, warnings);
        place(slide, ctx, v, top, title);
      },
    });
  }
  if (t && !tableShown) {
    for (const p of pages) {
      const rows = pages.filter((q) => q.group === p.group).length > 1
        ? ` (rows ${p.first + 1}–${p.first + p.rows.length} of ${p.shown})`
        : "";
      const cols = p.groups > 1 ? ` · columns, part ${p.group + 1} of ${p.groups}` : "";
      const title = `${t.title}${rows}${cols}`;
      out.push({
        kind: "table",
        section: i,
        title,
        draw(slide, ctx) {
          const top = header(slide, s.title, title);
          drawTable(slide, t, p, top, CONTENT_BOTTOM, ctx);
        },
      });
    }
  }
  return out;
}

/** A section's speaker notes: its headline, every warning (the slide shows up to three lines of them), each chart's definition. */
function sectionNotes(s: ReportSection): string {
  const warnings = uniq((s.warnings ?? []).map(warningText));
  const captions = uniq((s.charts ?? []).map((c) => figureText(c, "figcaption")).filter(Boolean));
  return [
    s.error ? `This analysis failed: ${s.error}` : s.summary ?? s.title,
    ...(warnings.length ? ["", "Warnings:", ...warnings.map((w) => `- ${w}`)] : []),
    ...(captions.length ? ["", ...captions] : []),
  ].join("\n");
}

/** What each call behind a section fetched, in a line: endpoints and calls. */
function sourcesOf(s: ReportSection): string {
  const calls = s.provenance ?? [];
  if (!calls.length) return "";
  const byEndpoint = new Map<string, number>();
  for (const p of calls) {
    const e = String(p.endpoint ?? p.path ?? "?");
    byEndpoint.set(e, (byEndpoint.get(e) ?? 0) + 1);
  }
  return [...byEndpoint].map(([e, n]) => (n > 1 ? `${e} (${n} calls)` : e)).join(", ");
}

/** Definitions (each chart's caption, in the analyst's words) and sources, as paragraphs. */
function closingParagraphs(report: Report, options: DeckOptions): { bold: string; rest: string }[] {
  const out: { bold: string; rest: string }[] = [];
  for (const s of report.sections) {
    const captions = uniq((s.charts ?? []).map((c) => figureText(c, "figcaption")).filter(Boolean));
    const calls = sourcesOf(s);
    const parts = [...captions, calls ? `Calls: ${calls}.` : ""].filter(Boolean);
    if (parts.length) out.push({ bold: `${s.title}: `, rest: parts.join(" ") });
  }
  const asOf = options.asOf ? `; the data run to ${day(options.asOf)}` : "";
  out.push({
    bold: "Data: ",
    rest: `${report.source}${asOf}. Generated ${day(report.generatedAt)}. ` +
      (report.synthetic
        ? "Every record is synthetic, generated by the embedded sandbox service; names of diseases, genes " +
          "and companies are realistic vocabulary only. "
        : "") +
      (options.csv?.size || options.xlsx
        ? `Every table and every chart's data: ${options.xlsx ? `the workbook ${options.xlsx}` : ""}${
          options.xlsx && options.csv?.size ? " and " : ""
        }${options.csv?.size ? "one CSV file per table" : ""}, beside this deck.`
        : ""),
  });
  return out;
}

function closingSlides(report: Report, options: DeckOptions): PlannedSlide[] {
  const paras = closingParagraphs(report, options);
  const top = 0.66 + boxHeight("Definitions and sources", CW, 28, true) + 0.12;
  const room = CONTENT_BOTTOM - top;
  const pages: (typeof paras)[] = [[]];
  let used = 0;
  for (const p of paras) {
    const h = boxHeight(p.bold + p.rest, CW, BODY_PT) + 0.06;
    if (used + h > room && pages[pages.length - 1].length) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1].push(p);
    used += h;
  }
  return pages.map((page, k) => {
    const title = pages.length > 1
      ? `Definitions and sources (${k + 1} of ${pages.length})`
      : "Definitions and sources";
    return {
      kind: "closing" as const,
      title,
      draw(slide: Slide) {
        const y0 = header(slide, "About this deck", title);
        let y = y0;
        for (const p of page) {
          const h = boxHeight(p.bold + p.rest, CW, BODY_PT);
          slide.addText([
            { text: p.bold, options: { bold: true } },
            { text: p.rest },
          ], {
            x: X,
            y,
            w: CW,
            h,
            fontFace: FONT,
            fontSize: BODY_PT,
            color: INK,
            valign: "top",
            margin: [3.5, 7, 3.5, 7],
          });
          y += h + 0.06;
        }
      },
    };
  });
}

function titleSlide(report: Report, options: DeckOptions): PlannedSlide {
  return {
    kind: "title",
    title: report.title,
    draw(slide) {
      let y = 0.9;
      const titlePt = fitSize(report.title, CW, [40, 36, 32], 2);
      const th = boxHeight(report.title, CW, titlePt, true);
      text(slide, report.title, { x: X, y, w: CW, h: th, fontSize: titlePt, bold: true, color: INK });
      y += th + 0.05;
      slide.addShape("line", { x: X, y, w: CW, h: 0, line: { color: ACCENT, width: 2 } });
      y += 0.2;
      const question = options.question?.length
        ? options.question.map((q) => `${q.label}: ${q.value}`)
        : report.subtitle
        ? [report.subtitle]
        : [];
      for (const q of question) {
        const h = boxHeight(q, CW, 24);
        text(slide, q, { x: X, y, w: CW, h, fontSize: 24 });
        y += h;
      }
      y += 0.2;
      const data = `Data: ${report.source}${options.asOf ? `, as of ${day(options.asOf)}` : ""}`;
      const made = `Generated ${day(report.generatedAt)}`;
      for (const line of [data, made]) {
        const h = boxHeight(line, CW, 18);
        text(slide, line, { x: X, y, w: CW, h, fontSize: 18, color: MUTED });
        y += h;
      }
      const agenda = report.sections.map((s) => s.title).join(" · ");
      if (agenda) {
        y += 0.15;
        const h = boxHeight(agenda, CW, BODY_PT);
        text(slide, agenda, { x: X, y, w: CW, h, fontSize: BODY_PT, color: ACCENT });
        y += h;
      }
      if (report.synthetic) {
        const banner =
          "Synthetic sandbox data. Every record in this deck was generated by the embedded sandbox " +
          "service (seeded, entirely synthetic); names of diseases, genes and companies are realistic vocabulary " +
          "only. Set RI_BASE_URL and RI_API_KEY to run it on the real service.";
        const h = boxHeight(banner, CW, 16);
        text(slide, banner, {
          x: X,
          y: Math.max(y + 0.2, CONTENT_BOTTOM - h),
          w: CW,
          h,
          fontSize: 16,
          color: WARN_INK,
          fill: { color: WARN_FILL },
          line: { color: WARN_LINE, width: 1 },
        });
      }
    },
  };
}

function plan(report: Report, options: DeckOptions): PlannedSlide[] {
  return [
    titleSlide(report, options),
    ...report.sections.flatMap((s, i) => sectionSlides(s, i)),
    ...closingSlides(report, options),
  ];
}

/**
 * The slides the deck of a report has, in order, without drawing them (the title slide, each section's
 * slides, the closing slides).
 *
 * @param report The report.
 * @param options As for {@linkcode deck}.
 * @returns One entry per slide.
 * @example A section with a sentence only is one slide
 * ```ts
 * import assert from "node:assert/strict";
 * import { deckOutline } from "./deck.ts";
 * const slides = deckOutline({ title: "R", synthetic: true, source: "embedded sandbox, synthetic data",
 *   generatedAt: new Date(0), sections: [{ title: "Patents", summary: "Up 35%." }] });
 * assert.deepEqual(slides.map((s) => s.kind), ["title", "section", "closing"]);
 * ```
 */
export function deckOutline(report: Report, options: DeckOptions = {}): DeckSlide[] {
  return plan(report, options).map(({ kind, section, title }) => ({
    kind,
    title,
    ...(section === undefined ? {} : { section }),
  }));
}

/**
 * The report as a PowerPoint deck (16:9): the bytes of `report.pptx`.
 *
 * @param report The report.
 * @param options The question, the data's reference day, the files written beside the deck.
 * @returns The `.pptx` bytes.
 * @example A deck is a zip holding its slides
 * ```ts
 * import assert from "node:assert/strict";
 * import { unzipSync } from "fflate";
 * import { deck } from "./deck.ts";
 * const bytes = await deck({ title: "R", synthetic: false, source: "ri.example.com", generatedAt: new Date(0),
 *   sections: [{ title: "Patents", summary: "Up 35%." }] });
 * const files = Object.keys(unzipSync(bytes));
 * assert.equal(files.filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length, 3);
 * ```
 */
export async function deck(report: Report, options: DeckOptions = {}): Promise<Uint8Array> {
  const pptx = new Pptx();
  pptx.layout = "LAYOUT_WIDE"; // 13.333 × 7.5 in, 16:9
  pptx.title = report.title;
  pptx.company = "";
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };
  const slides = plan(report, options);
  const ctx: Ctx = { pptx, report, options, footer: footerText(report, options) };
  slides.forEach((p, k) => {
    const slide = pptx.addSlide();
    slide.background = { color: "FFFFFF" };
    p.draw(slide, ctx);
    drawFooter(slide, ctx, k + 1, slides.length);
    // Speaker notes: the section's whole headline, every warning and each chart's definition.
    if (p.section !== undefined) slide.addNotes(sectionNotes(report.sections[p.section]));
  });
  // Deflated: pptxgenjs applies `compression` only to its "STREAM" output (a Node Buffer, a Uint8Array);
  // the XML of tables and charts shrinks several-fold, the PNGs are already compressed.
  const bytes = await pptx.write({ outputType: "STREAM", compression: true }) as Uint8Array;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
