/**
 * With every public source imported (the fixtures of tests/fixtures/public/), no endpoint of the catalogue
 * answers `x-data-missing` (issue 33): each of the 28 routes has a source that fills it. With one source
 * left out, the routes it fills say so, naming the flag that imports it.
 */
import assert from "node:assert/strict";
import { ENDPOINTS } from "../../lib/client/endpoints/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const ALL = {
  orangeBook: `${FX}orange_book`,
  partD: `${FX}part_d_spending_by_drug.csv`,
  ctgov: `${FX}ctgov`,
  openTargets: `${FX}open_targets`,
  patentsview: `${FX}patentsview`,
  nihExporter: `${FX}nih`,
  cordis: `${FX}cordis`,
  openalex: `${FX}openalex_subset.json`,
  ror: `${FX}ror/ror-data-sample.json`,
  gleif: `${FX}gleif/golden`,
  secTickers: `${FX}sec/company_tickers.json`,
};

/** The `x-data-missing` header of every catalogue route (path parameters filled with a placeholder). */
async function missing(sources: Partial<typeof ALL>): Promise<Map<string, string | null>> {
  const dir = await Deno.makeTempDir({ prefix: "ri-all-sources-" });
  try {
    await importPublicData({ store: `${dir}/ri.db`, ...sources, today: "2026-11-21" });
    await using sb = await startSandbox({ store: `${dir}/ri.db`, quiet: true });
    const out = new Map<string, string | null>();
    for (const [name, ep] of Object.entries(ENDPOINTS)) {
      const path = ep.path.replace(/:\w+/g, "X1");
      const res = await fetch(`${sb.url}${path}`, {
        method: ep.method,
        headers: { "x-api-key": sb.keys.pos, "content-type": "application/json" },
        ...(ep.method === "POST" ? { body: "{}" } : {}),
      });
      await res.body?.cancel();
      out.set(name, res.headers.get("x-data-missing"));
    }
    return out;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("with every public source imported, no route of the catalogue answers x-data-missing", async () => {
  const got = await missing(ALL);
  assert.equal(got.size, Object.keys(ENDPOINTS).length);
  assert.deepEqual([...got].filter(([, v]) => v !== null), [], "routes still declaring missing data");
});

Deno.test("without PatentsView, the patent routes name the flag that fills them, and only they", async () => {
  const { patentsview: _, ...rest } = ALL;
  const got = await missing(rest);
  const declared = [...got].filter(([, v]) => v !== null).map(([k]) => k).sort();
  assert.deepEqual(declared, Object.keys(ENDPOINTS).filter((k) => k.startsWith("patents.")).sort());
  for (const k of declared) assert.match(got.get(k)!, /--patentsview/);
});
