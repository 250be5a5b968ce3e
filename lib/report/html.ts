/**
 * The HTML report: one self-contained page (inline CSS, inline SVG charts, HTML tables) with a section
 * per analysis — summary, warnings, charts, tables and the provenance of every call behind them.
 *
 * @module
 */
import type { DataFrame } from "../frames/polars.ts";
import type { Chart } from "../charts/render.ts";
import { frameToHtmlTable, warningText } from "../charts/display.ts";
import type { DisplayProvenance as Provenance, ProvenanceWarning } from "../charts/display.ts";

/** A chart in a report section; `name` is the stem of its PNG file. */
export interface ReportChart {
  /** File stem of the PNG (`[a-z0-9_-]`), unique in the report. */
  readonly name: string;
  /** The chart. */
  readonly chart: Chart;
  /**
   * The frames the chart is drawn from, each exported as a CSV and a workbook sheet (a table of the
   * section may be one of them; it is then written once), so every number on the chart can be looked up.
   */
  readonly data: readonly ReportTable[];
}

/** A table in a report section. */
export interface ReportTable {
  /** Heading above the table. */
  readonly title: string;
  /** The frame. */
  readonly frame: DataFrame;
  /** Rows to show. @default {15} */
  readonly rows?: number;
  /** Columns the page shows (the CSV and the sheet hold them all). @default {every column} */
  readonly columns?: readonly string[];
}

/** One analysis in the report. */
export interface ReportSection {
  /** Section heading. */
  readonly title: string;
  /** A one-word name for worksheet names (`Exclusivity - By sponsor`). @default {the title's first word} */
  readonly short?: string;
  /** One or two sentences: what was asked and the headline answer. */
  readonly summary?: string;
  /** Charts, shown first. */
  readonly charts?: readonly ReportChart[];
  /** Tables, shown after the charts. */
  readonly tables?: readonly ReportTable[];
  /** Provenance of every call behind the section. */
  readonly provenance?: readonly Provenance[];
  /** Findings to read before trusting the numbers. */
  readonly warnings?: readonly ProvenanceWarning[];
  /** Set when the analysis failed; the section then shows the error instead of results. */
  readonly error?: string;
  /** Seconds the analysis took. */
  readonly seconds?: number;
}

/** Files written beside the page, linked from it (relative links; the page stays self-contained). */
export interface ReportFiles {
  /** The workbook's file name. */
  readonly xlsx?: string;
  /** Each table's CSV file name. */
  readonly csv?: ReadonlyMap<ReportTable, string>;
}

/** The whole report. */
export interface Report {
  /** Page title. */
  readonly title: string;
  /** Line under the title. */
  readonly subtitle?: string;
  /** True when the data is the synthetic sandbox; shows a banner. */
  readonly synthetic: boolean;
  /**
   * Where the data came from, in words (`dataSourceText`: "embedded sandbox, synthetic data", "imported
   * public data: …", or the service's host), never a key or a loopback address.
   */
  readonly source: string;
  /** When the report was generated. */
  readonly generatedAt: Date;
  /** The sections, in order. */
  readonly sections: readonly ReportSection[];
}

const esc = (s: unknown): string =>
  String(s ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:1040px;margin:0 auto;padding:16px 24px 48px}
h1{margin:8px 0 2px}h2{margin:32px 0 6px;border-bottom:2px solid #4e79a7;padding-bottom:4px}
.sub{color:#555;margin:0 0 12px}.banner{background:#fff3cd;border:1px solid #e0a800;color:#664d03;
padding:8px 12px;margin:12px 0;border-radius:4px}.warn{background:#fff3cd;color:#664d03;
border-left:3px solid #e0a800;padding:3px 8px;margin:3px 0;font-size:13px}.error{background:#f8d7da;
color:#842029;border-left:3px solid #dc3545;padding:6px 10px}.chart{background:white;padding:8px;
margin:10px 0;border:1px solid #eee;overflow-x:auto}.chart svg{max-width:100%;height:auto}
details{margin:8px 0;font-size:12px}table.prov{border-collapse:collapse}table.prov td,table.prov th{
padding:2px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}nav a{margin-right:12px}
.ri-frame{overflow-x:auto;background:white;padding:6px;margin:8px 0;border:1px solid #eee}
table.prov code{word-break:break-all}
.empty{background:white;border:1px dashed #bbb;color:#444;padding:10px 14px;margin:10px 0}
.flag{white-space:nowrap;font-family:ui-monospace,monospace;font-size:.95em}`;

/** What a call fetched, in words; ⚠ only for a pull that should have been whole and was not. */
export function coverage(p: Provenance): string {
  const n = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-US") : "?");
  const codes = (p.warnings ?? []).map((w) => (typeof w === "string" ? "" : w.code));
  if (p.complete !== false) return p.total == null ? "all rows" : `all ${n(p.total)}`;
  if (codes.some((c) => c === "incomplete" || c === "capped")) {
    return `⚠ ${n(p.rows)} of ${n(p.total)}: more rows exist than were fetched`;
  }
  const limit = p.params?.limit;
  // A deliberate page: one row asked for its total (a count), or the first rows of a ranked list.
  if (limit === 1 && (p.rows ?? 0) <= 1) return `count: the total is the figure (${n(p.total)})`;
  return `first ${n(p.rows)} of ${n(p.total)}, as asked${
    typeof limit === "number" ? ` (limit ${limit})` : ""
  }`;
}

function provenanceTable(list: readonly Provenance[]): string {
  if (!list.length) return "";
  const rows = list.map((p) => {
    const at = p.fetchedAt === undefined ? "" : new Date(p.fetchedAt).toISOString().replace(/\.\d+Z$/, "Z");
    return `<tr><td>${esc(p.endpoint ?? p.path)}</td><td><code>${
      esc(JSON.stringify(p.params ?? {}))
    }</code></td>` +
      `<td>${esc(p.total?.toLocaleString("en-US") ?? "")}</td><td>${
        esc(p.rows?.toLocaleString("en-US") ?? "")
      }` +
      `</td><td>${esc(p.pages ?? "")}</td><td>${esc(at)}</td><td>${p.fromCache ? "cache" : "live"}</td>` +
      `<td>${esc(coverage(p))}</td></tr>`;
  }).join("");
  const gaps = list.filter((p) => coverage(p).startsWith("⚠")).length;
  return `<details><summary>Provenance: ${list.length} call${list.length === 1 ? "" : "s"}` +
    `${gaps ? ` (⚠ ${gaps} incomplete)` : ""}</summary>` +
    `<table class="prov"><thead><tr><th>Endpoint</th><th>Parameters</th><th>Total</th><th>Rows</th>` +
    `<th>Pages</th><th>Fetched</th><th>From</th><th>What was fetched</th></tr></thead><tbody>${rows}</tbody>` +
    `</table></details>`;
}

const anchor = (i: number): string => `s${i + 1}`;

function section(s: ReportSection, i: number, files: ReportFiles): string {
  const out = [`<section id="${anchor(i)}"><h2>${esc(s.title)}</h2>`];
  if (s.summary) out.push(`<p>${esc(s.summary)}</p>`);
  if (s.error) out.push(`<div class="error">This analysis failed: ${esc(s.error)}</div>`);
  const warnings = [...new Set((s.warnings ?? []).map(warningText))];
  for (const w of warnings) out.push(`<div class="warn">⚠ ${esc(w)}</div>`);
  for (const c of s.charts ?? []) {
    // Nothing to draw: the sentence that says what was asked and that nothing matched, never empty axes.
    if (c.chart.empty !== undefined) {
      // A flag with its value (`--horizon-years 7`) is never broken across lines.
      const sentence = esc(c.chart.empty).replace(
        /--[a-z][a-z-]*(?: \d+)?/g,
        (f) => `<span class="flag">${f}</span>`,
      );
      out.push(`<p class="empty" data-chart="${esc(c.name)}">${sentence}</p>`);
      continue;
    }
    out.push(`<div class="chart" data-png="${esc(c.name)}.png">${c.chart.svg()}</div>`);
    const links = c.data.map((t) => files.csv?.get(t)).filter((f) => f !== undefined);
    if (links.length) {
      out.push(
        `<p class="sub chart-data" style="font-size:12px;margin-top:-4px">Chart data: ${
          links.map((f) => `<a href="${esc(f)}">${esc(f)}</a>`).join(", ")
        }</p>`,
      );
    }
  }
  // Where a chart's sentence said nothing matched, an empty table would only say it again.
  const said = (s.charts ?? []).some((c) => c.chart.empty !== undefined);
  for (const t of s.tables ?? []) {
    if (!t.frame.height && said) continue;
    const rows = t.rows ?? 15;
    const shown = t.columns ? t.frame.select(...t.columns) : t.frame;
    out.push(frameToHtmlTable(shown, { title: t.title, rows, maxChars: 120, labels: true }));
    const csv = files.csv?.get(t);
    // An empty table gets no link; "All n rows" only where the page shows fewer.
    if (csv && t.frame.height) {
      const cut = t.frame.height > rows;
      out.push(
        `<p class="sub" style="font-size:12px;margin-top:-4px">${
          cut ? `All ${t.frame.height.toLocaleString("en-US")} rows` : "As CSV"
        }: <a href="${esc(csv)}">${esc(csv)}</a></p>`,
      );
    }
  }
  out.push(provenanceTable(s.provenance ?? []));
  if (s.seconds !== undefined) {
    out.push(`<p class="sub" style="font-size:12px">Took ${s.seconds.toFixed(1)} s.</p>`);
  }
  out.push("</section>");
  return out.join("\n");
}

/**
 * Renders a report as one self-contained HTML page.
 *
 * @param report Title, data source, sections.
 * @param files Files written beside the page (workbook, CSVs), linked from it.
 * @returns The HTML document.
 * @example A one-section report on synthetic data has the banner
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderReport } from "./html.ts";
 * const html = renderReport({
 *   title: "Landscape", synthetic: true, source: "embedded sandbox, synthetic data", generatedAt: new Date(0),
 *   sections: [{ title: "Patents", summary: "Up 35%", warnings: ["Capped at 500 rows"] }],
 * });
 * assert.match(html, /synthetic sandbox data/i);
 * assert.match(html, /⚠ Capped at 500 rows/);
 * ```
 */
export function renderReport(report: Report, files: ReportFiles = {}): string {
  const banner = report.synthetic
    ? `<div class="banner"><b>Synthetic sandbox data.</b> Every record in this report was generated by the ` +
      `embedded sandbox service (seeded, entirely synthetic); names of diseases, genes and companies are ` +
      `realistic vocabulary only. Set RI_BASE_URL and RI_API_KEY to run it on the real service.</div>`
    : "";
  const nav = report.sections.map((s, i) => `<a href="#${anchor(i)}">${esc(s.title)}</a>`).join("");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(report.title)}</title>` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head><body><main>` +
    `<h1>${esc(report.title)}</h1><p class="sub">${esc(report.subtitle ?? "")} Data: ${
      esc(report.source)
    } · ` +
    `generated ${
      esc(report.generatedAt.toISOString().replace(/\.\d+Z$/, "Z"))
    }</p>${banner}<nav>${nav}</nav>` +
    (files.xlsx
      ? `<p class="sub">Every table as a spreadsheet: <a href="${esc(files.xlsx)}">${esc(files.xlsx)}</a></p>`
      : "") +
    report.sections.map((s, i) => section(s, i, files)).join("\n") + "</main></body></html>";
}
