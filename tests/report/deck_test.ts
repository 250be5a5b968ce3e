/**
 * The report as a deck (issue 42): the README example (`--sponsors "Pfizer,Merck & Co" --condition "lung
 * cancer"`, on the default sandbox) through main.ts with the report task's own permissions, written as
 * CSV and `report.pptx`, then read two ways:
 * - as a file (it is a zip: fflate): one group of slides per section in the report's order, no text under
 *   12 pt, every shape inside the slide, native charts whose series equal the section's CSV, tables as
 *   native tables of the page's formatted values, the empty section as its sentence, the synthetic footer
 *   on every slide;
 * - opened by LibreOffice Impress (headless, to PDF, then `pdftoppm`): a page per slide, every page drawn
 *   (not blank), no word outside its slide or over the footer. The slide images are kept (the path is
 *   printed; `RI_DECK_IMAGES=<folder>` chooses it) for a person to look at.
 *
 * Impress is Debian's `libreoffice-impress` (`soffice`) and the tools `poppler-utils` (`pdftoppm`,
 * `pdftotext`). Without them those tests are reported as ignored with the reason in their name; with
 * `RI_REQUIRE_IMPRESS=1` (set by `.ci/run`) their absence is a failure.
 *
 * Also: a report with an empty and a failed section, and a report of 12 sponsors, make decks too.
 */
import assert from "node:assert/strict";
import { strFromU8, unzipSync } from "fflate";
import pl from "nodejs-polars";
import { taskFlags } from "../_tasks.ts";
import { deck, deckOutline } from "../../lib/report/deck.ts";
import { emptyChart } from "../../lib/charts/_kit.ts";
import { phaseLabel } from "../../lib/charts/_kit.ts";
import { tierLabel } from "../../lib/charts/regulatory_landscape_chart.ts";
import type { Report } from "../../lib/report/html.ts";
import { medicareSpendingChart } from "../../lib/charts/medicare_spending_chart.ts";
import { researcherOutputChart } from "../../lib/charts/researcher_output_chart.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;
const flags = taskFlags("report");

/** Slide size of a 16:9 deck (EMU) and the footer's top (points from the top; the deck's FOOTER_Y). */
const SLIDE = { cx: 12192000, cy: 6858000 };
const FOOTER_TOP_PT = (7.5 - 0.42) * 72;

/** Runs the report command (task permissions, sandbox) into a new folder. */
async function report(args: string[], env: Record<string, string> = {}) {
  const out = await Deno.makeTempDir({ prefix: "ri-deck-" });
  const t0 = performance.now();
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", config, ...flags, main, ...args, "--out", out],
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", INIT_CWD: "", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(run.stdout);
  const stderr = new TextDecoder().decode(run.stderr);
  // The section titles, in order, from the summary the command prints ("- Portfolio overlap: …").
  const sections = stdout.split(/\nSummary[^\n]*:\n/)[1]?.split("\n\n")[0].split("\n")
    .map((l) => l.match(/^- ([^:]+): /)?.[1]).filter((t): t is string => t !== undefined) ?? [];
  return { ...run, out, stdout, stderr, sections, seconds: (performance.now() - t0) / 1000 };
}

const unescape = (s: string): string =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

interface Slide {
  readonly xml: string;
  /** Text runs in order (the first is the slide's kicker: its section's title). */
  readonly texts: string[];
  /** Its charts' XML. */
  readonly charts: string[];
}

/** The slides of a deck, in order, with their texts and charts. */
function slidesOf(bytes: Uint8Array): { slides: Slide[]; files: Record<string, Uint8Array> } {
  const files = unzipSync(bytes);
  const n = (f: string) => Number(f.match(/(\d+)\.xml$/)![1]);
  const names = Object.keys(files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).sort((a, b) =>
    n(a) - n(b)
  );
  const slides = names.map((f) => {
    const xml = strFromU8(files[f]);
    const rels = strFromU8(files[f.replace("slides/", "slides/_rels/") + ".rels"] ?? new Uint8Array());
    const charts = [...rels.matchAll(/Target="([^"]*charts\/chart\d+\.xml)"/g)]
      .map((m) => strFromU8(files[m[1].replace(/^\/|^\.\.\//, "").replace(/^(?!ppt\/)/, "ppt/")]));
    const texts = [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => unescape(m[1]));
    return { xml, texts, charts };
  });
  return { slides, files };
}

interface ChartData {
  readonly kind: "bar" | "line";
  readonly dir?: string;
  readonly grouping?: string;
  readonly series: { name: string; categories: string[]; values: (number | null)[] }[];
}

/** A native chart's series as the file carries them (what PowerPoint edits). */
function chartData(xml: string): ChartData {
  const pts = (s: string) =>
    [...s.matchAll(/<c:pt idx="(\d+)">\s*<c:v>([^<]*)<\/c:v>/g)].map((m) => unescape(m[2]));
  return {
    kind: /<c:lineChart>/.test(xml) ? "line" : "bar",
    dir: xml.match(/<c:barDir val="(\w+)"/)?.[1],
    grouping: xml.match(/<c:grouping val="(\w+)"/)?.[1],
    series: [...xml.matchAll(/<c:ser>([\s\S]*?)<\/c:ser>/g)].map(([, s]) => ({
      name: pts(s.match(/<c:tx>([\s\S]*?)<\/c:tx>/)?.[1] ?? "")[0],
      categories: pts(s.match(/<c:cat>([\s\S]*?)<\/c:cat>/)?.[1] ?? ""),
      values: pts(s.match(/<c:val>([\s\S]*?)<\/c:val>/)?.[1] ?? "").map((v) => (v === "" ? null : Number(v))),
    })),
  };
}

/** `{category → {series → sum}}` of a CSV, recomputed here from the file. */
function pivot(path: string, category: string, series: string, value: string) {
  const rows = pl.readCSV(Deno.readTextFileSync(path)).toRecords();
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const c = String(r[category]), s = String(r[series]);
    const cell = out.get(c) ?? new Map<string, number>();
    cell.set(s, (cell.get(s) ?? 0) + Number(r[value]));
    out.set(c, cell);
  }
  return out;
}

/** Every slide's shapes inside the slide, and no text run under 12 pt (slides and charts). */
function assertFits(slides: readonly Slide[]): void {
  slides.forEach((s, k) => {
    for (const m of s.xml.matchAll(/<a:off x="(-?\d+)" y="(-?\d+)"\/>\s*<a:ext cx="(\d+)" cy="(\d+)"\/>/g)) {
      const [x, y, cx, cy] = m.slice(1).map(Number);
      assert.ok(
        x >= 0 && y >= 0 && x + cx <= SLIDE.cx && y + cy <= SLIDE.cy,
        `slide ${k + 1}: ${m[0]} leaves the slide`,
      );
    }
    for (const xml of [s.xml, ...s.charts]) {
      for (const m of xml.matchAll(/\bsz="(\d+)"/g)) {
        assert.ok(Number(m[1]) >= 1200, `slide ${k + 1}: text of ${Number(m[1]) / 100} pt`);
      }
    }
  });
}

/** The slides grouped by their kicker: the title slide, one group per section in order, the closing. */
function assertSections(slides: readonly Slide[], sections: readonly string[], title: string): void {
  assert.ok(sections.length > 0, "the run printed its sections");
  assert.equal(slides[0].texts[0], title, "the title slide first");
  const kickers = slides.slice(1).map((s) => s.texts[0]);
  const groups: { kicker: string; n: number }[] = [];
  for (const k of kickers) {
    if (groups.at(-1)?.kicker === k) groups.at(-1)!.n++;
    else groups.push({ kicker: k, n: 1 });
  }
  assert.deepEqual(
    groups.map((g) => g.kicker),
    [...sections, "About this deck"],
    "a group of slides per section, in order",
  );
  assert.equal(slides.length, 1 + groups.reduce((a, g) => a + g.n, 0));
}

const which = (tool: string): boolean =>
  new Deno.Command("sh", { args: ["-c", `command -v ${tool}`], stdout: "null", stderr: "null" }).outputSync()
    .success;
const missing = ["soffice", "pdftoppm", "pdftotext"].filter((t) => !which(t));
const impress = missing.length
  ? `${missing.join(", ")} not installed (Debian: libreoffice-impress, poppler-utils)`
  : undefined;

/** Opens a deck in LibreOffice Impress (headless) and returns its PDF, kept in `dir`. */
async function toPdf(pptx: string, dir: string): Promise<string> {
  // A profile of its own, so a running LibreOffice (or another test's) does not take the conversion.
  const profile = await Deno.makeTempDir({ prefix: "ri-lo-" });
  const r = await new Deno.Command("soffice", {
    args: [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      pptx,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(profile, { recursive: true }).catch(() => {});
  const pdf = `${dir}/${pptx.split("/").pop()!.replace(/\.pptx$/, ".pdf")}`;
  assert.ok(r.success && (await Deno.stat(pdf).catch(() => null)), new TextDecoder().decode(r.stderr));
  return pdf;
}

/** Share of dark pixels above the footer of each page (a grey rendering, PGM). */
async function inkAboveFooter(pdf: string, dir: string): Promise<number[]> {
  const r = await new Deno.Command("pdftoppm", { args: ["-gray", "-r", "24", pdf, `${dir}/g`] }).output();
  assert.ok(r.success);
  const pages = [...Deno.readDirSync(dir)].map((e) => e.name).filter((f) => /^g-\d+\.pgm$/.test(f)).sort();
  return pages.map((f) => {
    const b = Deno.readFileSync(`${dir}/${f}`);
    const head = new TextDecoder().decode(b.slice(0, 40)).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const [w, h] = [Number(head[1]), Number(head[2])];
    const pixels = b.slice(head[0].length);
    const rows = Math.floor((h * FOOTER_TOP_PT) / 540);
    let ink = 0;
    for (let i = 0; i < w * rows; i++) if (pixels[i] < 200) ink++;
    return ink / (w * rows);
  });
}

/** Words outside their page, or over the footer band without being the footer. */
async function wordsOutside(pdf: string): Promise<string[]> {
  const r = await new Deno.Command("pdftotext", { args: ["-bbox", pdf, "-"], stdout: "piped" }).output();
  const html = new TextDecoder().decode(r.stdout);
  const bad: string[] = [];
  assert.ok((html.match(/<word /g)?.length ?? 0) > 50, "pdftotext found the slides' words");
  html.split("<page ").slice(1).forEach((page, k) => {
    const [w, h] = [Number(page.match(/width="([\d.]+)"/)![1]), Number(page.match(/height="([\d.]+)"/)![1])];
    for (
      const m of page.matchAll(
        /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</g,
      )
    ) {
      const [x0, y0, x1, y1] = m.slice(1, 5).map(Number);
      const where = `page ${k + 1}: '${unescape(m[5])}' at ${x0.toFixed(0)},${y0.toFixed(0)}–${
        x1.toFixed(0)
      },${y1.toFixed(0)}`;
      if (x0 < 0 || y0 < 0 || x1 > w + 0.5 || y1 > h + 0.5) bad.push(`${where} leaves the ${w}×${h} page`);
      // A word reaching into the footer band must be the footer's own (starting in it).
      else if (y1 > FOOTER_TOP_PT + 1 && y0 < FOOTER_TOP_PT - 2) bad.push(`${where} runs over the footer`);
    }
  });
  return bad;
}

const README_TITLE = "Life-science research landscape";
const readme = await report([
  "--sponsors",
  "Pfizer,Merck & Co",
  "--condition",
  "lung cancer",
  "--formats",
  "csv,pptx",
]);
const pptxPath = `${readme.out}/report.pptx`;
const bytes = readme.code === 0 ? await Deno.readFile(pptxPath) : new Uint8Array();
const { slides } = readme.code === 0 ? slidesOf(bytes) : { slides: [] as Slide[] };
console.log(
  `README example deck: ${slides.length} slides, ${(bytes.length / 1e6).toFixed(2)} MB, run ${
    readme.seconds.toFixed(1)
  } s`,
);

Deno.test({
  name: "the README example writes report.pptx (exit 0)",
  fn: () => {
    assert.equal(readme.code, 0, readme.stderr.slice(-3000));
    assert.match(readme.stdout, /Deck: .*report\.pptx/);
  },
});

Deno.test("deck: a title slide with the question and the data, a group of slides per section in order, then definitions and sources", () => {
  assertSections(slides, readme.sections, README_TITLE);
  for (
    const t of [
      "Portfolio overlap",
      "Catalyst calendar",
      "Target prioritization",
      "Regulatory landscape",
      "Patent trends",
      "Sponsor scan",
      "Loss of exclusivity",
      "Pipeline outlook",
    ]
  ) assert.ok(readme.sections.includes(t), `${t} in ${readme.sections.join(", ")}`);
  const first = slides[0].texts.join(" ");
  assert.match(first, /Sponsors: Pfizer, Merck & Co/);
  assert.match(first, /Condition: lung cancer/);
  assert.match(first, /Data: embedded sandbox, synthetic data, as of \d{1,2} [A-Z][a-z]+ \d{4}/);
  assert.match(first, /Generated \d{1,2} [A-Z][a-z]+ \d{4}/);
  const closing = slides.filter((s) => s.texts[0] === "About this deck").flatMap((s) => s.texts).join(" ");
  assert.match(
    closing,
    /Definitions and sources[\s\S]*Each drug is counted once, in the year of its first approval/,
  );
  assert.match(closing, /Data: +embedded sandbox, synthetic data; the data run to/);
  // The headline sentence is the title of each section's first slide.
  const portfolio = slides.find((s) => s.texts[0] === "Portfolio overlap")!;
  assert.match(portfolio.texts[1], /^Pfizer, Merck & Co in lung cancer: [\d,]+ trials in the condition/);
});

Deno.test("deck: every shape inside its slide, no text under 12 pt, synthetic data said on every slide", () => {
  assert.ok(slides.length > 10);
  assertFits(slides);
  slides.forEach((s, k) =>
    assert.ok(
      s.texts.some((t) => /^Synthetic sandbox data, not real records/.test(t)),
      `slide ${k + 1} footer`,
    )
  );
});

Deno.test("deck: bar, stacked-bar and line charts are native charts whose data equal the section's CSV", () => {
  const charts = slides.flatMap((s) => s.charts.map(chartData));
  // Regulatory (2), patents (2), sponsor scan (one per sponsor), outlook: native (each checked below);
  // the heat map, the timeline and the scatter are the report's PNGs.
  assert.ok(charts.length >= 7, `${charts.length} native charts`);
  for (const t of ["Portfolio overlap", "Catalyst calendar", "Target prioritization"]) {
    const first = slides.find((s) => s.texts[0] === t)!;
    assert.ok(/<p:pic>/.test(first.xml) && first.charts.length === 0, `${t}: the PNG`);
  }

  // Patents per year: one series, the CSV's years and counts.
  const perYear = pl.readCSV(Deno.readTextFileSync(`${readme.out}/patent_trends_patents_per_year.csv`));
  const bars = charts.find((c) => c.series.length === 1 && c.series[0].name === "Patents")!;
  assert.ok(bars, "patents per year");
  assert.deepEqual(bars.series[0].categories, perYear.getColumn("year").toArray().map(String));
  assert.deepEqual(bars.series[0].values, perYear.getColumn("patents").toArray());

  // Patents per company: a line per company over the CSV's years.
  const companies = pivot(
    `${readme.out}/patent_trends_patents_per_company.csv`,
    "year",
    "company",
    "patents",
  );
  const lines = charts.find((c) => c.kind === "line")!;
  assert.deepEqual(lines.series.map((s) => s.name).sort(), ["Merck & Co", "Pfizer"]);
  for (const s of lines.series) {
    assert.deepEqual(s.categories, [...companies.keys()].sort());
    assert.deepEqual(s.values, s.categories.map((y) => companies.get(y)?.get(s.name) ?? null));
  }

  // Drugs by first approval year and tier: stacked columns, every year of the span, a series per tier.
  const byYear = pivot(
    `${readme.out}/regulatory_landscape_drugs_by_first_approval_year.csv`,
    "first_approval_year",
    "tier",
    "drugs",
  );
  const years = [...byYear.keys()].map(Number);
  const stacked = charts.find((c) =>
    c.grouping === "stacked" && c.dir === "col" && c.series.some((s) => s.name === "Biologics")
  )!;
  assert.ok(stacked, "regulatory tiers");
  const span = Array.from(
    { length: Math.max(...years) - Math.min(...years) + 1 },
    (_, i) => String(Math.min(...years) + i),
  );
  const tiers = [...new Set([...byYear.values()].flatMap((m) => [...m.keys()]))];
  assert.deepEqual(stacked.series.map((s) => s.name).sort(), tiers.map(tierLabel).sort());
  for (const tier of tiers) {
    const s = stacked.series.find((x) => x.name === tierLabel(tier))!;
    assert.deepEqual(s.categories, span);
    assert.deepEqual(s.values, span.map((y) => byYear.get(y)?.get(tier) ?? 0), tier);
  }

  // Each sponsor's pipeline: horizontal stacked bars whose phase totals are the CSV's.
  for (const file of ["sponsor_scan_pipeline_pfizer.csv", "sponsor_scan_pipeline_merck_co.csv"]) {
    const byPhase = pivot(`${readme.out}/${file}`, "phase", "sponsor", "trials");
    const totals = new Map(
      [...byPhase].map(([p, m]) => [phaseLabel(p), [...m.values()].reduce((a, b) => a + b, 0)]),
    );
    const sponsor = [...byPhase.values()][0].keys().next().value!;
    const scan = charts.filter((c) =>
      c.dir === "bar" && c.grouping === "stacked" && c.series.some((s) => s.name === "Completed")
    )
      .find((c) =>
        c.series[0].categories.every((p, i) =>
          c.series.reduce((a, s) => a + (s.values[i] ?? 0), 0) === totals.get(p)
        ) &&
        c.series[0].categories.length === totals.size
      );
    assert.ok(scan, `pipeline of ${sponsor}`);
  }

  // Expected approvals per year: a series per sponsor, the CSV's values (every year of the span).
  const outlook = pivot(
    `${readme.out}/pipeline_outlook_expected_approvals_by_year.csv`,
    "year",
    "sponsor",
    "expected_approvals",
  );
  const e = charts.find((c) =>
    c.series.some((s) => s.name === "Pfizer") && c.kind === "bar" && c.dir === "col"
  )!;
  for (const s of e.series) {
    for (const [i, y] of s.categories.entries()) assert.equal(s.values[i], outlook.get(y)?.get(s.name) ?? 0);
  }
});

Deno.test("deck: tables are native tables of the page's formatted values, split rather than shrunk", () => {
  const tables = slides.filter((s) => /<a:tbl>/.test(s.xml));
  assert.ok(tables.length >= 8, `${tables.length} table slides`);
  const all = tables.flatMap((s) => s.texts);
  assert.ok(
    all.includes("Market share") && all.some((t) => /^\d+\.\d%$/.test(t)),
    "percentages as on the page",
  );
  assert.ok(all.some((t) => /^\$\d{1,3}(,\d{3})+$/.test(t)), "money as on the page");
  assert.ok(!all.some((t) => /^(sponsor:|PHASE\d|ACTIVE_NOT_RECRUITING$)/.test(t)), "labels, not codes");
  // The ranked targets (15 rows on the page) go over two or more slides, each titled with its rows.
  const ranked = slides.filter((s) => /^Ranked targets \(rows \d+–\d+ of 15\)$/.test(s.texts[1] ?? ""));
  assert.ok(ranked.length >= 2, "ranked targets split across slides");
});

Deno.test("deck: the empty section is a slide with its sentence, not an empty chart", () => {
  const loe = slides.filter((s) => s.texts[0] === "Loss of exclusivity");
  assert.ok(loe.length >= 1);
  assert.ok(
    loe[0].texts.some((t) =>
      /^No drug of Pfizer or Merck & Co loses its last protection within 5 years/.test(t)
    ),
  );
  assert.equal(loe[0].charts.length, 0);
  assert.doesNotMatch(loe[0].xml, /<p:pic>/);
});

Deno.test("deck: a section's slides carry speaker notes with its whole headline and every warning", () => {
  const { files } = slidesOf(bytes);
  const k = slides.findIndex((s) => s.texts[0] === "Loss of exclusivity");
  const notes = [
    ...strFromU8(files[`ppt/notesSlides/notesSlide${k + 1}.xml`]).matchAll(/<a:t>([^<]*)<\/a:t>/g),
  ]
    .map((m) => unescape(m[1])).join("\n");
  assert.match(notes, /Pfizer, Merck & Co: 0 drugs lose their last patent or exclusivity within 5 years/);
  assert.match(notes, /Warnings:\r?\n- 5 drugs are protected beyond the catalysts' reach/);
});

if (impress && Deno.env.get("RI_REQUIRE_IMPRESS") === "1") {
  Deno.test("deck in LibreOffice Impress: soffice and poppler-utils are required (RI_REQUIRE_IMPRESS=1)", () => {
    assert.fail(`RI_REQUIRE_IMPRESS=1 but ${impress}`);
  });
} else if (impress) {
  console.log(`deck in LibreOffice Impress: SKIPPED — ${impress}`);
  Deno.test({ name: `deck in LibreOffice Impress: SKIPPED — ${impress}`, ignore: true, fn: () => {} });
} else {
  Deno.test("deck in LibreOffice Impress: a page per slide, each drawn, no word outside its slide or over the footer", async () => {
    const dir = Deno.env.get("RI_DECK_IMAGES") ?? await Deno.makeTempDir({ prefix: "ri-deck-images-" });
    await Deno.mkdir(dir, { recursive: true });
    const pdf = await toPdf(pptxPath, dir);
    const ink = await inkAboveFooter(pdf, dir);
    assert.equal(ink.length, slides.length, "a page per slide");
    ink.forEach((share, k) => assert.ok(share > 0.005, `page ${k + 1} is blank above the footer (${share})`));
    assert.deepEqual(await wordsOutside(pdf), []);
    const png = await new Deno.Command("pdftoppm", { args: ["-png", "-r", "60", pdf, `${dir}/slide`] })
      .output();
    assert.ok(png.success);
    console.log(`deck slide images: ${dir}/slide-*.png`);
  });
}

Deno.test("deck of a report with an empty and a failed section: the sentence, the error, no chart", async () => {
  const report: Report = {
    title: "Landscape",
    synthetic: false,
    source: "ri.example.com",
    generatedAt: new Date("2026-11-21T00:00:00Z"),
    sections: [
      {
        title: "Patent trends",
        summary: "Patents in CPC A61K, 2017–2025: none.",
        charts: [{
          name: "patent_trends",
          chart: emptyChart({ title: "Patents" }, "No patent was published in CPC A99Z, 2017–2025."),
          data: [{ title: "Patents per year", frame: pl.DataFrame({ year: [], patents: [] }) }],
        }],
        tables: [{ title: "Patents per year", frame: pl.DataFrame({ year: [], patents: [] }) }],
        warnings: ["CPC A99Z is not a code the service knows"],
      },
      { title: "Catalyst calendar", error: "HTTP 503 after 4 attempts" },
    ],
  };
  assert.deepEqual(deckOutline(report).map((s) => s.kind), ["title", "section", "section", "closing"]);
  const { slides } = slidesOf(await deck(report));
  assert.equal(slides.length, 4);
  assertFits(slides);
  const [, empty, failed] = slides;
  assert.ok(empty.texts.includes("No patent was published in CPC A99Z, 2017–2025."));
  assert.ok(
    empty.texts.some((t) => t.includes("CPC A99Z is not a code the service knows")),
    "warning footnote",
  );
  assert.equal(empty.charts.length, 0);
  assert.doesNotMatch(empty.xml, /<p:pic>|<a:tbl>/);
  assert.ok(
    failed.texts.includes("This analysis failed") && failed.texts.includes("HTTP 503 after 4 attempts"),
  );
  // Real data: no synthetic footer; the source instead.
  assert.ok(slides.every((s) => s.texts.some((t) => t.startsWith("Data: ri.example.com"))));
});

Deno.test("native Medicare spending and researcher output charts carry their frames' values", async () => {
  const drugs = pl.DataFrame({
    generic_name: ["nivolumab", "gefitinib"],
    brand_names: [["Opdivo"], ["Iressa"]],
    branded: [true, false],
    total_spending: [300e6, 100e6],
    spend_share_fraction: [0.75, 0.25],
  });
  const byYear = pl.DataFrame({ year: [2020, 2022], works: [3, 5], citations: [10, 2], open_access: [1, 5] });
  const report: Report = {
    title: "R",
    synthetic: false,
    source: "ri.example.com",
    generatedAt: new Date(0),
    sections: [
      {
        title: "Medicare Part D spending",
        charts: [{
          name: "medicare_spending",
          chart: medicareSpendingChart(drugs),
          data: [{ title: "Drugs", frame: drugs }],
        }],
      },
      {
        title: "Researcher output",
        charts: [{
          name: "researcher_output",
          chart: researcherOutputChart(byYear),
          data: [{ title: "Works per year", frame: byYear }],
        }],
      },
    ],
  };
  const charts = slidesOf(await deck(report)).slides.flatMap((s) => s.charts.map(chartData));
  const series = (name: string) => charts.flatMap((c) => c.series).find((s) => s.name === name)!;
  assert.deepEqual(series("Branded").categories, ["Nivolumab (Opdivo)", "Gefitinib (Iressa)"]);
  assert.deepEqual(series("Branded").values, [300e6, 0]);
  assert.deepEqual(series("Generic").values, [0, 100e6]);
  // Every year of the span, a year without works empty; not open access = works − open access.
  assert.deepEqual(series("Open access").categories, ["2020", "2021", "2022"]);
  assert.deepEqual(series("Open access").values, [1, 0, 5]);
  assert.deepEqual(series("Not open access").values, [2, 0, 0]);
  assert.deepEqual(series("Citations").values, [10, 0, 2]);
});

Deno.test("deck of a report of 12 sponsors: every section's slides, inside the slides, in Impress too", async () => {
  const twelve = [
    "Pfizer",
    "Merck & Co",
    "Novartis",
    "Roche",
    "AstraZeneca",
    "Bristol-Myers Squibb",
    "Eli Lilly and Company",
    "Johnson & Johnson",
    "Sanofi",
    "GSK",
    "AbbVie",
    "Amgen",
  ];
  // No --condition: the sections that take any number of sponsors (portfolio overlap takes 1-10).
  const r = await report(["--sponsors", twelve.join(","), "--formats", "pptx"], { RI_SCALE: "tiny" });
  assert.equal(r.code, 0, r.stderr.slice(-3000));
  const { slides } = slidesOf(await Deno.readFile(`${r.out}/report.pptx`));
  assertSections(slides, r.sections, README_TITLE);
  assertFits(slides);
  // A pipeline per sponsor, each a native chart titled with its sponsor.
  for (const name of twelve) {
    assert.ok(slides.some((s) => s.texts[1] === `Sponsor pipeline: ${name}` && s.charts.length === 1), name);
  }
  if (!impress) {
    const dir = await Deno.makeTempDir({ prefix: "ri-deck12-" });
    const pdf = await toPdf(`${r.out}/report.pptx`, dir);
    assert.deepEqual(await wordsOutside(pdf), []);
    assert.equal((await inkAboveFooter(pdf, dir)).length, slides.length);
  }
});
