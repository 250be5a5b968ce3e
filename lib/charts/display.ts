/**
 * Notebook display helpers for Polars DataFrames: an HTML table for readers (labels, formatted numbers,
 * codes in words; or the stored form with dtypes on request) with its shape and an optional provenance
 * caption (where the data came from, cache state, warnings).
 *
 * @module
 */
import { escapeXml as escapeHtml } from "./_compose.ts";
import { type DisplayProvenance, provenanceLines } from "./_provenance.ts";
import {
  columnLabel,
  type ColumnSemantic,
  formatCell,
  frameSemantics,
  isNumeric,
  plural,
} from "../frames/semantics.ts";
import { dtypeName } from "../frames/dtype_name.ts";
import { displayValue } from "../frames/value_labels.ts";

export { dtypeName };
import { formatTable } from "../frames/print_table.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The symbol a Deno Jupyter kernel calls to get an object's rich representation (a mime bundle). */
export const jupyterDisplay: unique symbol = Symbol.for("Jupyter.display");

export type { DisplayProvenance, ProvenanceWarning } from "./_provenance.ts";
export { warningText } from "./_provenance.ts";

/** Options for {@linkcode frameToHtmlTable} and {@linkcode showFrame}. */
export interface FrameDisplayOptions {
  /** How many rows to show (may exceed 50). @default {50} */
  rows?: number;
  /** Heading shown above the table. */
  title?: string;
  /** Provenance caption shown above the table. */
  provenance?: DisplayProvenance;
  /** Longer cell texts are cut with an ellipsis. @default {200} */
  maxChars?: number;
  /**
   * Show numbers as stored (full precision) instead of formatted by the column's meaning
   * (`lib/frames/semantics.ts`: fractions as %, dollars, counts with separators); in {@linkcode showFrame},
   * also the stored form of everything else (column names with their dtypes, codes, lists in brackets).
   * @default {false}
   */
  raw?: boolean;
  /**
   * Headers as labels (`lib/frames/semantics.ts` {@linkcode columnLabel}: "Trials", "Part D spend ($)")
   * without the dtype line, lists as plain text, entity values without their internal prefix
   * (`sponsor:Pfizer` → Pfizer) and codes and booleans as their labels (`lib/frames/value_labels.ts`:
   * `PHASE2/PHASE3` → Phase 2/3, `true` → Yes): the form of a report for readers.
   * @default {false in frameToHtmlTable; in showFrame, true unless raw}
   */
  labels?: boolean;
}

/** `labelsOf`: the column whose value labels to show (`lib/frames/value_labels.ts`), in a report. */
function formatValue(
  value: unknown,
  dtype: string,
  semantic: ColumnSemantic | null,
  labelsOf?: string,
): string {
  if (labelsOf !== undefined && Array.isArray(value)) {
    return value.map((v) => (v == null ? "—" : formatValue(v, "", semantic, labelsOf))).join(", ");
  }
  if (labelsOf !== undefined && (typeof value === "string" || typeof value === "boolean")) {
    return String(displayValue(labelsOf, value));
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v == null ? "null" : formatValue(v, "", semantic))).join(", ")}]`;
  }
  if (semantic && (typeof value === "number" || value instanceof Date)) return formatCell(semantic, value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "Invalid Date";
    const iso = value.toISOString();
    return dtype === "date" ? iso.slice(0, 10) : iso.replace("T", " ").replace(/(\.000)?Z$/, "");
  }
  if (typeof value === "number") {
    return Number.isInteger(value) ? String(value) : String(+value.toPrecision(10));
  }
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

function cut(text: string, max: number): string {
  return [...text].length > max ? `${[...text].slice(0, max - 1).join("")}…` : text;
}

const CELL =
  "padding:2px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top;white-space:pre-wrap";
/** A text cell in readers' form: wraps at a readable width, long words included. */
const TEXT_WRAP = ";max-width:28em;overflow-wrap:break-word";
const NULL_HTML = '<span style="color:#999;font-style:italic">null</span>';

/**
 * Renders the first rows of a DataFrame as a self-contained HTML block: shape, dtypes under each header,
 * HTML-escaped values, nulls shown distinctly, and an optional title and provenance caption.
 *
 * @param df The frame.
 * @param options Rows to show, title, provenance.
 * @returns An HTML fragment (inline styles only, safe to embed in reports).
 * @example Shape and dtypes appear in the table
 * ```ts
 * import pl from "nodejs-polars";
 * import { frameToHtmlTable } from "./display.ts";
 * import assert from "node:assert/strict";
 * const html = frameToHtmlTable(pl.DataFrame({ phase: ["1", null] }));
 * assert.match(html, /2 rows × 1 column/);
 * assert.match(html, /str/);
 * ```
 */
export function frameToHtmlTable(df: DataFrame, options: FrameDisplayOptions = {}): string {
  const { rows = 50, title, provenance, maxChars = 200, raw = false, labels = false } = options;
  const shown = Math.max(0, Math.min(rows, df.height));
  const head = df.head(shown);
  const dtypes = df.dtypes.map(dtypeName);
  const semantics = raw ? df.columns.map(() => null) : frameSemantics(df);
  // Numbers right-aligned; numbers and dates never wrap (a date split at its hyphens reads badly).
  const align = semantics.map((m) =>
    m && isNumeric(m)
      ? ";text-align:right;white-space:nowrap"
      : m?.kind === "date"
      ? ";white-space:nowrap"
      : ""
  );
  const columns = df.columns.map((c) => head.getColumn(c).toArray() as unknown[]);
  const out: string[] = ['<div class="ri-frame" style="font-family:system-ui,sans-serif;font-size:12px">'];
  if (title) out.push(`<div style="font-weight:bold;font-size:14px;margin:4px 0">${escapeHtml(title)}</div>`);
  if (provenance) {
    const { summary, warnings } = provenanceLines(provenance);
    out.push(`<div class="ri-provenance" style="color:#555;margin:2px 0">${escapeHtml(summary)}</div>`);
    for (const w of warnings) {
      out.push(
        '<div class="ri-warning" style="background:#fff3cd;color:#664d03;border-left:3px solid #e0a800;' +
          `padding:2px 6px;margin:2px 0">⚠ ${escapeHtml(w)}</div>`,
      );
    }
  }
  const more = df.height > shown ? ` (showing first ${shown.toLocaleString("en-US")})` : "";
  out.push(
    `<div class="ri-shape" style="color:#555;margin:2px 0">${plural(df.height, "row")} × ` +
      `${plural(df.width, "column")}${more}</div>`,
  );
  // A table wider than its page scrolls inside its own box, never the page; long texts wrap in readers' form.
  out.push(
    '<div class="ri-table" style="max-width:100%;overflow-x:auto">' +
      '<table style="border-collapse:collapse"><thead><tr>',
  );
  df.columns.forEach((c, i) => {
    out.push(
      labels
        ? `<th style="${CELL};border-bottom:1px solid #999${align[i].replace(";white-space:nowrap", "")}" ` +
          `title="${escapeHtml(c)}">` +
          `${escapeHtml(columnLabel(c, dtypes[i].replace(/^list\[(.*)\]$/, "$1")))}</th>`
        : `<th style="${CELL};border-bottom:1px solid #999${align[i]}">${escapeHtml(c)}<br>` +
          `<span class="ri-dtype" style="color:#888;font-weight:normal">${escapeHtml(dtypes[i])}</span></th>`,
    );
  });
  out.push("</tr></thead><tbody>");
  for (let r = 0; r < shown; r++) {
    out.push("<tr>");
    columns.forEach((values, i) => {
      const v = values[r];
      out.push(
        `<td style="${CELL}${align[i] || (labels ? TEXT_WRAP : "")}">${
          v == null ? (labels ? "" : NULL_HTML) : escapeHtml(
            cut(formatValue(v, dtypes[i], semantics[i], labels ? df.columns[i] : undefined), maxChars),
          )
        }</td>`,
      );
    });
    out.push("</tr>");
  }
  out.push("</tbody></table></div></div>");
  return out.join("");
}

/** A frame's first rows as the report's tables show them, as text: for tables that are not HTML (slides). */
export interface ReaderCells {
  /** Column headers as labels (`columnLabel`). */
  readonly headers: readonly string[];
  /** True for the numeric columns (right-aligned on the page). */
  readonly numeric: readonly boolean[];
  /** The rows' cells, formatted by meaning, codes and lists in words; a null is "". */
  readonly rows: readonly (readonly string[])[];
}

/**
 * The first rows of a frame in readers' form, cell by cell, exactly as {@linkcode frameToHtmlTable} with
 * `labels: true` writes them (headers, formatted numbers and dates, value labels), without the HTML.
 *
 * @param df The frame.
 * @param rows How many rows. @default {50}
 * @param maxChars Longer cell texts are cut with an ellipsis. @default {200}
 * @returns Headers, numeric flags and cell texts.
 * @example Money and fractions formatted as the report's tables
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { readerCells } from "./display.ts";
 * const c = readerCells(pl.DataFrame({ status: ["ACTIVE_NOT_RECRUITING"], market_share: [0.0806] }));
 * assert.deepEqual(c.rows, [["Active, not recruiting", "8.1%"]]);
 * ```
 */
export function readerCells(df: DataFrame, rows = 50, maxChars = 200): ReaderCells {
  const head = df.head(Math.max(0, Math.min(rows, df.height)));
  const dtypes = df.dtypes.map(dtypeName);
  const semantics = frameSemantics(df);
  const columns = df.columns.map((c) => head.getColumn(c).toArray() as unknown[]);
  return {
    headers: df.columns.map((c, i) => columnLabel(c, dtypes[i].replace(/^list\[(.*)\]$/, "$1"))),
    numeric: semantics.map((m) => isNumeric(m)),
    rows: Array.from(
      { length: head.height },
      (_, r) =>
        columns.map((values, i) =>
          values[r] == null
            ? ""
            : cut(formatValue(values[r], dtypes[i], semantics[i], df.columns[i]), maxChars)
        ),
    ),
  };
}

/** A displayable frame: HTML for notebooks and reports, plain text for terminals. */
export class FrameDisplay {
  /** The HTML block (see {@linkcode frameToHtmlTable}). */
  readonly html: string;
  /** Plain-text rendering: provenance, shape and every column, formatted by meaning (raw: the Polars printout). */
  readonly text: string;

  /**
   * Renders the frame once, as HTML and as text.
   *
   * @param df The frame.
   * @param options Rows to show, title, provenance.
   */
  constructor(df: DataFrame, options: FrameDisplayOptions = {}) {
    this.html = frameToHtmlTable(df, { ...options, labels: options.labels ?? !options.raw });
    const lines: string[] = [];
    if (options.title) lines.push(options.title);
    if (options.provenance) {
      const { summary, warnings } = provenanceLines(options.provenance);
      if (summary) lines.push(summary);
      lines.push(...warnings.map((w) => `⚠ ${w}`));
    }
    const shown = Math.min(options.rows ?? 50, df.height);
    const more = df.height > shown ? ` (showing first ${shown})` : "";
    lines.push(
      `${plural(df.height, "row")} × ${plural(df.width, "column")}${more}`,
      options.raw
        ? df.head(shown).toString()
        : formatTable(df, { rows: shown, maxChars: options.maxChars ?? 60 }),
    );
    this.text = lines.join("\n");
  }

  /** Jupyter rich display (text/html and text/plain). */
  [jupyterDisplay](): Record<string, string> {
    return { "text/html": this.html, "text/plain": this.text };
  }
}

/**
 * Shows a DataFrame in a notebook as the report does: column labels, numbers formatted by meaning, codes
 * and lists in words, the shape and provenance, no dtype row (`raw: true` shows the stored form: column
 * names with dtypes, codes, full precision): `await show(showFrame(df))` (a bare last expression also
 * displays, but batch runs may drop it; see `show`).
 *
 * @param df The frame.
 * @param options Rows to show (default 50, may be more), title, provenance.
 * @returns A displayable object.
 * @example Show more than 50 rows
 * ```ts
 * import pl from "nodejs-polars";
 * import { showFrame } from "./display.ts";
 * import assert from "node:assert/strict";
 * const shown = showFrame(pl.DataFrame({ n: Array.from({ length: 80 }, (_, i) => i) }), { rows: 80 });
 * assert.equal(shown.html.match(/<tr>/g)?.length, 81); // header + 80 rows
 * ```
 * @example Readers' form by default, the stored form on request
 * ```ts
 * import pl from "nodejs-polars";
 * import { showFrame } from "./display.ts";
 * import assert from "node:assert/strict";
 * const df = pl.DataFrame({ phase: ["PHASE1/PHASE2"], entities: [["sponsor:Pfizer", "sponsor:Roche"]] });
 * assert.match(showFrame(df).html, />Phase 1\/2</);
 * assert.match(showFrame(df).html, />Pfizer, Roche</);
 * assert.doesNotMatch(showFrame(df).html, /ri-dtype/);
 * assert.match(showFrame(df, { raw: true }).html, />list\[str\]</);
 * ```
 */
export function showFrame(df: DataFrame, options: FrameDisplayOptions = {}): FrameDisplay {
  return new FrameDisplay(df, options);
}
