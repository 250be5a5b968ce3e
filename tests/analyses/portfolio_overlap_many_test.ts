/**
 * The portfolio overlap at any number of sponsors (issue 32, item 6): beyond the service's ten per
 * comparison it still answers, each pair once and equal to the service's own comparison of that pair,
 * in requests that grow with the sponsors (their trials, a hundred per page), not with the pairs; a
 * sponsor listed twice and a list over the limit are refused with the fix.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { portfolioOverlap } from "../../lib/analyses/portfolio_overlap.ts";
import type { Sandbox } from "../../lib/sandbox/mod.ts";
import { raw, withSandbox } from "../frames/_raw.ts";
import { countingClient } from "./_runs.ts";

const PATH = "/api/v1/tools/clinical/portfolio-comparison";
const COND = "lung cancer";

/** Companies with trials in the condition, most first (the store's own names; no name check needed). */
function companies(sb: Sandbox, n: number): string[] {
  const rows = sb.store.db.prepare(
    `SELECT o.name, count(DISTINCT ts.trial_id) AS n
       FROM organizations o
       JOIN org_closure c ON c.ancestor_id = o.id
       JOIN trial_sponsors ts ON ts.org_id = c.descendant_id
       JOIN trial_conditions tc ON tc.trial_id = ts.trial_id
       JOIN diseases d ON d.id = tc.disease_id
      WHERE o.hierarchy_level = 'GLOBAL PARENT' AND o.ultimate_parent_id = o.id AND d.name = ?
        AND o.name NOT LIKE '%,%' AND o.is_industry = 1
      GROUP BY o.id ORDER BY n DESC, o.name LIMIT ?`,
  ).all(COND, n) as { name: string }[];
  assert.equal(rows.length, n, `fixture: ${n} companies with trials in ${COND}`);
  return rows.map((r) => r.name);
}

const counted = countingClient;

Deno.test("portfolioOverlap() beyond ten sponsors: each pair once, as the service compares it, in requests that grow with the sponsors", async () => {
  await withSandbox(async (sb) => {
    const sponsors = companies(sb, 12);
    const { ri, count } = counted(sb);
    const r = await portfolioOverlap(ri, { sponsors, condition: COND });
    const k = sponsors.length;
    assert.equal(r.matrix.height, (k * (k - 1)) / 2, "each pair once");
    const seen = new Set<string>();
    for (const m of r.matrix.toRecords()) {
      assert.notEqual(m.sponsor_a, m.sponsor_b, "no sponsor with itself");
      assert.ok(sponsors.indexOf(String(m.sponsor_a)) < sponsors.indexOf(String(m.sponsor_b)), "list order");
      seen.add([m.sponsor_a, m.sponsor_b].sort().join("·"));
    }
    assert.equal(seen.size, r.matrix.height, "no pair twice");
    // Every pair against the service's own comparison of that pair (raw HTTP, no client).
    let overlapping = 0;
    for (const m of r.matrix.toRecords()) {
      const pair = await raw(sb, PATH, {
        sponsors: `${m.sponsor_a},${m.sponsor_b}`,
        conditionKeyword: COND,
        limit: 1,
      });
      const [a, b] = pair.data.comparison.map((c: { trial_count: number }) => c.trial_count);
      const n = pair.data.intersection_count;
      assert.deepEqual(
        [m.trials_a, m.trials_b, m.shared, m.jaccard],
        [a, b, n, a + b - n > 0 ? n / (a + b - n) : null],
        `${m.sponsor_a}·${m.sponsor_b}`,
      );
      if (n > 0) overlapping++;
    }
    assert.ok(overlapping > 0, "fixture: some pairs overlap (a silent 0 would pass otherwise)");
    // The shared trials: each on two or more of the sponsors, and their count is the market row's.
    assert.equal(r.market.getColumn("shared_by_two_or_more").get(0), r.shared.height);
    assert.ok(r.shared.height > 0);
    // Requests: the summaries (ten sponsors per call) and each sponsor's trials once, a hundred a page.
    const trials = r.sponsors.getColumn("trial_count").toArray() as number[];
    const budget = Math.ceil(k / 10) + trials.reduce((s, n) => s + (n ? Math.ceil(n / 100) : 0), 0);
    assert.ok(count.n <= budget, `${count.n} requests, budget ${budget}`);
    assert.ok(count.n < r.matrix.height, `${count.n} requests for ${r.matrix.height} pairs`);
    assert.equal(r.complete, true);
    assert.ok(r.definitions?.matrix.includes("each pair once"));
  });
});

Deno.test("portfolioOverlap() with ten sponsors of under a hundred trials each: at most 15 requests (50 before)", async () => {
  await withSandbox(async (sb) => {
    const sponsors = companies(sb, 10);
    const { ri, count } = counted(sb);
    const r = await portfolioOverlap(ri, { sponsors, condition: COND });
    const trials = r.sponsors.getColumn("trial_count").toArray() as number[];
    assert.ok(trials.every((n) => n < 100), `fixture: ${trials}`);
    assert.equal(r.matrix.height, 45);
    assert.ok(count.n <= 15, `${count.n} requests`);
    // Trials shared by every sponsor and by two or more, against the service's comparison of all ten.
    const all = await raw(sb, PATH, { sponsors: sponsors.join(","), conditionKeyword: COND, limit: 1 });
    assert.equal(r.market.getColumn("shared_by_two_or_more").get(0), all.data.intersection_count);
  });
});

Deno.test("portfolioOverlap() at 50 sponsors answers every pair; a sponsor listed twice or over 100 is refused with the fix", async () => {
  await withSandbox(async (sb, ri) => {
    const many = sb.store.db.prepare(
      `SELECT name FROM organizations WHERE hierarchy_level = 'GLOBAL PARENT' AND ultimate_parent_id = id
         AND is_industry = 1 AND name NOT LIKE '%,%' ORDER BY trial_count DESC, name LIMIT 50`,
    ).all().map((r) => String((r as { name: string }).name));
    assert.equal(many.length, 50, "fixture");
    const r = await portfolioOverlap(ri, { sponsors: many, condition: COND });
    assert.equal(r.matrix.height, 1225);
    assert.equal(r.matrix.filter(pl.col("shared").isNull()).height, 0, "every resolved pair counted");
    await assert.rejects(
      () => portfolioOverlap(ri, { sponsors: ["Pfizer", "Novartis", " pfizer"], condition: COND }),
      (e: Error) =>
        e instanceof RangeError && /sponsors lists 'pfizer' twice; list each sponsor once/.test(e.message),
    );
    const tooMany = Array.from({ length: 101 }, (_, i) => `Co ${i}`);
    await assert.rejects(
      () => portfolioOverlap(ri, { sponsors: tooMany, condition: COND }),
      (e: Error) =>
        e instanceof RangeError &&
        e.message === "portfolioOverlap: sponsors lists 101 items, at most 100 allowed; split the list " +
            "into runs of 100 or fewer",
    );
  });
});
