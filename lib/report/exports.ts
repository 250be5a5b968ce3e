/**
 * The report's tables for spreadsheets: one CSV file per table (stored values, lists joined with `; `)
 * and one `.xlsx` workbook with a sheet per table — typed cells (numbers, dates, booleans) with the
 * number formats of the column semantics (`lib/frames/semantics.ts`), a bold frozen header row, an
 * auto-filter and column widths from the formatted text.
 *
 * The workbook is written with exceljs 4.4.0: of the npm candidates it is the one that writes number
 * formats, frozen panes and column widths in its free edition (SheetJS Community writes no panes and no
 * styles; write-excel-file is not on the registry mirror here) and it is by far the most used.
 *
 * @module
 */
import ExcelJS from "exceljs";
import pl from "nodejs-polars";
import { toCsvString } from "../frames/io.ts";
import { dtypeName } from "../frames/dtype_name.ts";
import { displayValue } from "../frames/value_labels.ts";
import { columnLabel, excelNumberFormat, formatCell, frameSemantics } from "../frames/semantics.ts";
import type { Report, ReportSection, ReportTable } from "./html.ts";

/** One table of a report, named for export. */
export interface ExportTable {
  /** Worksheet name (unique, at most 31 characters, none of `[]:*?/\`). */
  readonly sheet: string;
  /** CSV file name (unique, `[a-z0-9_-]` plus `.csv`). */
  readonly file: string;
  /** Section heading and table heading it came from. */
  readonly section: string;
  /** Heading of the table in the report. */
  readonly title: string;
  /** The whole frame (not only the rows the HTML shows). */
  readonly frame: pl.DataFrame;
  /** The report table it came from (the page links its CSV). */
  readonly table: ReportTable;
}

const slug = (s: string): string =>
  s.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "") || "table";

/** A worksheet name: `Section - Table` when it fits in 31 characters, else `Short - Table` (the section's short name or first word), cut with `…`. */
function sheetName(section: string, short: string | undefined, table: string, taken: Set<string>): string {
  const clean = (x: string) => x.replace(/[[\]:*?/\\]/g, " ").replace(/\s+/g, " ").trim();
  const fit = (x: string, max = 31) => (x.length <= max ? x : `${x.slice(0, max - 1).trimEnd()}…`);
  const forms = [`${section} - ${table}`, `${short ?? section.split(" ")[0]} - ${table}`].map(clean);
  for (let n = 1;; n++) {
    const tail = n === 1 ? "" : ` (${n})`;
    const name = forms.find((f) => f.length + tail.length <= 31) ?? fit(forms[1], 31 - tail.length);
    const candidate = name + tail;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/** A section's tables, then the frames its charts are drawn from that are not among them (once each). */
export function sectionFrames(s: ReportSection): ReportTable[] {
  const out = [...(s.tables ?? [])];
  for (const c of s.charts ?? []) for (const t of c.data) if (!out.includes(t)) out.push(t);
  return out;
}

/**
 * Every table of the report's sections and every frame a chart is drawn from, with a unique sheet name and CSV file name each.
 *
 * @param report The report.
 * @returns One entry per table, in report order.
 * @example Names of the exported tables
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { exportTables } from "./exports.ts";
 * const frame = pl.DataFrame({ a: [1] });
 * const t = exportTables({ title: "R", synthetic: true, source: "", generatedAt: new Date(0), sections: [
 *   { title: "Portfolio overlap", tables: [{ title: "Sponsors", frame }, { title: "Sponsors", frame }] },
 * ] });
 * assert.deepEqual(t.map((x) => x.file), ["portfolio_overlap_sponsors.csv", "portfolio_overlap_sponsors_2.csv"]);
 * assert.deepEqual(t.map((x) => x.sheet), ["Portfolio overlap - Sponsors", "Portfolio - Sponsors (2)"]);
 * assert.ok(t.every((x) => x.sheet.length <= 31));
 * ```
 */
export function exportTables(report: Report): ExportTable[] {
  const sheets = new Set<string>();
  const files = new Set<string>();
  return report.sections.flatMap((s) =>
    sectionFrames(s).map((t) => {
      let file = `${slug(s.title)}_${slug(t.title)}`;
      for (let n = 2; files.has(file); n++) file = `${slug(s.title)}_${slug(t.title)}_${n}`;
      files.add(file);
      const sheet = sheetName(s.title, s.short, t.title, sheets);
      return { sheet, file: `${file}.csv`, section: s.title, title: t.title, frame: t.frame, table: t };
    })
  );
}

/**
 * The frame as exported: money (the `usd` columns of the semantics table) rounded to cents, so no
 * `2889146474.8400006` reaches a spreadsheet; everything else as stored.
 *
 * @param df The frame.
 * @returns The frame to write.
 */
export function exportFrame(df: pl.DataFrame): pl.DataFrame {
  const money = df.columns.filter((_, i) =>
    frameSemantics(df)[i].kind === "usd" && /^f(32|64)$/.test(dtypeName(df.dtypes[i]))
  );
  return money.length ? df.withColumns(...money.map((c) => pl.col(c).round(2))) : df;
}

/**
 * Writes each table as CSV into `dir` (stored values and column names, money rounded to cents; lists
 * joined with `; `).
 *
 * @param tables From {@linkcode exportTables}.
 * @param dir An existing, writable folder.
 * @returns The paths written.
 */
export async function writeCsvTables(
  tables: readonly Pick<ExportTable, "file" | "frame">[],
  dir: string,
): Promise<string[]> {
  const paths: string[] = [];
  for (const t of tables) {
    const path = `${dir}/${t.file}`;
    await Deno.writeTextFile(path, toCsvString(exportFrame(t.frame)));
    paths.push(path);
  }
  return paths;
}

/**
 * A cell as Excel should hold it: numbers and dates typed; codes, booleans and entity values as their
 * labels (`lib/frames/value_labels.ts`: `ACTIVE_NOT_RECRUITING` → Active, not recruiting, `true` → Yes);
 * lists joined; objects as JSON.
 */
function cellValue(column: string, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "boolean") return String(displayValue(column, v));
  if (typeof v === "number" || v instanceof Date) return v;
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) {
    return v.map((x) => (x === null ? "null" : String(displayValue(column, x)))).join("; ");
  }
  return JSON.stringify(v);
}

/**
 * The tables as one `.xlsx` workbook: a sheet per table plus a first "Contents" sheet (what each sheet
 * holds, where the data came from).
 *
 * @param tables From {@linkcode exportTables}.
 * @param about Title, data source and time for the contents sheet.
 * @returns The workbook bytes.
 * @example A sheet per table, values typed
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import ExcelJS from "exceljs";
 * import { workbookBytes } from "./exports.ts";
 * const frame = pl.DataFrame({ market_share: [0.0806], trials: [12] });
 * const bytes = await workbookBytes([{ sheet: "S", file: "s.csv", section: "P", title: "S", frame }],
 *   { title: "R", source: "sandbox", generatedAt: new Date(0) });
 * const wb = new ExcelJS.Workbook();
 * await wb.xlsx.load(bytes.buffer as ArrayBuffer);
 * assert.equal(wb.getWorksheet("S")?.getCell("A2").value, 0.0806);
 * assert.equal(wb.getWorksheet("S")?.getCell("A2").numFmt, "0.0%");
 * ```
 */
export async function workbookBytes(
  tables: readonly Omit<ExportTable, "table">[],
  about: { title: string; source: string; generatedAt: Date },
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.created = about.generatedAt;
  const contents = wb.addWorksheet("Contents", { views: [{ state: "frozen", ySplit: 4 }] });
  contents.addRow([about.title]).font = { bold: true, size: 14 };
  contents.addRow([`Data: ${about.source}`, `Generated ${about.generatedAt.toISOString()}`]);
  contents.addRow([]);
  contents.addRow(["Sheet", "Section", "Table", "Rows", "CSV file"]).font = { bold: true };
  for (const t of tables) contents.addRow([t.sheet, t.section, t.title, t.frame.height, t.file]);
  contents.columns.forEach((c, i) => (c.width = [34, 24, 28, 8, 44][i]));

  for (const t of tables) {
    const ws = wb.addWorksheet(t.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
    const df = exportFrame(t.frame);
    const semantics = frameSemantics(df);
    df.columns.forEach((name, i) => {
      const semantic = semantics[i];
      const values = df.getColumn(name).toArray() as unknown[];
      const column = ws.getColumn(i + 1);
      const label = columnLabel(name, dtypeName(df.dtypes[i]).replace(/^list\[(.*)\]$/, "$1"));
      column.values = [label, ...values.map((v) => cellValue(name, v))];
      const numFmt = excelNumberFormat(semantic);
      if (numFmt) {
        column.eachCell((cell, row) => {
          if (row > 1) cell.numFmt = numFmt;
        });
      }
      const widest = values.slice(0, 500).reduce<number>(
        (w, v) => Math.max(w, formatCell(semantic, cellValue(name, v)).length),
        label.length,
      );
      column.width = Math.min(60, Math.max(8, widest + 2));
    });
    ws.getRow(1).font = { bold: true };
    if (df.width) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: df.width } };
  }
  return new Uint8Array(await wb.xlsx.writeBuffer() as ArrayBuffer);
}
