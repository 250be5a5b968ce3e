/**
 * The report's pipeline outlook section (`--sections outlook`, issue 35): run on the sandbox it has the
 * risk-adjusted pipeline and the benchmark's funnel, each drawn from exported frames; asked without its
 * inputs it names them; a sponsor with nothing running gets a sentence, not an empty chart.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";
import { planSections, runSections } from "../../lib/report/run.ts";
import { renderReport } from "../../lib/report/html.ts";
import { PUBLISHED_LOA_RANGE, publishedRange } from "../../lib/analyses/_loa_benchmarks.ts";
import { withSandbox } from "../sandbox/_helpers.ts";

Deno.test("report outlook section: charts from its frames, a sentence when nothing runs", async () => {
  await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const asOf = new Date(`${sb.store.today}T00:00:00Z`);
    const inputs = { ...HEADLINE_INPUTS, sponsors: ["Pfizer", "Novartis"], sections: ["outlook" as const] };
    const { sections, failures } = await runSections(client, ["outlook"], { inputs, asOf });
    assert.deepEqual(failures, []);
    const s = sections[0];
    assert.equal(s.title, "Pipeline outlook");
    assert.match(s.summary!, /^Pfizer and Novartis in lung cancer: Pfizer: /);
    // The published benchmark has no funnel of its own (a computed one draws it).
    assert.deepEqual(s.charts!.map((c) => c.name), ["pipeline_outlook"]);
    for (const c of s.charts!) assert.ok(c.data.every((d) => s.tables!.includes(d)), c.name);
    const none = await runSections(client, ["outlook"], {
      inputs: { ...inputs, sponsors: ["Nosuch Pharma"], condition: "melanoma" },
      asOf,
    });
    assert.match(
      String(none.sections[0].charts![0].chart.empty),
      /^No active programme of Nosuch Pharma in melanoma/,
    );
  });
  assert.throws(
    () => planSections({ ...HEADLINE_INPUTS, sponsors: [], sections: ["outlook"] }, false),
    /--sections outlook needs --sponsors and --condition or --diseases/,
  );
});

Deno.test("the README example's outlook: the page names the benchmark and shows rates in the published range", async () => {
  await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const asOf = new Date(`${sb.store.today}T00:00:00Z`);
    const inputs = {
      ...HEADLINE_INPUTS,
      sponsors: ["Pfizer", "Merck & Co"],
      condition: "lung cancer",
      sections: ["outlook" as const],
    };
    const { sections, failures } = await runSections(client, ["outlook"], { inputs, asOf });
    assert.deepEqual(failures, []);
    const page = renderReport({
      title: "Report",
      synthetic: true,
      source: "embedded sandbox, synthetic data",
      generatedAt: asOf,
      sections,
    });
    assert.match(page, /Benchmark: published rates of BIO\/Informa\/QLS 2011–2020, oncology \(BIO, Informa/);
    assert.match(page, /Likelihood of approval from Phase 1 5\.3 % \(Phase 2 10\.8 %, Phase 3 43\.9 %\)/);
    // Every probability on the page's programme table lies within the published figures.
    const s = sections[0];
    const rows = s.tables!.find((t) => t.title === "Active programmes")!.frame.toRecords();
    assert.ok(rows.length > 0);
    for (const r of rows) {
      const from = Number(String(r.current_phase).slice(-1)) as 1 | 2 | 3;
      assert.equal(r.rate_basis, "BIO/Informa/QLS 2011–2020, oncology");
      const p = Number(r.p_approval);
      const floor = from === 1 ? PUBLISHED_LOA_RANGE.low : publishedRange(from).low * 0.1;
      assert.ok(p >= floor && p <= publishedRange(3).high, `${r.drug} ${from}: ${p}`);
      assert.ok(p < 0.6, `no programme gets an impossible ${p}`);
    }
    const b = s.tables!.find((t) => t.title === "Benchmark")!.frame.toRecords();
    const loa1 = Number(b.find((x) => x.from_phase === "phase1")!.loa);
    assert.ok(loa1 >= PUBLISHED_LOA_RANGE.low && loa1 <= PUBLISHED_LOA_RANGE.high);
    assert.ok(!s.charts!.some((c) => c.name === "phase_funnel"), "no funnel of a benchmark not computed");
  });
});

Deno.test("report: twelve sponsors exit 2 naming the outlook's limit, before any section runs", async () => {
  const sponsors = Array.from({ length: 12 }, (_, i) => `Sponsor ${i + 1}`).join(",");
  const main = new URL("../../main.ts", import.meta.url).pathname;
  const config = new URL("../../deno.json", import.meta.url).pathname;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--config",
      config,
      main,
      "--sponsors",
      sponsors,
      "--diseases",
      "asthma",
      "--out",
      "/nonexistent/x",
    ],
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_SCALE: "tiny", INIT_CWD: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr);
  assert.equal(code, 2, err);
  assert.match(err, /--sponsors \(pipeline outlook\): lists 12 items, at most 10 allowed; split the list/);
  assert.doesNotMatch(err, /Starting the embedded sandbox|✓|✗/);
});
