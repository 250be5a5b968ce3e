import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { researcherOutput, researcherOutputFromFrame } from "../../lib/analyses/researcher_output.ts";

const WORK = {
  work_id: pl.Utf8,
  type: pl.Utf8,
  publication_date: pl.Date,
  cited_by_count: pl.Int64,
  is_open_access: pl.Bool,
};

Deno.test("researcherOutputFromFrame() gives typed empty frames and a zero summary for no works", () => {
  const out = researcherOutputFromFrame(pl.DataFrame([], { schema: WORK }), null);
  assert.equal(out.works.height, 0);
  assert.equal(out.byYear.height, 0);
  assert.deepEqual(out.byYear.columns, ["year", "works", "citations", "open_access", "open_access_fraction"]);
  assert.equal(out.byType.height, 0);
  assert.deepEqual(out.summary.toRecords(), [{
    author_key: null,
    name: null,
    orcid: null,
    works: 0,
    citations: 0,
    mean_citations: null,
    h_index: 0,
    open_access_fraction: null,
    first_year: null,
    last_year: null,
  }]);
});

Deno.test("researcherOutputFromFrame() handles a single work and fills the window with zero years", () => {
  const works = pl.DataFrame({
    work_id: ["W1"],
    type: ["article"],
    publication_date: [new Date("2022-05-01")],
    cited_by_count: [7],
    is_open_access: [false],
  }, { schema: WORK });
  const out = researcherOutputFromFrame(works, { author_key: "A1", name: "Ada", orcid: "0000-0001" }, {
    from: 2021,
    to: 2023,
  });
  assert.deepEqual(out.byYear.getColumn("works").toArray(), [0, 1, 0]);
  assert.deepEqual(out.byYear.getColumn("open_access_fraction").toArray(), [null, 0, null]);
  assert.equal(out.summary.getColumn("h_index").toArray()[0], 1);
  assert.equal(out.summary.getColumn("orcid").toArray()[0], "0000-0001");
  assert.deepEqual(out.byType.toRecords(), [
    { type: "article", works: 1, citations: 7, share_fraction: 1, open_access_fraction: 0 },
  ]);
});

Deno.test("researcherOutputFromFrame() computes the h-index over the listed works", () => {
  const works = pl.DataFrame({
    work_id: ["a", "b", "c", "d", "e"],
    type: ["article", "article", "review", "article", "letter"],
    publication_date: [null, new Date("2020-01-01"), new Date("2020-01-01"), new Date("2021-01-01"), null],
    cited_by_count: [10, 8, 5, 4, 3],
    is_open_access: [true, true, false, false, true],
  }, { schema: WORK });
  const out = researcherOutputFromFrame(works, null);
  assert.equal(out.summary.getColumn("h_index").toArray()[0], 4);
  // works without a date are counted in the summary but not in byYear
  assert.equal(out.summary.getColumn("works").toArray()[0], 5);
  assert.deepEqual(out.byYear.getColumn("works").toArray(), [2, 1]);
});

interface SqlWork {
  y: string;
  n: number;
  c: number;
  oa: number;
}

Deno.test("researcherOutput() matches the sandbox store and the raw HTTP identity", async (t) => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
  const db = sb.store.db;
  const top = db.prepare(
    `SELECT author_id, COUNT(*) AS n FROM work_authors GROUP BY author_id ORDER BY n DESC, author_id LIMIT 1`,
  ).get() as { author_id: string; n: number };
  const truthByYear = (from = "0000", to = "9999") =>
    db.prepare(
      `SELECT substr(w.publication_date, 1, 4) AS y, COUNT(*) AS n, SUM(w.cited_by_count) AS c,
         SUM(w.is_open_access) AS oa
       FROM work_authors wa JOIN works w ON w.work_id = wa.work_id
       WHERE wa.author_id = ? AND w.publication_date >= ? AND w.publication_date <= ?
       GROUP BY y ORDER BY y`,
    ).all(top.author_id, from, to) as unknown as SqlWork[];

  await t.step("every work, per-year counts, citations and open access agree with SQL", async () => {
    const out = await researcherOutput(ri, { authorId: top.author_id });
    assert.equal(out.works.height, top.n);
    const truth = truthByYear();
    const got = out.byYear.filter(pl.col("works").gt(0)).toRecords();
    assert.deepEqual(
      got.map((r) => [r.year, r.works, r.citations, r.open_access]),
      truth.map((r) => [Number(r.y), r.n, r.c, r.oa]),
    );
    assert.equal(out.complete, true);
    assert.equal(out.provenance[0].total, top.n);
  });

  await t.step("the author identity is the one the raw response carries", async () => {
    const raw = await fetch(`${sb.url}/api/v1/researchers/${top.author_id}/works?limit=1`, {
      headers: { "x-api-key": sb.keys.free },
    }).then((r) => r.json());
    const out = await researcherOutput(ri, { authorId: `scholarly_${top.author_id}` });
    const { author_key, name, orcid } = raw.meta.author; // beside the profile's counters
    assert.deepEqual(out.author, { author_key, name, orcid });
    const s = out.summary.toRecords()[0];
    assert.equal(s.name, raw.meta.author.name);
    assert.equal(s.orcid, raw.meta.author.orcid);
  });

  await t.step("a year window filters the works and fills every year of the window", async () => {
    const out = await researcherOutput(ri, { authorId: top.author_id, from: 2022, to: 2024 });
    const truth = truthByYear("2022-01-01", "2024-12-31");
    assert.deepEqual(out.byYear.getColumn("year").toArray(), [2022, 2023, 2024]);
    const byYear = new Map(truth.map((r) => [Number(r.y), r.n]));
    assert.deepEqual(
      out.byYear.getColumn("works").toArray(),
      [2022, 2023, 2024].map((y) => byYear.get(y) ?? 0),
    );
  });

  await t.step("a window with no works gives typed empty frames", async () => {
    const out = await researcherOutput(ri, { authorId: top.author_id, from: "1901-01-01", to: "1901-12-31" });
    assert.equal(out.works.height, 0);
    assert.equal(out.summary.getColumn("works").toArray()[0], 0);
    assert.equal(out.byYear.getColumn("works").toArray()[0], 0);
  });

  await t.step("an unknown author is an error (HTTP 404), not an empty result", async () => {
    await assert.rejects(
      () => researcherOutput(ri, { authorId: "A9999999999" }),
      (e: Error & { status?: number }) => {
        assert.equal(e.status, 404);
        return true;
      },
    );
  });
});
