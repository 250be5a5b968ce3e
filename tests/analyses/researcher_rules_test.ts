/**
 * Researcher output at its boundaries, from its definitions: every ratio column against its numerator
 * and denominator (per year, per type, overall), ties in the type ranking, the h-index at its edges, the
 * frames' keys, and an answer without `meta.author`.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { researcherOutput, researcherOutputFromFrame } from "../../lib/analyses/researcher_output.ts";
import { keyOf } from "../../lib/frames/mod.ts";
import { mostProlificAuthor } from "../../lib/sandbox/mod.ts";
import { clientFor, countingFetch, withSandbox } from "../client/_sandbox.ts";

const SCHEMA = {
  work_id: pl.Utf8,
  type: pl.Utf8,
  publication_date: pl.Date,
  cited_by_count: pl.Int64,
  is_open_access: pl.Bool,
};
type W = { id: string; type: string; date: string | null; cites: number | null; oa: boolean | null };
const frame = (ws: W[]) =>
  pl.DataFrame({
    work_id: ws.map((w) => w.id),
    type: ws.map((w) => w.type),
    publication_date: ws.map((w) => (w.date ? new Date(`${w.date}T00:00:00Z`) : null)),
    cited_by_count: ws.map((w) => w.cites),
    is_open_access: ws.map((w) => w.oa),
  }, { schema: SCHEMA });

const WORKS: W[] = [
  { id: "a", type: "article", date: "2020-03-01", cites: 10, oa: true },
  { id: "b", type: "article", date: "2020-11-30", cites: 2, oa: false },
  { id: "c", type: "review", date: "2020-06-01", cites: null, oa: null },
  { id: "d", type: "review", date: "2022-01-01", cites: 6, oa: true },
  { id: "e", type: "letter", date: null, cites: 1, oa: true },
];

Deno.test("researcher output: per-year and per-type ratios equal their numerators over their denominators", () => {
  const out = researcherOutputFromFrame(frame(WORKS), null);
  for (const r of out.byYear.toRecords()) {
    const ws = WORKS.filter((w) => w.date?.startsWith(String(r.year)));
    const oa = ws.filter((w) => w.oa === true).length;
    assert.equal(r.works, ws.length, `works ${r.year}`);
    assert.equal(r.citations, ws.reduce((a, w) => a + (w.cites ?? 0), 0), `citations ${r.year}`);
    assert.equal(r.open_access, oa, `open access ${r.year}`);
    assert.equal(r.open_access_fraction, ws.length ? oa / ws.length : null, `fraction ${r.year}`);
  }
  assert.deepEqual(out.byYear.getColumn("year").toArray(), [2020, 2021, 2022], "gap years filled");
  for (const r of out.byType.toRecords()) {
    const ws = WORKS.filter((w) => w.type === r.type);
    assert.equal(r.works, ws.length);
    assert.equal(r.citations, ws.reduce((a, w) => a + (w.cites ?? 0), 0));
    assert.equal(r.share_fraction, ws.length / WORKS.length, `share of ${r.type} over every work`);
    assert.equal(r.open_access_fraction, ws.filter((w) => w.oa === true).length / ws.length);
  }
  // Ties in works go to the type's name: article and review have 2 each.
  assert.deepEqual(out.byType.getColumn("type").toArray(), ["article", "review", "letter"]);
});

Deno.test("researcher output: the summary's ratios are over every listed work; years span the dated ones", () => {
  const out = researcherOutputFromFrame(frame(WORKS), { author_key: "A1", name: "Ada", orcid: null });
  const cites = WORKS.reduce((a, w) => a + (w.cites ?? 0), 0);
  assert.deepEqual(out.summary.toRecords(), [{
    author_key: "A1",
    name: "Ada",
    orcid: null,
    works: WORKS.length,
    citations: cites,
    mean_citations: cites / WORKS.length,
    h_index: 2, // 10, 6, 2, 1, 0: two works with at least 2 citations, not three with at least 3
    open_access_fraction: WORKS.filter((w) => w.oa === true).length / WORKS.length,
    first_year: 2020,
    last_year: 2022,
  }]);
  const keys = Object.fromEntries(Object.entries(out).map(([k, df]) => [k, keyOf(df)]));
  assert.deepEqual(keys, { works: ["work_id"], byYear: ["year"], byType: ["type"], summary: [] });
});

Deno.test("researcher output: works without a date count overall, never as a year", () => {
  const undated = WORKS.map((w) => ({ ...w, date: null }));
  const out = researcherOutputFromFrame(frame(undated), null);
  assert.equal(out.byYear.height, 0);
  assert.equal(out.summary.getColumn("works").get(0), undated.length);
  assert.equal(out.summary.getColumn("first_year").get(0), null);
});

Deno.test("researcher output: the h-index at its edges (h works with at least h citations each)", () => {
  const h = (cites: number[]) =>
    researcherOutputFromFrame(
      frame(cites.map((c, i) => ({ id: `w${i}`, type: "article", date: "2021-01-01", cites: c, oa: false }))),
      null,
    ).summary.getColumn("h_index").get(0);
  assert.equal(h([0, 0]), 0);
  assert.equal(h([1]), 1);
  assert.equal(h([3, 3, 3]), 3);
  assert.equal(h([2, 2, 2]), 2);
  assert.equal(h([1, 5]), 1);
});

Deno.test("researcherOutput(): an answer without meta.author leaves the author unknown, and says so", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const author = mostProlificAuthor(sb.store.db)!;
    // The catalogue requires meta.author, so the real client never lets it go missing: a caller's own
    // client slice (ResearcherOutputClient) can, and gets an unknown author rather than a wrong one.
    const slice = {
      researchers: {
        works: {
          all: async (p: Record<string, unknown>) => {
            const r = await ri.researchers.works.all(p as { authorId: string });
            return { ...r, body: { ...(r.body as object), meta: { author: { name: "Nameless" } } } };
          },
        },
      },
    };
    const out = await researcherOutput(slice, { authorId: author });
    assert.equal(out.author, null);
    assert.equal(out.summary.getColumn("author_key").get(0), null);
    assert.equal(out.works.height, (await researcherOutput(ri, { authorId: author })).works.height);
    const w = out.warnings.find((x) => x.code === "author-unknown");
    assert.match(w?.message ?? "", new RegExp(`author '${author}' carried no meta.author`));
  });
});

Deno.test("researcherOutput(): a window from a year only lists works from that year on (the raw listing's)", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const author = mostProlificAuthor(sb.store.db)!;
    const all = await researcherOutput(ri, { authorId: author });
    const years = (all.works.getColumn("year").toArray() as (number | null)[]).filter((y) => y !== null);
    assert.equal(years.length, all.works.height, "fixture: every work dated");
    const from = [...years].sort()[Math.floor(years.length / 2)];
    assert.ok(years.some((y) => y < from), "fixture: works before the window");
    const out = await researcherOutput(ri, { authorId: author, from });
    assert.equal(out.works.height, years.filter((y) => y >= from).length);
    const until = await researcherOutput(ri, { authorId: author, to: from - 1 });
    assert.equal(until.works.height, years.filter((y) => y < from).length);
  });
});

Deno.test("researcherOutput(): an author with an id keeps its ORCID; a missing name is empty, not 'undefined'", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const author = mostProlificAuthor(sb.store.db)!;
    const slice = {
      researchers: {
        works: {
          all: async (p: Record<string, unknown>) => {
            const r = await ri.researchers.works.all(p as { authorId: string });
            const meta = { author: { author_key: author, orcid: "0000-0002-1825-0097" } };
            return { ...r, body: { ...(r.body as object), meta } };
          },
        },
      },
    };
    const out = await researcherOutput(slice, { authorId: author });
    assert.deepEqual(out.author, { author_key: author, name: "", orcid: "0000-0002-1825-0097" });
    assert.ok(!out.warnings.some((w) => w.code === "author-unknown"));
  });
});

Deno.test("researcherOutput(): an empty author id is the caller's error, before any request", async () => {
  await withSandbox(async (sb) => {
    const f = countingFetch();
    await assert.rejects(
      researcherOutput(clientFor(sb, { fetch: f.fetch }), { authorId: "" }),
      (e: unknown) => e instanceof RangeError && /^researcherOutput: authorId /.test(e.message),
    );
    assert.equal(f.count(), 0);
  });
});
