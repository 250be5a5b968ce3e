/**
 * The report's pipeline outlook section (`--sections outlook`, issue 35): run on the sandbox it has the
 * risk-adjusted pipeline and the benchmark's funnel, each drawn from exported frames; asked without its
 * inputs it names them; a sponsor with nothing running gets a sentence, not an empty chart.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";
import { planSections, runSections } from "../../lib/report/run.ts";
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
    assert.deepEqual(s.charts!.map((c) => c.name), ["pipeline_outlook", "phase_funnel"]);
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
