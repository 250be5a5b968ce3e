/**
 * The registry search's relevance paths (FTS-only, the narrow `trial_filter` rid set, the one-pass
 * join) against a straightforward reference query over `trials`: same rows, same order, same totals,
 * for a range of filter combinations and pages.
 */
import assert from "node:assert/strict";
import type { SQLInputValue } from "node:sqlite";
import { get, P, rows, withSandbox } from "./_helpers.ts";

interface Case {
  params: Record<string, string | number | boolean>;
  /** Reference condition over `trials t` (ANDed with the phrase match). */
  cond: string;
  args?: SQLInputValue[];
}

Deno.test("registry relevance search paths give the reference answers", async () => {
  await withSandbox(async (sb) => {
    const sp = rows<{ s: string }>(
      sb,
      `SELECT sponsor_name AS s FROM trial_sponsors GROUP BY sponsor_name ORDER BY count(*) DESC LIMIT 1`,
    )[0].s;
    const cn = rows<{ c: string }>(
      sb,
      `SELECT condition_name AS c FROM trial_conditions GROUP BY condition_name ORDER BY count(*) DESC LIMIT 1`,
    )[0].c;
    const pi = rows<{ a: string }>(sb, "SELECT author_id AS a FROM trial_investigators LIMIT 1")[0].a;
    const inSponsor = "t.trial_id IN (SELECT trial_id FROM trial_sponsors WHERE sponsor_name = ?)";
    const cases: Case[] = [
      { params: { search: "cancer" }, cond: "1" },
      { params: { search: "cancer", page: 3, limit: 7 }, cond: "1" },
      { params: { search: "cancer", page: 999 }, cond: "1" },
      { params: { search: "cancer", disease_id: "nocolon" }, cond: "1" },
      { params: { search: "cancer", status: "recruiting" }, cond: "t.status = 'RECRUITING'" },
      { params: { search: "cancer", phase: "PHASE2", limit: 50 }, cond: "t.phase = 'PHASE2'" },
      {
        params: { search: "cancer", status: "COMPLETED", phase: "PHASE3", limit: 5, page: 2 },
        cond: "t.status = 'COMPLETED' AND t.phase = 'PHASE3'",
      },
      { params: { search: "cancer", status: "COMPLETED", page: 999 }, cond: "t.status = 'COMPLETED'" },
      { params: { search: "cancer", enrollment_min: 100 }, cond: "t.enrollment >= 100" },
      {
        params: {
          search: "lung cancer",
          status: "COMPLETED",
          enrollment_max: 500,
          start_date_after: "2015-01-01",
        },
        cond: "t.status = 'COMPLETED' AND t.enrollment <= 500 AND t.start_date >= '2015-01-01'",
      },
      { params: { search: "cancer", sponsor: sp }, cond: inSponsor, args: [sp] },
      {
        params: { search: "trial", sponsor: sp, phase: "PHASE1" },
        cond: `${inSponsor} AND t.phase = 'PHASE1'`,
        args: [sp],
      },
      {
        params: { search: "study", condition: cn },
        cond: "t.trial_id IN (SELECT trial_id FROM trial_conditions WHERE condition_name = ?)",
        args: [cn],
      },
      {
        params: { search: "patients", healthy_volunteers: false, design_masking: "double" },
        cond: "t.healthy_volunteers = 0 AND t.design_masking = 'Double'",
      },
      {
        params: { search: "patients", sex: "female", status: "RECRUITING" },
        cond: "t.sex = 'FEMALE' AND t.status = 'RECRUITING'",
      },
      {
        params: { search: "patients", pi_author_id: pi },
        cond: "t.trial_id IN (SELECT trial_id FROM trial_investigators WHERE author_id = ?)",
        args: [pi],
      },
      { params: { search: "zzqxnotaword", status: "RECRUITING" }, cond: "t.status = 'RECRUITING'" },
      { params: { search: "cancer", sort: "relevance", min_age_years: 18 }, cond: "t.min_age_years >= 18" },
    ];
    let nonEmpty = 0;
    for (const c of cases) {
      const phrase = `"${String(c.params.search)}"`;
      const ref = rows<Record<string, unknown>>(
        sb,
        `SELECT t.trial_id, t.title, t.status, t.phase, t.start_date, t.enrollment, t.completion_date
         FROM trials_fts JOIN trials t ON t.rid = trials_fts.rowid
         WHERE trials_fts MATCH ? AND ${c.cond} ORDER BY bm25(trials_fts), t.trial_id`,
        phrase,
        ...(c.args ?? []),
      );
      const limit = Number(c.params.limit ?? 20), page = Number(c.params.page ?? 1);
      const want = ref.slice((page - 1) * limit, page * limit);
      const a = await get(sb, P.trials, c.params);
      const label = JSON.stringify(c.params);
      assert.equal(a.status, 200, label);
      assert.equal(a.body.meta.sort, "relevance", label);
      assert.equal(a.body.meta.totalItems, ref.length, label);
      assert.deepEqual(
        a.body.data.map(({ sponsors: _s, conditions: _c, ...r }: Record<string, unknown>) => r),
        want.map((r) => ({ ...r })),
        label,
      );
      if (want.length) nonEmpty++;
    }
    assert.ok(nonEmpty >= cases.length - 4, `only ${nonEmpty} cases had rows`);
  });
});

Deno.test("trial_filter holds the filter columns of every trial", async () => {
  await withSandbox((sb) => {
    const cols = `status, phase, rid, trial_id, enrollment, start_date, completion_date, sex, min_age_years,
      max_age_years, healthy_volunteers, design_allocation, design_masking, design_primary_purpose`;
    const diff = rows<{ n: number }>(
      sb,
      `SELECT count(*) AS n FROM (SELECT ${cols} FROM trials EXCEPT SELECT ${cols} FROM trial_filter)`,
    )[0].n;
    assert.equal(diff, 0);
    assert.equal(
      rows<{ n: number }>(sb, "SELECT count(*) AS n FROM trial_filter")[0].n,
      rows<{ n: number }>(sb, "SELECT count(*) AS n FROM trials")[0].n,
    );
    return Promise.resolve();
  });
});
