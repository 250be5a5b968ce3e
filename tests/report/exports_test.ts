/**
 * The report's exports read back: every section of the report run on the tiny sandbox, written as CSV
 * files and one workbook; the workbook is read with SheetJS (an independent reader, not the writer) and
 * the CSVs with Polars, and every sheet's and file's rows and values are compared with the DataFrame.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import * as XLSX from "@e965/xlsx";
import { withSandbox } from "../client/_sandbox.ts";
import { createClient } from "../../lib/client/mod.ts";
import { exportTables, type Report, writeReport } from "../../lib/report/mod.ts";
import { HEADLINE_INPUTS, REPORT_SECTIONS, type SectionId } from "../../lib/report/inputs.ts";
import { runSections } from "../../lib/report/run.ts";
import { sectionFrames } from "../../lib/report/exports.ts";
import { columnLabel, columnSemantic, excelNumberFormat } from "../../lib/frames/semantics.ts";
import { displayValue } from "../../lib/frames/value_labels.ts";
import { dtypeName } from "../../lib/charts/display.ts";

/**
 * What a cell should read back as: numbers (money to the cent), booleans, dates (to the second), lists
 * joined with "; "; in the workbook, text and booleans as shown to a reader (`shown`: labels of codes,
 * entity values without their prefix, Yes/No).
 */
function expected(v: unknown, money = false, shown?: (s: string | boolean) => unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Date) return Math.round(v.getTime() / 1000);
  if (Array.isArray(v)) {
    return v.map((x) => (x === null ? "null" : String(shown ? shown(x) : x))).join("; ") || undefined;
  }
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "number" && money && !Number.isInteger(v)) return Math.round(v * 100) / 100;
  if (typeof v === "string" || typeof v === "boolean") return shown ? shown(v) : v;
  return v;
}

/** Stored codes a reader should never see in the workbook or the page: `PHASE2`, `exclusivity_expiry`, `true`. */
const MACHINE_VALUE =
  /^(true|false|[A-Z]{2,}( [A-Z]{2,})+|[A-Z]+\d*(_[A-Z]+\d*)+|PHASE\d.*|[a-z]+_[a-z_]+|sponsor:.*)$/;

/** Rows of a frame that belong to one sponsor (events, drugs, approvals, trials of a pipeline). */
const PER_SPONSOR_ROWS = ["event_date", "protection_horizon", "approval_id", "enrollment"];
const ENTITY_COLUMNS = ["entities", "entity", "sponsor", "sponsors", "company", "sponsor_a"];

Deno.test("every chart of the report has its frames exported, and per-sponsor rows name their sponsor", async () => {
  const report = await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const inputs = { ...HEADLINE_INPUTS, scanSponsor: undefined, sponsors: ["Pfizer", "Novartis"] };
    const ids = (Object.keys(REPORT_SECTIONS) as SectionId[]).filter((id) => id !== "researcher");
    const { sections, failures } = await runSections(client, ids, { inputs });
    assert.deepEqual(failures, []);
    return { title: "T", synthetic: true, source: sb.url, generatedAt: new Date(0), sections };
  });
  const exported = exportTables(report);
  let charts = 0;
  for (const s of report.sections) {
    for (const c of s.charts ?? []) {
      charts++;
      assert.ok(c.data.length > 0, `${s.title}: chart ${c.name} names the frames it is drawn from`);
      for (const d of c.data) {
        assert.ok(
          exported.some((t) => t.table === d),
          `${s.title}: ${c.name}'s frame ${d.title} is exported`,
        );
      }
    }
    for (const t of sectionFrames(s)) {
      if (!t.frame.columns.some((c) => PER_SPONSOR_ROWS.includes(c))) continue;
      assert.ok(
        t.frame.columns.some((c) => ENTITY_COLUMNS.includes(c)),
        `${s.title} - ${t.title}: rows of two sponsors without a column saying whose (${t.frame.columns})`,
      );
      const shown = t.columns ?? t.frame.columns;
      assert.ok(
        shown.some((c) => ENTITY_COLUMNS.includes(c)),
        `${s.title} - ${t.title}: the page shows whose`,
      );
    }
  }
  assert.ok(charts >= 9, `${charts} charts`);
  // The sponsor scan covers every sponsor given, one chart each.
  const scan = report.sections.find((s) => s.title === "Sponsor scan")!;
  assert.equal(scan.charts?.length, 2);
  assert.match(scan.summary ?? "", /^Pfizer: .*Novartis: /);
});

function actual(cell: XLSX.CellObject | undefined): unknown {
  if (!cell || cell.v === undefined || cell.v === "") return undefined;
  return cell.v instanceof Date ? Math.round(cell.v.getTime() / 1000) : cell.v;
}

Deno.test("writeReport() csv+xlsx: every sheet and CSV file has the frame's rows and values, typed and formatted", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-exports-" });
  try {
    const report: Report = await withSandbox(async (sb) => {
      const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      const pickAuthor = () =>
        (sb.store.db.prepare("SELECT author_id FROM work_authors LIMIT 1").get() as { author_id: string })
          .author_id;
      const ids = Object.keys(REPORT_SECTIONS) as SectionId[];
      const { sections, failures } = await runSections(client, ids, { inputs: HEADLINE_INPUTS, pickAuthor });
      assert.deepEqual(failures, []);
      return { title: "T", synthetic: true, source: sb.url, generatedAt: new Date(0), sections };
    });
    const written = await writeReport(report, dir, { formats: ["csv", "xlsx"] });
    assert.equal(written.html, undefined, "html not asked for");
    assert.deepEqual(written.pngs, []);
    const tables = exportTables(report);
    assert.ok(tables.length >= 12, `${tables.length} tables`);
    assert.equal(written.csvs.length, tables.length);

    const wb = XLSX.read(await Deno.readFile(written.xlsx!), { cellDates: true, cellNF: true });
    assert.deepEqual(wb.SheetNames, ["Contents", ...tables.map((t) => t.sheet)]);
    let numbersChecked = 0;
    const shownValues = new Set<string>();
    for (const t of tables) {
      const ws = wb.Sheets[t.sheet];
      const df = t.frame;
      const range = XLSX.utils.decode_range(ws["!ref"] ?? "A1");
      assert.equal(range.e.r, df.height, `${t.sheet}: header + ${df.height} rows`);
      assert.equal(range.e.c + 1, df.width, `${t.sheet}: ${df.width} columns`);
      const dtypes = df.dtypes.map(dtypeName);
      df.columns.forEach((name, c) => {
        const inner = dtypes[c].replace(/^list\[(.*)\]$/, "$1");
        const header = ws[XLSX.utils.encode_cell({ r: 0, c })]?.v;
        assert.equal(header, columnLabel(name, inner), `${t.sheet}: header ${name}`);
        assert.doesNotMatch(String(header), /_/, `${t.sheet}: header ${header} is a label, not a name`);
        const values = df.getColumn(name).toArray() as unknown[];
        const semantic = columnSemantic(name, dtypes[c]);
        const format = excelNumberFormat(semantic);
        const money = semantic.kind === "usd";
        values.forEach((v, r) => {
          const cell = ws[XLSX.utils.encode_cell({ r: r + 1, c })] as XLSX.CellObject | undefined;
          const want = expected(v, money, (x) => displayValue(name, x));
          assert.deepEqual(actual(cell), want, `${t.sheet} ${name} row ${r + 1}`);
          if (typeof cell?.v === "string" && !/(^|_)id$|_key$|^(key|cpc|symbol)$/.test(name)) {
            assert.doesNotMatch(cell.v, MACHINE_VALUE, `${t.sheet} ${name}: a label, not a stored code`);
            if (cell.v !== "") shownValues.add(cell.v);
          }
          if (typeof v === "number" && format) {
            assert.equal(cell?.t, "n", `${t.sheet} ${name}: a number cell`);
            assert.equal(cell?.z, format, `${t.sheet} ${name}: number format`);
            numbersChecked++;
          }
          if (v instanceof Date) assert.equal(cell?.t, "d", `${t.sheet} ${name}: a date cell`);
        });
      });

      const csv = pl.readCSV(await Deno.readTextFile(`${dir}/${t.file}`), { inferSchemaLength: 0 });
      assert.deepEqual(csv.columns, df.columns, `${t.file}: columns`);
      assert.equal(csv.height, df.height, `${t.file}: rows`);
      df.columns.forEach((name) => {
        const raw = df.getColumn(name).toArray() as unknown[];
        const money = columnSemantic(name, dtypeName(df.dtypes[df.columns.indexOf(name)])).kind === "usd";
        const want = raw.map((v) => expected(v, money));
        const got = (csv.getColumn(name).toArray() as (string | null)[]).map((s, r) => {
          const w = want[r];
          if (s === null || s === "") return undefined;
          if (typeof w === "number" && !(raw[r] instanceof Date)) return Number(s);
          if (typeof w === "boolean") return s === "true";
          if (raw[r] instanceof Date) return Math.round(Date.parse(s) / 1000);
          return s;
        });
        assert.deepEqual(got, want, `${t.file}: ${name}`);
      });
    }
    assert.ok(numbersChecked > 100, `${numbersChecked} number cells checked`);
    // Written out by hand, not from the labels table: what an analyst reads for the stored codes.
    for (
      const label of [
        "Exclusivity expiry",
        "Phase 2",
        "Completed",
        "Yes",
        "No",
        "Biologics",
        "FDA Orange Book",
      ]
    ) {
      assert.ok(shownValues.has(label), `the workbook shows "${label}"`);
    }

    const share = tables.find((t) => t.frame.columns.includes("market_share"))!;
    const col = share.frame.columns.indexOf("market_share");
    const cell = wb.Sheets[share.sheet][XLSX.utils.encode_cell({ r: 1, c: col })];
    assert.equal(cell.z, "0.0%");
    assert.match(String(cell.w), /^\d+\.\d%$/, "Excel shows the share as a percentage");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("workbook: header row frozen and bold, auto-filter, column widths from the formatted text", async () => {
  const { workbookBytes } = await import("../../lib/report/exports.ts");
  const ExcelJS = (await import("exceljs")).default;
  const frame = pl.DataFrame({
    title: ["A rather long trial title that needs room", "short"],
    total_spending: [5534546358.2, 12.5],
    event_date: [new Date("2026-03-01T00:00:00Z"), null],
  }).withColumns(pl.col("event_date").cast(pl.Date));
  const bytes = await workbookBytes(
    [{ sheet: "S", file: "s.csv", section: "P", title: "S", frame }],
    { title: "R", source: "sandbox", generatedAt: new Date(0) },
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  const ws = wb.getWorksheet("S")!;
  assert.equal(ws.views[0].state, "frozen");
  assert.equal((ws.views[0] as { ySplit?: number }).ySplit, 1);
  assert.ok(ws.getRow(1).font?.bold);
  assert.ok(ws.autoFilter);
  assert.ok(ws.getColumn(1).width! > 40, "the long title gets a wide column");
  assert.ok(ws.getColumn(3).width! >= 10 && ws.getColumn(3).width! < 20, "a date column fits a date");
  assert.ok(ws.getCell("C2").value instanceof Date);
  assert.equal(ws.getCell("C2").numFmt, "yyyy-mm-dd");
  assert.equal(ws.getCell("B2").numFmt, '"$"#,##0');
  assert.equal(ws.getCell("C3").value, null, "a null stays an empty cell");
});

Deno.test("writeReport() html+csv: each table on the page links its own CSV file, same-named tables apart", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-links-" });
  try {
    const a = pl.DataFrame({ n: [1, 2] });
    const b = pl.DataFrame({ n: Array.from({ length: 20 }, (_, i) => i) });
    const empty = pl.DataFrame({ n: [] as number[] });
    const report: Report = {
      title: "R",
      synthetic: true,
      source: "test",
      generatedAt: new Date(0),
      sections: [{
        title: "Portfolio overlap",
        tables: [
          { title: "Sponsors", frame: a },
          { title: "Sponsors", frame: b },
          { title: "Shared", frame: empty },
        ],
      }],
    };
    const written = await writeReport(report, dir, { formats: ["html", "csv"] });
    const html = await Deno.readTextFile(written.html!);
    assert.match(
      html,
      />As CSV: <a href="portfolio_overlap_sponsors\.csv">/,
      "all 2 rows shown: just the link",
    );
    assert.match(html, />All 20 rows: <a href="portfolio_overlap_sponsors_2\.csv">/, "15 of 20 shown");
    assert.ok(!html.includes('href="portfolio_overlap_shared.csv"'), "no link to an empty table");
    assert.equal(pl.readCSV(await Deno.readTextFile(`${dir}/portfolio_overlap_sponsors_2.csv`)).height, 20);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
