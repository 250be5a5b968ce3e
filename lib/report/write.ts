/**
 * Writing a report to disk: `report.html`, one PNG per chart, one CSV per table, one `.xlsx` workbook and
 * a `report.pptx` deck, as the formats ask.
 *
 * @module
 */
import { toPng } from "../charts/render.ts";
import { renderReport, type Report, type ReportChart } from "./html.ts";
import { exportTables, workbookBytes, writeCsvTables } from "./exports.ts";
import { deck, type DeckOptions } from "./deck.ts";

/** Output formats of {@linkcode writeReport}. */
export const REPORT_FORMATS = ["html", "png", "csv", "xlsx", "pptx"] as const;

/** One output format. */
export type ReportFormat = typeof REPORT_FORMATS[number];

/** Options of {@linkcode writeReport}. */
export interface WriteReportOptions {
  /** What to write. @default {["html", "png"]} */
  readonly formats?: readonly ReportFormat[];
  /** File name of the workbook. @default {"report.xlsx"} */
  readonly workbook?: string;
  /** What the deck's title slide says besides the report: the question, the data's reference day. */
  readonly deck?: Pick<DeckOptions, "question" | "asOf">;
}

/** What {@linkcode writeReport} wrote. */
export interface WrittenReport {
  /** Path of the HTML page (when html was asked for). */
  readonly html?: string;
  /** Paths of the PNG files, one per chart. */
  readonly pngs: readonly string[];
  /** Paths of the CSV files, one per table (when csv was asked for). */
  readonly csvs: readonly string[];
  /** Path of the workbook (when xlsx was asked for). */
  readonly xlsx?: string;
  /** Path of the deck (when pptx was asked for). */
  readonly pptx?: string;
}

/**
 * Writes `report.html`, `<chart name>.png` files, `<section>_<table>.csv` files, `report.xlsx` and
 * `report.pptx` into `dir` (created when missing), as `options.formats` asks.
 *
 * @param report The report.
 * @param dir Output directory. @default {"out"}
 * @param options Formats to write.
 * @returns The written paths.
 * @example Write a report
 * ```ts ignore
 * const { html, pngs } = await writeReport(report, "out");
 * ```
 */
export async function writeReport(
  report: Report,
  dir = "out",
  options: WriteReportOptions = {},
): Promise<WrittenReport> {
  const formats = new Set(options.formats ?? ["html", "png"]);
  await Deno.mkdir(dir, { recursive: true });
  const names = new Set<string>();
  const pngs: string[] = [];
  const rendered = new Map<ReportChart, Uint8Array>();
  for (const s of report.sections) {
    for (const c of s.charts ?? []) {
      if (!/^[a-z0-9_-]+$/i.test(c.name) || names.has(c.name)) {
        throw new TypeError(`Chart name '${c.name}' must be unique and use only letters, digits, _ and -`);
      }
      names.add(c.name);
      if (!formats.has("png")) continue;
      const path = `${dir}/${c.name}.png`;
      const png = toPng(c.chart);
      rendered.set(c, png);
      await Deno.writeFile(path, png);
      pngs.push(path);
    }
  }
  const tables = exportTables(report);
  const csvs = formats.has("csv") ? await writeCsvTables(tables, dir) : [];
  const workbook = options.workbook ?? "report.xlsx";
  let xlsx: string | undefined;
  if (formats.has("xlsx")) {
    xlsx = `${dir}/${workbook}`;
    await Deno.writeFile(xlsx, await workbookBytes(tables, report));
  }
  let pptx: string | undefined;
  if (formats.has("pptx")) {
    pptx = `${dir}/report.pptx`;
    const csv = csvs.length ? new Map(tables.map((t) => [t.table, t.file])) : undefined;
    await Deno.writeFile(
      pptx,
      await deck(report, { ...options.deck, csv, xlsx: xlsx && workbook, pngs: rendered }),
    );
  }
  const html = formats.has("html") ? `${dir}/report.html` : undefined;
  if (html) {
    const files = {
      xlsx: xlsx ? workbook : undefined,
      csv: csvs.length ? new Map(tables.map((t) => [t.table, t.file])) : undefined,
    };
    await Deno.writeTextFile(html, renderReport(report, files));
  }
  return { html, pngs, csvs, xlsx, pptx };
}
