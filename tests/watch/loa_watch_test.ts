/**
 * The watch list snapshots the likelihood of approval and the pipeline outlook (issue 35): a watchlist
 * naming both is accepted, each is saved with its frames, and a second day over the same data reports
 * no change.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { loadSnapshot, parseWatchlist, runWatch } from "../../lib/watch/mod.ts";

Deno.test("a watchlist snapshots phaseTransitions and pipelineOutlook; unchanged data, no change", async () => {
  await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const list = parseWatchlist(
      JSON.stringify({
        analyses: [
          {
            name: "loa_lung",
            analysis: "phaseTransitions",
            params: {
              drugs: ["osimertinib", "pembrolizumab"],
              diseases: ["lung cancer"],
              asOf: sb.store.today,
            },
          },
          {
            name: "outlook_novartis",
            analysis: "pipelineOutlook",
            params: {
              sponsors: ["Novartis"],
              diseases: ["lung cancer"],
              maxDetails: 20,
              asOf: sb.store.today,
            },
          },
        ],
      }),
      "watch.json",
    );
    const first = await runWatch(list, { client, store, date: "2026-11-21" });
    assert.equal(first.failed, false, JSON.stringify(first.items.map((i) => i.error)));
    const loa = await loadSnapshot(store, "loa_lung", "2026-11-21");
    assert.ok(Object.keys(loa.frames).includes("transitions"));
    const outlook = await loadSnapshot(store, "outlook_novartis", "2026-11-21");
    assert.ok(Object.keys(outlook.frames).includes("bySponsor"));
    const second = await runWatch(list, { client, store, date: "2026-11-22" });
    assert.equal(second.changed, false);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
