/**
 * Portfolio overlap at k = 2, 5, 10, 25, 50 sponsors in one condition (lung cancer) on the sandbox at
 * `small`: requests the analysis sends (every HTTP call through the client, name checks excluded: the
 * names are the store's own), pairs answered, the plan it took (the shared trials of one comparison,
 * service pairs or local intersection) and wall time (median of 3 runs, the client's cache off). The
 * sponsors: the issue's ten (k = 2, 5, 10), then the global parents with the most trials in the
 * condition, biggest first — the costliest to pull —, then the busiest organizations whose trials all
 * carry their own name (no subsidiary: the shared trials' sponsor names are the listed ones, so the
 * pairs can be counted from one comparison's shared trials).
 *
 * `deno run -A bench/portfolio_bench.ts [--quick]` (`--quick`: one run each).
 *
 * @module
 */
import { startSandbox } from "../lib/sandbox/server.ts";
import { createClient } from "../lib/client/mod.ts";
import { portfolioOverlap } from "../lib/analyses/portfolio_overlap.ts";
import { ownNameOrganizations } from "../lib/sandbox/store/pick.ts";

const CONDITION = "lung cancer";
const runs = Deno.args.includes("--quick") ? 1 : 3;
const sb = await startSandbox({ scale: "small", seed: 42, quiet: true });
try {
  // The sponsors: global parents by their families' trials in the condition (the store, not the service).
  const names = sb.store.db.prepare(
    `SELECT o.name, count(DISTINCT ts.trial_id) AS n
       FROM organizations o
       JOIN org_closure c ON c.ancestor_id = o.id
       JOIN trial_sponsors ts ON ts.org_id = c.descendant_id
       JOIN trial_conditions tc ON tc.trial_id = ts.trial_id
       JOIN diseases d ON d.id = tc.disease_id
      WHERE o.hierarchy_level = 'GLOBAL PARENT' AND o.ultimate_parent_id = o.id AND d.name = ?
        AND o.name NOT LIKE '%,%' AND o.is_industry = 1
      GROUP BY o.id ORDER BY n DESC, o.name LIMIT 50`,
  ).all(CONDITION) as { name: string; n: number }[];
  // Organizations with no trial under another name of their family (the store's academic centres).
  const own = ownNameOrganizations(sb.store.db, 10);
  let calls = 0;
  const counting: typeof fetch = (input, init) => {
    calls++;
    return fetch(input, init);
  };
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counting, cache: false });
  // The issue's sponsors (issue 32: 2, 13 and 50 requests at k = 2, 5, 10 before this plan), then the
  // condition's biggest sponsors up to 50.
  const ISSUE = ["Pfizer", "Novartis", "Roche", "AstraZeneca", "Merck & Co", "Sanofi", "GSK"];
  const issue = [...ISSUE, "Johnson & Johnson", "AbbVie", "Bristol-Myers Squibb"];
  const cases = [
    ...[2, 5, 10].map((k) => ({ k, sponsors: issue.slice(0, k), which: "the issue's sponsors" })),
    ...[2, 5, 10, 25, 50].map((k) => ({
      k,
      sponsors: names.slice(0, k).map((r) => r.name),
      which: "the biggest sponsors",
    })),
    ...[2, 5, 10].map((k) => ({ k, sponsors: own.slice(0, k), which: "own-name sponsors" })),
  ];
  console.log(`portfolio overlap in '${CONDITION}' (sandbox small, seed 42), median of ${runs} run(s):`);
  for (const { k, sponsors, which } of cases) {
    if (sponsors.length < k) {
      console.log(`k = ${k}: only ${sponsors.length} sponsors have trials in the condition, skipped`);
      continue;
    }
    const times: number[] = [];
    let requests = 0, pairs = 0, shared = 0, pulled = 0, trials = 0, floor = 0, fromRows = false;
    for (let i = 0; i < runs; i++) {
      calls = 0;
      const t0 = performance.now();
      const r = await portfolioOverlap(ri, { sponsors, condition: CONDITION });
      times.push(performance.now() - t0);
      requests = calls;
      pairs = r.matrix.height;
      shared = Number(r.market.getColumn("shared_by_two_or_more").get(0));
      pulled = r.provenance.filter((p) => p.endpoint.includes("composite")).length;
      fromRows = (r.definitions?.matrix ?? "").includes("counted from the service's comparison of all");
      const counts = r.sponsors.getColumn("trial_count").toArray() as number[];
      trials = counts.reduce((s, n) => s + n, 0);
      floor = counts.reduce((s, n) => s + Math.ceil(n / 100), 0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${which.padEnd(20)} k = ${String(k).padStart(2)}: ${String(requests).padStart(3)} requests, ` +
        `${String(pairs).padStart(4)} pairs, ${String(shared).padStart(4)} shared trials, ` +
        `${
          fromRows
            ? "shared trials of one comparison"
            : pulled
            ? `local plan (${pulled} sponsors pulled)`
            : "service pairs"
        }, ` +
        `${times[Math.floor(times.length / 2)].toFixed(0).padStart(5)} ms ` +
        `(the sponsors hold ${trials} trials: ${floor} pages of 100 to read them all; ` +
        `${(k * (k - 1)) / 2} pair comparisons)`,
    );
  }
} finally {
  await sb.close();
}
