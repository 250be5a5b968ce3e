/**
 * The default world's attrition (issue 40, item 3; lib/sandbox/store/gen_attrition.ts): a disease's drugs —
 * every drug with a Phase 1–3 trial in the disease or a subtype, a universe not chosen by outcome — give
 * phase-transition rates inside the published range (the range a computed benchmark is flagged outside,
 * lib/analyses/_loa_benchmarks.ts), on the README example's world (seed 42, small), over loopback HTTP; the
 * README example's sponsors have failed programmes of their own; and the README example's outlook accepts a
 * computed benchmark over lung cancer's drugs without a flag. Before the attrition every programme there
 * advanced from Phase 1 (100 %, 100 %, 93.8 %).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { phaseTransitions } from "../../lib/analyses/phase_transitions.ts";
import { pipelineOutlook } from "../../lib/analyses/pipeline_outlook.ts";
import { judgeComputed, PUBLISHED_LOA_RANGE, publishedRange } from "../../lib/analyses/_loa_benchmarks.ts";
import { startSandbox } from "../../lib/sandbox/server.ts";
import type { Sandbox } from "../../lib/sandbox/server.ts";

const PHASES = "('EARLY_PHASE1', 'PHASE1', 'PHASE1/PHASE2', 'PHASE2', 'PHASE2/PHASE3', 'PHASE3')";

/** Every drug (generic name of the parent molecule) with a Phase 1–3 trial in the disease or a subtype. */
function drugsIn(sb: Sandbox, disease: string, sponsorFamily?: string): string[] {
  const rows = sb.store.db.prepare(
    `WITH RECURSIVE sub(id) AS (SELECT id FROM diseases WHERE name = ?
       UNION SELECT d.id FROM diseases d JOIN sub ON d.parent_id = sub.id)
     SELECT DISTINCT coalesce(p.generic_name, m.generic_name) AS g
     FROM trial_conditions c JOIN trials t ON t.trial_id = c.trial_id
     JOIN trial_interventions i ON i.trial_id = c.trial_id JOIN molecules m ON m.chembl_id = i.chembl_id
     LEFT JOIN molecules p ON p.chembl_id = m.parent_chembl_id
     WHERE c.disease_id IN (SELECT id FROM sub) AND t.phase IN ${PHASES}
       AND (? IS NULL OR i.trial_id IN (SELECT s.trial_id FROM trial_sponsors s
         JOIN organizations o ON o.id = s.org_id JOIN organizations u ON u.id = o.ultimate_parent_id
         WHERE s.role = 'lead' AND u.name = ?))
     ORDER BY g`,
  ).all(disease, sponsorFamily ?? null, sponsorFamily ?? null) as { g: string }[];
  return rows.map((r) => r.g);
}

Deno.test("default world: a disease's drugs fail, stall and are censored at published rates", async (t) => {
  const sb = await startSandbox({ scale: "small", seed: 42, quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, cache: false });
  const asOf = sb.store.today;
  try {
    for (const disease of ["lung cancer", "breast cancer", "type 2 diabetes mellitus"]) {
      await t.step(disease, async () => {
        const drugs = drugsIn(sb, disease);
        assert.ok(drugs.length >= 20 && drugs.length <= 500, `${disease}: ${drugs.length} drugs`);
        const r = await phaseTransitions(ri, { drugs, diseases: [disease], asOf });
        const all = r.transitions.filter(pl.col("dimension").eq(pl.lit("all"))).toRecords() as {
          from_phase: string;
          advanced: number;
          failed: number;
          censored: number;
          rate: number | null;
        }[];
        assert.equal(all.length, 3);
        const counts = all.map((row, i) => ({ ...row, from: (i + 1) as 1 | 2 | 3 }));
        for (const c of counts) {
          const range = publishedRange(c.from);
          assert.ok(c.failed > 0 && c.censored > 0, `${disease} ${c.from_phase}: ${JSON.stringify(c)}`);
          assert.ok(
            c.rate !== null && c.rate >= range.low && c.rate <= range.high,
            `${disease} ${c.from_phase}: ${c.rate} outside ${range.low}–${range.high}`,
          );
        }
        const loa1 = (r.loa.filter(
          pl.col("dimension").eq(pl.lit("all")).and(pl.col("from_phase").eq(pl.lit("phase1")))
            .and(pl.col("counting").eq(pl.lit("phase-by-phase"))),
        ).getColumn("loa").toArray()[0] ?? null) as number | null;
        assert.ok(
          loa1 !== null && loa1 >= PUBLISHED_LOA_RANGE.low && loa1 <= PUBLISHED_LOA_RANGE.high,
          `${disease}: LOA from Phase 1 ${loa1}`,
        );
        const outcomes = r.programmes.getColumn("outcome").toArray() as string[];
        const judged = outcomes.filter((o) => o === "approved" || o === "failed").length;
        const failed = outcomes.filter((o) => o === "failed").length;
        // Adequate and unflagged as a computed benchmark.
        assert.deepEqual(judgeComputed(counts, loa1, { judged, failed }), { refused: [], flags: [] });
      });
    }

    await t.step("the README example's sponsors have failed programmes of their own", async () => {
      for (const sponsor of ["Pfizer", "Merck & Co"]) {
        const drugs = drugsIn(sb, "lung cancer", sponsor);
        const r = await phaseTransitions(ri, { drugs, diseases: ["lung cancer"], asOf });
        const outcomes = r.programmes.getColumn("outcome").toArray() as string[];
        const failed = outcomes.filter((o) => o === "failed").length;
        assert.ok(failed >= 3, `${sponsor}: ${failed} failed of ${outcomes.length}`);
        assert.ok(outcomes.includes("approved"), `${sponsor}: none approved`);
      }
    });

    await t.step(
      "the README example's outlook accepts lung cancer's drugs as its benchmark, unflagged",
      async () => {
        const out = await pipelineOutlook(ri, {
          sponsors: ["Pfizer", "Merck & Co"],
          diseases: ["lung cancer"],
          benchmark: "computed",
          benchmarkDrugs: drugsIn(sb, "lung cancer"),
          asOf,
        });
        assert.match(
          out.definitions!.benchmark_used,
          /^computed from \d+ programmes of \d+ benchmark drugs, adequate/,
        );
        const codes = out.warnings.map((w) => w.code);
        assert.ok(!codes.includes("benchmark-refused"), codes.join(", "));
        assert.ok(!codes.includes("benchmark-outside-published-range"), codes.join(", "));
      },
    );
  } finally {
    await sb.close();
  }
});
