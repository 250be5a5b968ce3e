/**
 * resolveInputs() on the sandbox over loopback: names spelled as the service spells them, a tier without
 * disease autocomplete runs unchecked (and says so), an unreachable service stops before any analysis.
 */
import assert from "node:assert/strict";
import { withSandbox } from "../client/_sandbox.ts";
import { createClient } from "../../lib/client/mod.ts";
import { HEADLINE_INPUTS, UsageError } from "../../lib/report/inputs.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";

const inputs = {
  ...HEADLINE_INPUTS,
  sponsors: ["pfizer", "Merck & Co"],
  condition: "Lung Cancer",
  diseases: ["asthma", "EFO:0000305"],
  indication: "non-small cell lung carcinoma",
  indicationName: undefined,
  scanSponsor: undefined,
};

Deno.test("resolveInputs() spells names as the service does and turns a named indication into its EFO id", async () => {
  await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const { inputs: r, notes } = await resolveInputs(client, inputs, ["portfolio", "diseases", "medicare"]);
    assert.deepEqual(r.sponsors, ["Pfizer", "Merck & Co"]);
    assert.equal(r.condition, "lung cancer");
    assert.deepEqual(r.diseases, ["asthma", "EFO:0000305"], "a CURIE is taken as given");
    assert.equal(r.indication, "EFO:0003060");
    assert.equal(r.indicationName, "non-small cell lung carcinoma");
    assert.ok(notes.some((n) => /^--sponsors 'pfizer' → Pfizer(: |$)/.test(n)), notes.join("\n"));
    // Looked up at once, listed in the order given (a CURIE is not looked up).
    assert.deepEqual(notes.map((n) => /^(--\w+) '([^']*)'/.exec(n)?.slice(1).join(" ")), [
      "--sponsors pfizer",
      "--sponsors Merck & Co",
      "--condition Lung Cancer",
      "--diseases asthma",
      "--indication non-small cell lung carcinoma",
    ]);
  });
});

Deno.test("resolveInputs() on a free key (no disease autocomplete) checks sponsors and says the rest was not checked", async () => {
  await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.free, retry: 0 });
    const { inputs: r, notes } = await resolveInputs(client, inputs, ["portfolio"]);
    assert.deepEqual(r.sponsors, ["Pfizer", "Merck & Co"]);
    assert.equal(r.condition, "Lung Cancer", "unchecked: as given");
    assert.ok(notes.some((n) => /^--condition 'Lung Cancer' not checked \(/.test(n)), notes.join("\n"));
  });
});

Deno.test("resolveInputs() stops on an unreachable service instead of reporting names as unresolved", async () => {
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", retry: 0 });
  await assert.rejects(
    resolveInputs(client, inputs, ["portfolio"]),
    (e) => !(e instanceof UsageError) && /could not complete the request/i.test((e as Error).message),
  );
});

Deno.test("resolveInputs() checks the names of every section that uses them (loss of exclusivity alone included)", async () => {
  await withSandbox(async (sb) => {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const typo = { ...inputs, sponsors: ["Pfzer"] };
    for (const id of ["exclusivity", "catalysts", "patents", "sponsor"] as const) {
      await assert.rejects(resolveInputs(client, typo, [id]), /--sponsors 'Pfzer' did not resolve/, id);
    }
    const { notes } = await resolveInputs(client, typo, ["regulatory"]);
    assert.deepEqual(notes, [], "a section without names resolves nothing");
  });
});
