/**
 * The portfolio overlap against a service told (handler overrides) what to answer: trials shared by every
 * sponsor are the intersection of the shared trials of the pairs with the sponsor of fewest trials; a summary row under another name is used by
 * position and said so; derived on the spec-minimal profile, a sponsor with a trial resolves whatever
 * autocomplete says. The expected figures are recomputed here from the same membership table.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { portfolioOverlap } from "../../lib/analyses/portfolio_overlap.ts";
import { flaggedBody, type Handler, offsetOf } from "../../lib/sandbox/handler.ts";
import { compositeRows } from "../../lib/sandbox/handlers/_trials_composite.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

/** Trial numbers each sponsor sponsors (ids are the store's first trials, by position). */
const MEMBERS: Record<string, number[]> = { Alpha: [0, 1, 2, 3, 4], Beta: [0, 1, 2, 5], Gamma: [1, 2, 3, 6] };

/** A portfolio service over MEMBERS; `opts` bends one answer. */
function portfolio(opts: { renamed?: string; upper?: string; rows?: "none" | "partial" } = {}): Handler {
  return (ctx) => {
    const ids = (ctx.db.prepare("SELECT trial_id FROM trials ORDER BY trial_id LIMIT 7").all() as {
      trial_id: string;
    }[]).map((r) => r.trial_id);
    const names = String(ctx.params.sponsors).split(",");
    const counts = new Map<number, number>();
    for (const n of names) for (const t of MEMBERS[n]) counts.set(t, (counts.get(t) ?? 0) + 1);
    const shared = [...counts].filter(([, c]) => c >= 2).map(([t]) => ids[t]).sort();
    const { limit, offset } = offsetOf(ctx.params);
    return flaggedBody({
      comparison: opts.rows === "none" ? [] : names.map((n, i) => ({
        sponsor: n === opts.renamed ? `${n} Holdings` : n === opts.upper ? ` ${n.toUpperCase()} ` : n,
        resolved_name: `${n} Inc`,
        trial_count: MEMBERS[n].length,
        ...(opts.rows === "partial" && i === 0 ? {} : { by_phase: { PHASE2: MEMBERS[n].length } }),
        by_status: { RECRUITING: MEMBERS[n].length },
      })),
      trials: compositeRows(ctx.db, shared.slice(offset, offset + limit)),
      intersection_count: shared.length,
      market_size_trials: 20,
      audit_trail: [],
    });
  };
}
const inter = (a: string, b: string) => MEMBERS[a].filter((t) => MEMBERS[b].includes(t));
const cell = (m: pl.DataFrame, a: string, b: string) =>
  m.filter(pl.col("sponsor_a").eq(pl.lit(a)).and(pl.col("sponsor_b").eq(pl.lit(b)))).toRecords()[0];

Deno.test("portfolio overlap: shared by all = the trials in every pair with the first sponsor; pairs and jaccard per pair", async () => {
  await withSandbox(async (_sb, ri) => {
    const sponsors = ["Alpha", "Beta", "Gamma"];
    const r = await portfolioOverlap(ri, { sponsors, condition: "asthma" });
    const all = MEMBERS.Alpha.filter((t) => MEMBERS.Beta.includes(t) && MEMBERS.Gamma.includes(t));
    assert.ok(all.length >= 2 && all.length < inter("Alpha", "Beta").length, "fixture: the cases differ");
    assert.equal(r.market.getColumn("shared_by_all").get(0), all.length);
    for (const [a, b] of [["Alpha", "Beta"], ["Alpha", "Gamma"], ["Beta", "Gamma"]]) {
      const n = inter(a, b).length;
      const union = MEMBERS[a].length + MEMBERS[b].length - n;
      assert.deepEqual(cell(r.matrix, a, b), {
        sponsor_a: a,
        sponsor_b: b,
        trials_a: MEMBERS[a].length,
        trials_b: MEMBERS[b].length,
        shared: n,
        jaccard: n / union,
      });
    }
    assert.deepEqual(
      r.sponsors.getColumn("market_share").toArray(),
      sponsors.map((s) => MEMBERS[s].length / 20),
    );
    // Pairs with the sponsor of fewest trials (Beta, 4) are pulled whole (their ids make the
    // intersection); the other pair, a count.
    const pairLimits = r.provenance.slice(1).map((p) => [p.params.sponsors, p.params.limit]);
    assert.deepEqual(pairLimits.filter(([, l]) => l === 1), [["Alpha,Gamma", 1]], JSON.stringify(pairLimits));
    assert.equal(pairLimits.length, 3);
    const codes = r.warnings.map((w) => w.code);
    assert.ok(!codes.includes("lookup-missed") && !codes.includes("one-page"), codes.join(","));
  }, { handlers: { "trials.portfolio": portfolio() } });
});

Deno.test("portfolio overlap: a summary row under another name is used by position, and said so", async () => {
  await withSandbox(async (_sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: ["Alpha", "Beta"], condition: "asthma" });
    assert.deepEqual(r.sponsors.getColumn("sponsor").toArray(), ["Alpha", "Beta"]);
    assert.deepEqual(r.sponsors.getColumn("trial_count").toArray(), [5, 4]);
    const missed = r.warnings.filter((w) => w.code === "lookup-missed");
    assert.equal(missed.length, 1);
    assert.match(missed[0].message, /no row named 'Beta'; used its row 2 \(same position\)/);
    assert.deepEqual(
      r.provenance.map((p) => p.params.limit),
      [100],
      "two sponsors: the comparison's own count is the pair's, no second call",
    );
  }, { handlers: { "trials.portfolio": portfolio({ renamed: "Beta" }) } });
});

Deno.test("portfolio overlap, derived on the spec-minimal profile: a sponsor with a trial resolves, whatever autocomplete says", async () => {
  const orgs = HANDLERS["resolve.organizations"];
  // Autocomplete answers with no match at all.
  const none: Handler = async (ctx) => ({ ...(await orgs(ctx) as object), data: [] });
  await withSandbox(async (sb, ri) => {
    const comp = await raw(sb, "/api/v1/tools/clinical/search-composite", {
      sponsor: "Merck",
      disease: "asthma",
      limit: 1,
    });
    // Merck's asthma trials (the default world's attrition programmes add to the generated one).
    const n = comp.data.totalCount;
    assert.ok(n >= 1 && n <= 10, `fixture: a few trials (${n})`);
    const r = await portfolioOverlap(ri, { sponsors: ["Merck", "Zz Unknown Co"], condition: "asthma" });
    assert.deepEqual(r.sponsors.select("sponsor", "resolved", "trial_count").toRecords(), [
      { sponsor: "Merck", resolved: true, trial_count: n },
      { sponsor: "Zz Unknown Co", resolved: false, trial_count: 0 },
    ]);
  }, { profile: "spec-minimal", handlers: { "resolve.organizations": none } });
});

Deno.test("portfolio overlap: a summary row differing only in case and spaces is the sponsor's own", async () => {
  await withSandbox(async (_sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: ["Alpha", "Beta"], condition: "asthma" });
    assert.deepEqual(r.sponsors.getColumn("trial_count").toArray(), [5, 4]);
    assert.ok(!r.warnings.some((w) => w.code === "lookup-missed"), JSON.stringify(r.warnings));
  }, { handlers: { "trials.portfolio": portfolio({ upper: "Beta" }) } });
});

Deno.test("portfolio overlap: a summary without every field, or none, is derived instead", async () => {
  for (const rows of ["none", "partial"] as const) {
    await withSandbox(async (_sb, ri) => {
      const r = await portfolioOverlap(ri, { sponsors: ["Alpha", "Beta"], condition: "asthma" });
      assert.ok(r.warnings.some((w) => w.code === "derived"), rows);
      // Derived from the sandbox's own trials, where no sponsor is called Alpha or Beta.
      assert.deepEqual(r.sponsors.getColumn("trial_count").toArray(), [0, 0], rows);
    }, { handlers: { "trials.portfolio": portfolio({ rows }) } });
  }
});
