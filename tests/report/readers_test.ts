/**
 * The report as a reader gets it, off the happy path: the issue's own run (`--sponsors "Pfizer,Merck &
 * Co" --condition "breast cancer"`, every section its inputs allow) through main.ts with the report task's
 * permissions on the tiny sandbox, then the page, the workbook and the PNG are measured:
 * - an empty section is one sentence saying what was asked and what would widen it — no chart;
 * - words, not codes: no stored code, `[code]` suffix, entity prefix, column name or loopback address in
 *   the page's text (chart SVG text included), the workbook, or the MCP server's answers;
 * - column labels are unique within every table of the page and every sheet;
 * - the regulatory section answers for the report's sponsors, beside the market;
 * - the catalyst chart and sentences count from the data's reference day, not the wall clock.
 */
import assert from "node:assert/strict";
import * as XLSX from "@e965/xlsx";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/inMemory"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { codesIn, pageText } from "./_codes.ts";
import { pngSize } from "../charts/_assert_chart.ts";
import { withSandbox } from "../client/_sandbox.ts";
import { createClient } from "../../lib/client/mod.ts";
import { createMcpServer } from "../../lib/mcp/mod.ts";
import { catalystCalendar } from "../../lib/analyses/mod.ts";
import { catalystSection } from "../../lib/report/sections.ts";
import { mostProlificAuthor } from "../../lib/sandbox/mod.ts";
import { ANALYSIS_ARGS } from "../mcp/_mcp.ts";
import { taskFlags } from "../_tasks.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;
const flags = taskFlags("report");

/** The structured warnings' codes a run can raise: none may reach the text. */
const WARNING_CODES = [
  "protected-beyond-reach",
  "no-events-in-window",
  "horizon-beyond-reach",
  "share-unavailable",
  "maybe-unresolved",
  "not-evidence-of-absence",
  "match-rate",
  "unknown-drug",
  "field-absent",
  "sort-excludes-rows",
  "capped-split",
  "forms-unavailable",
  "term-unavailable",
  "patents-unavailable",
  "unresolved-company",
  "unresolved-disease",
];

const out = await Deno.makeTempDir({ prefix: "ri-readers-" });
const run = await new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "--config",
    config,
    ...flags,
    main,
    "--sponsors",
    "Pfizer,Merck & Co",
    "--condition",
    "breast cancer",
    // Every section: the inputs, plus diseases, an indication and (sandbox-picked) researcher.
    "--diseases",
    "asthma,breast cancer",
    "--indication",
    "EFO:0003060",
    "--sections",
    "portfolio,catalysts,targets,regulatory,patents,diseases,medicare,sponsor,exclusivity,researcher",
    "--formats",
    "html,png,xlsx",
    "--out",
    out,
  ],
  env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_SCALE: "tiny", INIT_CWD: "" },
  stdout: "piped",
  stderr: "piped",
}).output();
const err = new TextDecoder().decode(run.stderr);
const html = run.code === 0 ? await Deno.readTextFile(`${out}/report.html`) : "";
const section = (title: string): string =>
  html.split("<section").find((s) => s.includes(`<h2>${title}</h2>`)) ?? "";

Deno.test({
  name: "the issue's run ends well (exit 0, every section)",
  fn: () => assert.equal(run.code, 0, err.slice(-3000)),
});

Deno.test("an empty loss of exclusivity is one sentence: what was asked, that nothing matched, what would widen it — no chart, on the page and in the PNG", async () => {
  const loe = section("Loss of exclusivity");
  const inner = loe.match(/<p class="empty"[^>]*>([\s\S]*?)<\/p>/)?.[1];
  const empty = inner === undefined ? undefined : pageText(inner).trim();
  assert.ok(empty, "a sentence in place of the chart");
  assert.match(empty, /^No drug of Pfizer or Merck & Co loses its last protection within 5 years/);
  // What would widen it: the report's own flag, with a value that changes the answer.
  assert.match(empty, /--horizon-years \d+ would include/);
  // The flag and its value are kept on one line.
  assert.match(inner!, /<span class="flag">--horizon-years \d+<\/span>/);
  assert.doesNotMatch(loe, /<svg/, "no chart drawn");
  assert.doesNotMatch(loe, /Drugs at risk/, "nor the empty table it would have been drawn from");
  // Advice in the reader's own terms: the report's flags, not the analyses' parameter names.
  assert.match(pageText(section("Catalyst calendar")), /--window-days up to 3650/);
  assert.doesNotMatch(pageText(html), /\bwindowDays\b|\bhorizonYears\b/);
  // The PNG is the sentence, not empty axes: measured by its height (a plot is 380 px at zoom 1).
  const { height } = pngSize(await Deno.readFile(`${out}/loss_of_exclusivity.png`));
  assert.ok(height < 2 * 140, `PNG height ${height} (zoom 2): a sentence`);
});

Deno.test("words, not codes: the page (chart text included) and the workbook carry no stored code, [code] suffix, entity key, column name or loopback address", async () => {
  assert.match(html, /Data: embedded sandbox, synthetic data/);
  const found = codesIn(pageText(html), WARNING_CODES);
  assert.deepEqual(found, [], `on the page:\n${found.join("\n")}`);
  const wb = XLSX.read(await Deno.readFile(`${out}/report.xlsx`), { cellDates: true });
  const cells: string[] = [];
  for (const name of wb.SheetNames.filter((n) => n !== "Contents")) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1 });
    for (const row of rows) for (const v of row) if (typeof v === "string") cells.push(v);
  }
  const inBook = codesIn(cells.join(" | "), WARNING_CODES);
  assert.deepEqual(inBook, [], `in the workbook:\n${inBook.join("\n")}`);
});

Deno.test("column labels are unique within every table of the page and every sheet of the workbook", async () => {
  const tables = [...html.matchAll(/<thead>([\s\S]*?)<\/thead>/g)].map((m) =>
    [...m[1].matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((h) => h[1].replace(/<[^>]+>/g, "").trim())
  );
  assert.ok(tables.length > 10, `${tables.length} tables`);
  for (const heads of tables) {
    const labels = heads.filter(Boolean);
    assert.equal(new Set(labels).size, labels.length, `repeated label in: ${labels.join(" | ")}`);
  }
  const wb = XLSX.read(await Deno.readFile(`${out}/report.xlsx`));
  for (const name of wb.SheetNames.filter((n) => n !== "Contents")) {
    const [head = []] = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[name], { header: 1 });
    assert.equal(new Set(head).size, head.length, `${name}: repeated label in ${head.join(" | ")}`);
  }
  // The ranked targets' approved-drug column says which count it is.
  assert.match(section("Target prioritization"), /Approved drugs \(service count\)/);
});

Deno.test("the regulatory section answers for the report's sponsors: their tiers beside the market's", () => {
  const reg = section("Regulatory landscape");
  const summary = pageText(reg.match(/<p>([\s\S]*?)<\/p>/)?.[1] ?? "");
  assert.match(summary, /^Pfizer: \d+ drugs? .*; Merck & Co: \d+ drugs? .*beside the market: \d+ drugs/);
  assert.match(reg, /Tiers: the sponsors beside the market/);
  assert.match(pageText(reg), /All sponsors \(market\)/);
  assert.doesNotMatch(summary, /\(all sponsors\)/);
});

Deno.test("the catalyst chart counts from the data's reference day, and so does an empty calendar's sentence", async () => {
  await withSandbox(async (sb) => {
    const day = sb.store.today;
    assert.match(pageText(section("Catalyst calendar")), new RegExp(`reference day ${day}`));
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    // Merck & Co has no event within 30 days of the tiny sandbox's reference day.
    const r = await catalystCalendar(ri, { sponsors: ["Merck & Co"], windowDays: 30 });
    assert.equal(r.events.height, 0);
    const s = catalystSection(r, ["Merck & Co"], { asOf: new Date(`${day}T00:00:00Z`), windowDays: 30 });
    const sentence = s.charts?.[0].chart.empty ?? "";
    assert.equal(
      sentence,
      `No approval, patent expiry or exclusivity expiry of Merck & Co within 30 days of ${day}; ` +
        "the widest window (windowDays 3650) may find some.",
    );
    // The warning's advice names the analysis's own parameter and a value that changes the answer.
    const w = r.warnings.find((w) => w.code === "no-events-in-window");
    assert.match(
      w?.message ?? "",
      /^Merck & Co resolved but has no .* within 30 days; .*windowDays up to 3650/,
    );
  });
});

Deno.test("words, not codes, in MCP answers: summaries, warnings and an empty chart's text", async () => {
  await withSandbox(async (sb) => {
    const server = createMcpServer({
      client: createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }),
      synthetic: true,
      // The sandbox's reference day, as `deno task mcp` passes it: sentences count from it.
      asOf: new Date(`${sb.store.today}T00:00:00Z`),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const mcp = new McpClient({ name: "t", version: "1" });
    await mcp.connect(b);
    try {
      const ask = async (name: string, args: Record<string, unknown>) =>
        (await mcp.callTool({ name, arguments: args })) as CallToolResult;
      const first = (r: CallToolResult) => (r.content[0] as { text: string }).text;
      const loe = await ask("loss_of_exclusivity", { sponsors: ["Pfizer", "Merck & Co"] });
      const cal = await ask("catalyst_calendar", { sponsors: ["Merck & Co"], windowDays: 30 });
      const chart = await ask("chart", { handle: (cal.structuredContent as { handle: string }).handle });
      // Every analysis tool with its test arguments, and each one's chart.
      const all: CallToolResult[] = [];
      for (const [name, args] of Object.entries(ANALYSIS_ARGS(mostProlificAuthor(sb.store.db)!))) {
        const r = await ask(name, args);
        all.push(r);
        const handle = (r.structuredContent as { handle?: string } | undefined)?.handle;
        if (handle) all.push(await ask("chart", { handle }));
      }
      // The summary and warning lines are what a person (or an assistant relaying them) reads; the lines
      // naming SQL tables and tools are for the assistant, and the JSON block keeps the codes.
      for (const r of [loe, cal, ...all]) assert.ok(!r.isError, first(r));
      const words = (t: string) =>
        t.split("\n").filter((l) => !/^(Frames \(SQL tables\)|Left out|Chart of r\d+):/.test(l));
      const texts = [loe, cal, chart, ...all].filter((r) => r.content[0]?.type === "text").map(first)
        .flatMap(words);
      const found = codesIn(texts.join("\n"), WARNING_CODES);
      assert.deepEqual(found, [], `in MCP text:\n${found.join("\n")}`);
      assert.match(
        first(chart),
        new RegExp(
          "nothing to draw\\. No approval, patent expiry or exclusivity expiry of Merck & Co within 30 days " +
            `of ${sb.store.today}`,
        ),
      );
      assert.ok(!chart.content.some((c: { type: string }) => c.type === "image"), "no image of empty axes");
      // The codes stay for programs, in the structured answer.
      assert.ok((cal.structuredContent as { warnings: unknown[] }).warnings.length > 0);
      assert.deepEqual((cal.structuredContent as { warning_codes: string[] }).warning_codes, [
        "no-events-in-window",
      ]);
    } finally {
      await mcp.close();
    }
  });
});

addEventListener("unload", () => Deno.removeSync(out, { recursive: true }));
