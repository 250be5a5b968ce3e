/**
 * Writing a report to disk: `report.html` plus one PNG per chart.
 *
 * @module
 */
import { toPng } from "../charts/render.ts";
import { renderReport, type Report } from "./html.ts";

/** What {@linkcode writeReport} wrote. */
export interface WrittenReport {
  /** Path of the HTML page. */
  readonly html: string;
  /** Paths of the PNG files, one per chart. */
  readonly pngs: readonly string[];
}

/**
 * Writes `report.html` and `<chart name>.png` files into `dir` (created when missing).
 *
 * @param report The report.
 * @param dir Output directory. @default {"out"}
 * @returns The written paths.
 * @example Write a report
 * ```ts ignore
 * const { html, pngs } = await writeReport(report, "out");
 * ```
 */
export async function writeReport(report: Report, dir = "out"): Promise<WrittenReport> {
  await Deno.mkdir(dir, { recursive: true });
  const names = new Set<string>();
  const pngs: string[] = [];
  for (const s of report.sections) {
    for (const c of s.charts ?? []) {
      if (!/^[a-z0-9_-]+$/i.test(c.name) || names.has(c.name)) {
        throw new TypeError(`Chart name '${c.name}' must be unique and use only letters, digits, _ and -`);
      }
      names.add(c.name);
      const path = `${dir}/${c.name}.png`;
      await Deno.writeFile(path, toPng(c.chart));
      pngs.push(path);
    }
  }
  const html = `${dir}/report.html`;
  await Deno.writeTextFile(html, renderReport(report));
  return { html, pngs };
}
