/**
 * The report command end to end: main.ts as a subprocess with the `report` task's permissions, in a
 * scratch folder, on the tiny sandbox. Bad input exits 2 before any analysis (did-you-mean, unknown
 * flags, an unwritable --out); good input writes every format asked for; `deno install -g` into a
 * temporary --root gives a working `ri` command.
 */
import assert from "node:assert/strict";
import * as XLSX from "@e965/xlsx";
import { taskCommand, taskFlags as flagsOf } from "../_tasks.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;

/** The `report` task's flags, read from deno.json so the test cannot drift from the task. */
function taskFlags(): string[] {
  const task = taskCommand("report");
  assert.ok(task.endsWith("main.ts"), `unexpected report task: ${task}`);
  return flagsOf("report");
}

// INIT_CWD is set by `deno task` (a relative --out is resolved against it); cleared unless a test sets it.
const ENV = { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_SCALE: "tiny", INIT_CWD: "" };

async function run(
  args: string[],
  opts: { flags?: string[]; cwd?: string; cmd?: string; env?: Record<string, string> } = {},
) {
  const cmd = opts.cmd ?? Deno.execPath();
  const full = opts.cmd ? args : ["run", "--config", config, ...(opts.flags ?? taskFlags()), main, ...args];
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args: full,
    cwd: opts.cwd,
    // The installed script calls `deno` from PATH: the one running this test.
    env: {
      ...ENV,
      ...opts.env,
      PATH: `${Deno.execPath().replace(/\/[^/]*$/, "")}:${Deno.env.get("PATH") ?? ""}`,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

Deno.test("report: misspelled names exit 2 before any analysis, listing every one with the closest names", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-report-" });
  try {
    const r = await run(
      [
        "--sponsors",
        "Pfzer,Novartiss",
        "--condition",
        "lung cancr",
        "--diseases",
        "asthma,astma",
        "--out",
        "o",
      ],
      { cwd },
    );
    assert.equal(r.code, 2, r.out + r.err);
    assert.match(r.err, /4 inputs did not resolve \(nothing was run\)/);
    assert.match(r.err, /--sponsors 'Pfzer' did not resolve; did you mean: 'Pfizer'/);
    assert.match(r.err, /--sponsors 'Novartiss' did not resolve; did you mean: 'Novartis'/);
    assert.match(r.err, /--condition 'lung cancr' did not resolve; did you mean: 'lung cancer'/);
    assert.match(r.err, /--diseases 'astma' did not resolve; did you mean: 'asthma'/);
    assert.ok(!/✓|✗/.test(r.err), "no analysis ran");
    // The run created --out, then stopped with exit 2: the folder is gone again, not left empty.
    assert.ok(![...Deno.readDirSync(cwd)].some((e) => e.name === "o"), "no empty output folder left");
    // A folder that was there before is kept.
    await Deno.mkdir(`${cwd}/mine`);
    const again = await run(["--sponsors", "Pfzer", "--out", "mine"], { cwd });
    assert.equal(again.code, 2);
    assert.ok(Deno.statSync(`${cwd}/mine`).isDirectory, "an existing folder stays");
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("report: an unknown flag, section or format exits 2 with a did-you-mean, without starting anything", async () => {
  const flag = await run(["--fromats", "csv"]);
  assert.equal(flag.code, 2);
  assert.match(flag.err, /--fromats; did you mean --formats\?/);
  const section = await run(["--sponsors", "Pfizer", "--sections", "portfolio,catalyts"]);
  assert.equal(section.code, 2);
  assert.match(section.err, /--sections 'catalyts' is not one of .*did you mean 'catalysts'/);
  const format = await run(["--formats", "html,xls"]);
  assert.equal(format.code, 2);
  assert.match(format.err, /--formats 'xls' is not one of html, png, csv, xlsx, pptx; did you mean 'xlsx'/);
  const needs = await run(["--sections", "portfolio", "--sponsors", "Pfizer"]);
  assert.equal(needs.code, 2);
  assert.match(needs.err, /--sections portfolio needs --sponsors and --condition/);
  const days = await run(["--sponsors", "Pfizer", "--window-days", "ten"]);
  assert.equal(days.code, 2);
  assert.match(days.err, /--window-days 'ten' must be a whole number/);

  const ticker = await run(["--tickers", "Eli Lilly"]);
  assert.equal(ticker.code, 2);
  assert.match(ticker.err, /--tickers 'ELI LILLY' is not a stock ticker/);
  const cpc = await run(["--sponsors", "Pfizer", "--cpc", "pharma"]);
  assert.equal(cpc.code, 2);
  assert.match(cpc.err, /--cpc 'PHARMA' is not a CPC code/);
  const author = await run(["--author", "A123"]);
  assert.equal(author.code, 2);
  assert.match(author.err, /--author 'A123' is not a scholarly-index author id .*e\.g\. A\d+/);
  const none = await run(["--window-days", "30"]);
  assert.equal(none.code, 2);
  assert.match(none.err, /No inputs: give at least one of --sponsors/);
  for (const r of [flag, section, format, needs, days, ticker, cpc, author, none]) {
    assert.ok(!r.err.includes("Starting the embedded"));
  }
  const scale = await run(["--sponsors", "Pfizer"], { env: { RI_SCALE: "tny" } });
  assert.equal(scale.code, 2);
  assert.match(scale.err, /^RI_SCALE: Unknown scale "tny": use tiny, small or large$/m);
  assert.doesNotMatch(scale.err, /Uncaught|at async/, "no stack trace");
  const help = await run(["--", "--help"]); // as `deno task report -- --help` passes it
  assert.equal(help.code, 0);
  // Every bad flag and value at once, one line each.
  const many = await run(["--", "--fromats", "csv", "--window-days", "0", "--cpc", "x", "--out"]);
  assert.equal(many.code, 2);
  for (
    const m of [/--fromats; did you mean --formats/, /--window-days '0'/, /--cpc 'X'/, /--out needs a value/]
  ) {
    assert.match(many.err, m);
  }
  assert.match(help.out, /--sponsors[\s\S]*--formats html,png,csv,xlsx[\s\S]*Exit codes: 0 done, 1/);
});

Deno.test("report: an --out outside --allow-write, or one that cannot be created, exits 2 naming the fix", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-report-" });
  try {
    const flags = taskFlags().map((f) => (f === "--allow-write" ? `--allow-write=${cwd}/ok` : f));
    const denied = await run(["--sponsors", "Pfizer", "--out", `${cwd}/elsewhere`], { flags });
    assert.equal(denied.code, 2);
    assert.match(denied.err, new RegExp(`--out.*add --allow-write=${cwd}/elsewhere`));
    const blocked = `${cwd}/file`;
    await Deno.writeTextFile(blocked, "a file, not a folder");
    const refused = await run(["--sponsors", "Pfizer", "--out", `${blocked}/sub`]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /Output folder '.*file\/sub' \(--out\) cannot be written/);
    for (const r of [denied, refused]) assert.ok(!r.err.includes("Starting the embedded"), "checked first");
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("report: good inputs write html, png, csv and xlsx; the workbook has a sheet per CSV", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-report-" });
  try {
    const started = performance.now();
    const r = await run([
      "--sponsors",
      "pfizer;Merck & Co",
      "--condition",
      "lung cancer",
      "--sections",
      "portfolio,catalysts,medicare",
      "--indication",
      "non-small cell lung carcinoma",
      "--formats",
      "html,png,csv,xlsx",
      "--out",
      "reports/q1",
    ], { cwd });
    assert.equal(r.code, 0, r.out + r.err);
    console.log(`report command took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    assert.match(r.err, /--sponsors 'pfizer' → Pfizer/, "spelled as the service spells it");
    assert.match(r.err, /--indication 'non-small cell lung carcinoma' → .*\(EFO:0003060\)/);
    assert.match(r.out, /3\/3 analyses/);
    const dir = `${cwd}/reports/q1`;
    const files = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    for (const f of ["report.html", "report.xlsx", "portfolio_overlap.png", "catalyst_calendar.png"]) {
      assert.ok(files.includes(f), `${f} in ${files.join(", ")}`);
    }
    const csvs = files.filter((f) => f.endsWith(".csv"));
    assert.ok(csvs.includes("portfolio_overlap_sponsors.csv"), csvs.join(", "));
    const wb = XLSX.read(await Deno.readFile(`${dir}/report.xlsx`));
    assert.equal(wb.SheetNames.length, csvs.length + 1, "Contents + a sheet per CSV");
    const html = await Deno.readTextFile(`${dir}/report.html`);
    assert.match(html, /Sponsors Pfizer, Merck &amp; Co; condition lung cancer/);
    assert.match(html, />\d+\.\d%</, "shares shown as percentages");
    assert.match(html, />\$[\d,]+</, "dollars with separators");
    assert.ok(!html.includes("Target prioritization"), "only the sections asked for");
    assert.ok(html.includes('href="report.xlsx"'), "the page links the workbook");
    assert.ok(html.includes('href="portfolio_overlap_sponsors.csv"'), "and each table's CSV");
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("ri: deno install -g into a temporary --root gives a working command", async () => {
  const rootDir = await Deno.makeTempDir({ prefix: "ri-install-" });
  try {
    const install = await new Deno.Command(Deno.execPath(), {
      args: [
        "install",
        "-g",
        "-f",
        "-n",
        "ri",
        "--root",
        rootDir,
        "--config",
        config,
        ...taskFlags(),
        main,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(install.code, 0, new TextDecoder().decode(install.stderr));
    const ri = `${rootDir}/bin/ri`;
    const help = await run(["--help"], { cmd: ri, cwd: rootDir });
    assert.equal(help.code, 0, help.err);
    assert.match(help.out, /^Usage: ri/);
    const typo = await run(["--sponsors", "Novartiss", "--out", `${rootDir}/o`], { cmd: ri, cwd: rootDir });
    assert.equal(typo.code, 2, typo.out + typo.err);
    assert.match(typo.err, /did you mean: 'Novartis'/);
  } finally {
    await Deno.remove(rootDir, { recursive: true });
  }
});

Deno.test("report: two sponsors and a condition scan both sponsors, run no researcher without --author, print each warning", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-report-inputs-" });
  try {
    const r = await run(
      ["--sponsors", "Pfizer,Novartis", "--condition", "lung cancer", "--formats", "csv", "--out", "o"],
      { cwd },
    );
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /skipped researcher: needs --author/);
    assert.doesNotMatch(r.out, /Researcher output/);
    assert.match(r.out, /- Sponsor scan: Pfizer: .* Novartis: /, "every sponsor is scanned");
    const files = [...Deno.readDirSync(`${cwd}/o`)].map((e) => e.name);
    assert.ok(files.includes("sponsor_scan_pipeline_novartis.csv"), files.join(", "));
    // "N warning(s)" at the end, and as many warning lines, each with its section and text.
    const [, count, noun] = /, (\d+) (warnings?), [\d.]+ s\.$/m.exec(r.out) ?? [];
    assert.ok(count !== undefined, r.out);
    assert.equal(noun, count === "1" ? "warning" : "warnings");
    const listed = r.out.split("\n").slice(r.out.split("\n").findIndex((l) => /^Warnings?:$/.test(l)) + 1)
      .filter((l) => l.startsWith("- ")).length;
    assert.equal(Number(count) === 0 ? 0 : listed, Number(count), r.out);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
