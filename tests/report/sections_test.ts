/**
 * Section summaries read as sentences: counts with separators (as the tables show them), singular for
 * one (sandbox over loopback, tiny scale).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { withSandbox } from "../client/_sandbox.ts";
import { createClient } from "../../lib/client/mod.ts";
import {
  diseaseComparison,
  medicareSpending,
  regulatoryLandscape,
  sponsorScan,
} from "../../lib/analyses/mod.ts";
import {
  diseaseSection,
  medicareSection,
  portfolioSection,
  regulatorySection,
  sponsorSection,
} from "../../lib/report/sections.ts";

Deno.test("regulatory summary names each source in words (FDA Orange Book), not its stored code", async () => {
  await withSandbox(async (sb) => {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const r = await regulatoryLandscape(ri, {});
    const summary = regulatorySection(r, "US approvals").summary ?? "";
    assert.match(summary, /[Aa]pprovals by source: .*FDA Orange Book \d/);
    assert.doesNotMatch(summary, /FDA_ORANGE|FDA_PURPLE/);
  });
});

Deno.test("section summaries: one disease landscape (singular); sponsor counts with thousands separators", async () => {
  await withSandbox(async (sb) => {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const one = diseaseSection(await diseaseComparison(ri, { diseases: ["asthma"] }));
    assert.match(one.summary ?? "", /^1 disease landscape compared;/);
    const scan = await sponsorScan(ri, { sponsor: "Pfizer" });
    // The tiny sandbox has a few hundred patents per sponsor; a large sponsor's count, as the real service gives.
    const big = { ...scan, summary: scan.summary.withColumns(pl.lit(2606).alias("patents")) };
    assert.match(sponsorSection([{ sponsor: "Pfizer", r: big }]).summary ?? "", /, 2,606 patents\.$/);
  });
});

Deno.test("Medicare section: an indication with no drugs says so (no '$0 across 0 drugs; branded  of spend')", async () => {
  await withSandbox(async (sb) => {
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const none = await medicareSpending(ri, { efo_id: "EFO:0001071" });
    assert.equal(none.drugs.height, 0, "the tiny sandbox has no drugs for EFO:0001071");
    assert.equal(
      medicareSection(none, "Drugs approved for X").summary,
      "Drugs approved for X: no Medicare Part D drugs matched.",
    );
  });
});

Deno.test("portfolio summary: '1 shared trial' in the singular, thousands separators, the chart's Jaccard (one decimal)", () => {
  const r = {
    matrix: pl.DataFrame({
      sponsor_a: ["A"],
      sponsor_b: ["B"],
      trials_a: [20],
      trials_b: [9],
      shared: [1],
      jaccard: [0.0357],
    }),
    market: pl.DataFrame({ market_size_trials: [3028], shared_by_two_or_more: [1] }),
    sponsors: pl.DataFrame({ sponsor: ["A", "B"] }),
    shared: pl.DataFrame({ id: ["NCT01234567"] }),
    provenance: [],
    warnings: [],
    complete: true,
  } as unknown as Parameters<typeof portfolioSection>[0];
  assert.equal(
    portfolioSection(r, ["A", "B"], "asthma").summary,
    "A, B in asthma: 3,028 trials in the condition, 1 shared by at least two of them. " +
      "Largest overlap: A × B (1 shared trial, Jaccard 3.6%).",
  );
});

Deno.test("portfolio summary: no pair sharing a trial, or an unknown overlap, names no 'largest overlap'", () => {
  const frame = (shared: (number | null)[], jaccard: (number | null)[]) =>
    ({
      matrix: pl.DataFrame({ sponsor_a: ["A", "A", "B"], sponsor_b: ["B", "C", "C"], shared, jaccard }),
      market: pl.DataFrame({ market_size_trials: [12], shared_by_two_or_more: [0] }),
      sponsors: pl.DataFrame({ sponsor: ["A", "B", "C"] }),
      shared: pl.DataFrame({ id: [] as string[] }),
      provenance: [],
      warnings: [],
      complete: true,
    }) as unknown as Parameters<typeof portfolioSection>[0];
  for (const r of [frame([0, 0, 0], [0, 0, 0]), frame([null, 0, null], [null, 0, null])]) {
    const summary = portfolioSection(r, ["A", "B", "C"], "asthma").summary ?? "";
    assert.doesNotMatch(summary, /Largest overlap|Jaccard/, summary);
  }
});
