/**
 * Trial endpoints of the sandbox (spec 4.1) over loopback HTTP: totals against independent SQL,
 * pagination, and every documented quirk reproduced.
 */
import assert from "node:assert/strict";
import {
  CompositeResponse,
  PortfolioResponse,
  TrialDetailsResponse,
  TrialPosResponse,
  TrialSearchResponse,
} from "../../lib/client/schemas/trials.ts";
import { count, get, P, rows, withSandbox } from "./_helpers.ts";

const UPD = "t.updated_at IS NOT NULL";

Deno.test("trials endpoints", async (t) => {
  await withSandbox(async (sb) => {
    const n = (sql: string, ...a: (string | number)[]) =>
      count(sb, `SELECT count(*) AS n FROM trials t WHERE ${sql}`, ...a);
    const fts = (phrase: string) =>
      `t.rid IN (SELECT rowid FROM trials_fts WHERE trials_fts MATCH '"${phrase}"')`;

    await t.step("registry search: AND-combined filters, exact total, schema", async () => {
      const a = await get(sb, P.trials, { status: "recruiting", phase: "PHASE3", limit: 5 });
      assert.equal(a.status, 200);
      assert.ok(TrialSearchResponse.safeParse(a.body).success);
      assert.equal(a.body.meta.totalItems, n(`t.status = 'RECRUITING' AND t.phase = 'PHASE3' AND ${UPD}`));
      const s = await get(sb, P.trials, { search: "lung cancer", sort: "enrollment", enrollment_min: 100 });
      assert.equal(
        s.body.meta.totalItems,
        n(`${fts("lung cancer")} AND t.enrollment >= 100 AND t.enrollment IS NOT NULL`),
      );
      const sp =
        rows<{ sponsor_name: string }>(sb, "SELECT sponsor_name FROM trial_sponsors LIMIT 1")[0].sponsor_name;
      const b = await get(sb, P.trials, { sponsor: sp, sort: "enrollment", order: "asc" });
      assert.equal(
        b.body.meta.totalItems,
        n(
          `t.enrollment IS NOT NULL AND t.trial_id IN (SELECT trial_id FROM trial_sponsors WHERE sponsor_name = ?)`,
          sp,
        ),
      );
      const e = b.body.data.map((r: { enrollment: number }) => r.enrollment);
      assert.deepEqual(e, [...e].sort((x, y) => x - y), "ascending enrollment");
      assert.ok(b.body.data.every((r: { sponsors: string[] }) => r.sponsors.includes(sp)));
    });

    await t.step("pagination: page 2 differs, past the end is empty, pages sum to the total", async () => {
      const q = { status: "COMPLETED", phase: "PHASE2", limit: 20 };
      const p1 = await get(sb, P.trials, { ...q, page: 1 });
      const total = p1.body.meta.totalItems;
      assert.ok(total > 40);
      const p2 = await get(sb, P.trials, { ...q, page: 2 });
      assert.notDeepEqual(p1.body.data[0], p2.body.data[0]);
      const ids = new Set<string>();
      for (let page = 1; page <= Math.ceil(total / 100); page++) {
        const a = await get(sb, P.trials, { ...q, limit: 100, page });
        for (const r of a.body.data) ids.add(r.trial_id);
      }
      assert.equal(ids.size, total);
      const past = await get(sb, P.trials, { ...q, page: 999 });
      assert.equal(past.status, 200);
      assert.deepEqual(past.body.data, []);
      assert.equal(past.body.meta.totalItems, total);
    });

    await t.step(
      "quirk 2: search with default sort switches to relevance (and keeps trials without updated_at)",
      async () => {
        const rel = await get(sb, P.trials, { search: "cancer" });
        assert.equal(rel.body.meta.sort, "relevance");
        assert.equal(rel.body.meta.totalItems, n(fts("cancer")));
        const upd = await get(sb, P.trials, { search: "cancer", sort: "updated" });
        assert.equal(upd.body.meta.sort, "updated");
        assert.equal(upd.body.meta.totalItems, n(`${fts("cancer")} AND ${UPD}`));
        assert.ok(upd.body.meta.totalItems < rel.body.meta.totalItems);
        const all = await get(sb, P.trials, {});
        assert.equal(
          all.body.meta.totalItems,
          n(UPD),
          "default 'updated' sort only returns trials with updated_at",
        );
      },
    );

    await t.step("quirk 3: disease_id without a colon is dropped; with a colon it filters", async () => {
      const none = await get(sb, P.trials, {});
      const dropped = await get(sb, P.trials, { disease_id: "EFO_0001071" });
      assert.equal(dropped.body.meta.totalItems, none.body.meta.totalItems);
      const kept = await get(sb, P.trials, { disease_id: "EFO:0001071" });
      assert.equal(
        kept.body.meta.totalItems,
        n(`${UPD} AND t.trial_id IN (SELECT trial_id FROM trial_conditions WHERE disease_id = 'EFO:0001071')`),
      );
      assert.ok(kept.body.meta.totalItems < none.body.meta.totalItems);
    });

    await t.step("quirks 5, 6: pi_match_tag alone does not filter; invalid pi_author_id → 400", async () => {
      const none = await get(sb, P.trials, {});
      assert.equal(
        (await get(sb, P.trials, { pi_match_tag: "verified" })).body.meta.totalItems,
        none.body.meta.totalItems,
      );
      const bad = await get(sb, P.trials, { pi_author_id: "Jane Doe" });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.parameter, "pi_author_id");
      const inv = rows<{ author_id: string; match_tag: string }>(
        sb,
        "SELECT author_id, match_tag FROM trial_investigators LIMIT 1",
      )[0];
      for (
        const form of [inv.author_id, `scholarly_${inv.author_id}`, `https://openalex.org/${inv.author_id}`]
      ) {
        const a = await get(sb, P.trials, { pi_author_id: form, sort: "enrollment" });
        assert.equal(a.status, 200, form);
        assert.equal(
          a.body.meta.totalItems,
          n(
            `t.enrollment IS NOT NULL AND t.trial_id IN (SELECT trial_id FROM trial_investigators WHERE author_id = ?)`,
            inv.author_id,
          ),
        );
      }
    });

    await t.step("topic search: required exact-phrase topic, default relevance, total from SQL", async () => {
      const topic = rows<{ name: string }>(
        sb,
        "SELECT tp.name FROM topics tp JOIN trial_topics tt USING (topic_id) LIMIT 1",
      )[0].name;
      const a = await get(sb, P.topics, { topic, limit: 5 });
      assert.equal(a.status, 200);
      assert.equal(a.body.meta.sort, "relevance");
      const expected = count(
        sb,
        `SELECT count(DISTINCT tt.trial_id) AS n FROM trial_topics tt JOIN topics tp ON tp.topic_id = tt.topic_id
         WHERE tp.rid IN (SELECT rowid FROM topics_fts WHERE topics_fts MATCH ?)`,
        `"${topic.replace(/[^\p{L}\p{N}]+/gu, " ").trim()}"`,
      );
      assert.equal(a.body.meta.totalItems, expected);
      assert.equal((await get(sb, P.topics, { topic: "zzqx unknown topic" })).body.meta.totalItems, 0);
    });

    await t.step(
      "composite: disease-only fast path has an empty breakdown (quirk 11) and SQL total",
      async () => {
        const a = await get(sb, P.composite, { disease: "lung cancer", limit: 5 });
        assert.equal(a.status, 200);
        assert.ok(CompositeResponse.safeParse(a.body).success);
        assert.deepEqual(a.body.data.breakdown, {});
        const expected = n(
          `t.trial_id IN (SELECT trial_id FROM trial_conditions WHERE disease_id IN
         (WITH RECURSIVE s(id) AS (SELECT 'EFO:0001071' UNION SELECT d.id FROM diseases d JOIN s ON d.parent_id = s.id) SELECT id FROM s))`,
        );
        assert.equal(a.body.data.totalCount, expected);
        const combined = await get(sb, P.composite, { disease: "lung cancer", sponsor: "Pfizer" });
        const sum = Object.values(combined.body.data.breakdown as Record<string, number>).reduce(
          (x, y) => x + y,
          0,
        );
        assert.equal(sum, combined.body.data.totalCount, "combined queries carry the breakdown");
      },
    );

    await t.step(
      "composite quirks 8, 9, 10, 4: unresolved single → 500; combined → 0; sponsor-only → 0; mixed-case status → 0",
      async () => {
        for (const k of ["disease", "drug", "target"]) {
          const a = await get(sb, P.composite, { [k]: "zzqx-not-real" });
          assert.equal(a.status, 500, k);
          assert.equal(a.body.error.code, "unresolved_entity");
          assert.equal(a.body.error.input, "zzqx-not-real");
        }
        const c = await get(sb, P.composite, { disease: "lung cancer", drug: "zzqx-not-real" });
        assert.equal(c.status, 200);
        assert.equal(c.body.data.totalCount, 0);
        const s = await get(sb, P.composite, { sponsor: "Pfizer" });
        assert.equal(s.status, 200);
        assert.equal(s.body.data.totalCount, 0);
        const up = await get(sb, P.composite, { disease: "cancer", status: "COMPLETED" });
        assert.ok(up.body.data.totalCount > 0);
        assert.equal(
          (await get(sb, P.composite, { disease: "cancer", status: "Completed" })).body.data.totalCount,
          0,
        );
      },
    );

    await t.step(
      "composite: loose phase forms normalised; drug brand = generic; target adds mechanisms",
      async () => {
        const forms = await Promise.all(
          ["Phase 2", "2", "II", "phase ii", "PHASE2"].map((phase) =>
            get(sb, P.composite, { disease: "cancer", phase })
          ),
        );
        const totals = forms.map((f) => f.body.data.totalCount);
        assert.ok(totals.every((x) => x === totals[0]) && totals[0] > 0, String(totals));
        const brand = rows<{ b: string; g: string }>(
          sb,
          `SELECT b.name AS b, g.name AS g FROM molecule_names b JOIN molecule_names g ON g.chembl_id = b.chembl_id
         WHERE b.kind = 'brand' AND g.kind = 'generic' LIMIT 1`,
        )[0];
        const x = await get(sb, P.composite, { drug: brand.b }),
          y = await get(sb, P.composite, { drug: brand.g });
        assert.equal(x.body.data.totalCount, y.body.data.totalCount);
        const tg = await get(sb, P.composite, { target: "EGFR" });
        assert.equal(tg.status, 200);
        assert.ok(Object.keys(tg.body.data.mechanisms).length > 0);
        const p2 = await get(sb, P.composite, { disease: "cancer", page: 2, limit: 10 });
        const p1 = await get(sb, P.composite, { disease: "cancer", page: 1, limit: 10 });
        assert.notEqual(p1.body.data.trials[0].id, p2.body.data.trials[0].id);
      },
    );

    await t.step(
      "portfolio: per-sponsor summary, shared trials, quirk 12 zeros, 1-10 sponsors, case-sensitive status",
      async () => {
        const a = await get(sb, P.portfolio, {
          sponsors: "Pfizer,Novartis,Nobody Pharma XYZ",
          conditionKeyword: "cancer",
          limit: 5,
        });
        assert.equal(a.status, 200);
        assert.ok(PortfolioResponse.safeParse(a.body).success);
        const [pf, nv, nobody] = a.body.data.comparison;
        assert.equal(pf.resolved_name, "Pfizer");
        assert.equal(nobody.resolved_name, null);
        assert.equal(nobody.trial_count, 0);
        const sumPhase = Object.values(nv.by_phase as Record<string, number>).reduce((x, y) => x + y, 0);
        assert.equal(sumPhase, nv.trial_count);
        assert.ok(a.body.data.intersection_count <= Math.min(pf.trial_count, nv.trial_count));
        assert.ok(a.body.data.trials.length <= 5);
        const one = await get(sb, P.portfolio, { sponsors: "Pfizer", conditionKeyword: "cancer" });
        assert.equal(one.body.data.intersection_count, one.body.data.comparison[0].trial_count);
        const z = await get(sb, P.portfolio, { sponsors: "Pfizer", conditionKeyword: "zzqx nothing" });
        assert.equal(z.status, 200);
        assert.equal(z.body.data.market_size_trials, 0);
        assert.equal(z.body.data.comparison[0].trial_count, 0);
        const eleven = Array.from({ length: 11 }, (_, i) => `S${i}`).join(",");
        assert.equal(
          (await get(sb, P.portfolio, { sponsors: eleven, conditionKeyword: "cancer" })).status,
          400,
        );
        const mixed = await get(sb, P.portfolio, {
          sponsors: "Pfizer",
          conditionKeyword: "cancer",
          status: "Completed",
        });
        assert.equal(mixed.body.data.comparison[0].trial_count, 0);
      },
    );

    await t.step(
      "details: exact uppercase NCT, first 5 conditions/interventions, summary cut; pos tier and 404",
      async () => {
        const many = rows<{ trial_id: string }>(
          sb,
          "SELECT trial_id FROM trial_conditions GROUP BY trial_id ORDER BY count(*) DESC LIMIT 1",
        )[0].trial_id;
        const a = await get(sb, P.details, { nctId: many });
        assert.equal(a.status, 200);
        assert.ok(TrialDetailsResponse.safeParse(a.body).success);
        const names = rows<{ condition_name: string }>(
          sb,
          "SELECT condition_name FROM trial_conditions WHERE trial_id = ? ORDER BY position LIMIT 5",
          many,
        ).map((r) => r.condition_name);
        assert.equal(a.body.data.conditions, names.join(", "));
        assert.ok(a.body.data.summary.length <= 803);
        const long = rows<{ trial_id: string }>(
          sb,
          "SELECT trial_id FROM trials WHERE length(summary) > 820 LIMIT 1",
        );
        if (long.length) {
          assert.ok(
            (await get(sb, P.details, { nctId: long[0].trial_id })).body.data.summary.endsWith("..."),
          );
        }
        assert.equal((await get(sb, P.details, { nctId: many.toLowerCase() })).status, 404);
        assert.equal((await get(sb, P.details, { nctId: "NCT99999999" })).status, 404);
        const pos = await get(sb, P.pos, { trialId: many }, "pos");
        assert.equal(pos.status, 200);
        assert.ok(TrialPosResponse.safeParse(pos.body).success);
        const stored =
          rows<{ s: number }>(sb, "SELECT pos_score AS s FROM trials WHERE trial_id = ?", many)[0].s;
        assert.equal(pos.body.data.pos_score, stored);
        assert.equal((await get(sb, P.pos, { trialId: many }, "pro")).status, 402);
        sb.setFaults({ firstN: 1, kinds: ["502"], endpoints: ["trials.pos"] });
        assert.equal((await get(sb, P.pos, { trialId: many }, "pos")).status, 502);
        sb.setFaults(undefined);
      },
    );
  });
});

Deno.test("registry and composite rows carry each trial's own sponsors (lead first, then by name) and conditions (in order)", async () => {
  await withSandbox(async (sb) => {
    const sponsorsOf = (id: string) =>
      rows<{ s: string }>(
        sb,
        "SELECT sponsor_name AS s FROM trial_sponsors WHERE trial_id = ? ORDER BY role = 'lead' DESC, sponsor_name",
        id,
      ).map((r) => r.s);
    const conditionsOf = (id: string) =>
      rows<{ c: string }>(
        sb,
        "SELECT condition_name AS c FROM trial_conditions WHERE trial_id = ? ORDER BY position",
        id,
      )
        .map((r) => r.c);
    const registry = await get(sb, P.trials, { search: "cancer", limit: 50 });
    assert.equal(registry.status, 200);
    const several = (registry.body.data as { sponsors: string[] }[]).filter((r) => r.sponsors.length > 1);
    assert.ok(several.length > 0, "some trial has a collaborator");
    for (const r of registry.body.data as { trial_id: string; sponsors: string[]; conditions: string[] }[]) {
      assert.deepEqual(r.sponsors, sponsorsOf(r.trial_id), r.trial_id);
      assert.deepEqual(r.conditions, conditionsOf(r.trial_id), r.trial_id);
    }
    const composite = await get(sb, P.composite, { disease: "lung cancer", sponsor: "Pfizer", limit: 50 });
    assert.equal(composite.status, 200);
    const trials = composite.body.data.trials as { id: string; sponsors: string[] }[];
    assert.ok(trials.length > 0);
    for (const r of trials) assert.deepEqual(r.sponsors, sponsorsOf(r.id), r.id);
  });
});
