/**
 * An OpenAlex snapshot subset imported into a store (tests/fixtures/public/openalex: entity folders of
 * gzipped JSON lines in `updated_date=` partitions; openalex_subset.json: one author's works and the works
 * naming an imported trial) and served by the sandbox: researcher works with the spec's filters and id
 * forms, the profile's counters, the type vocabulary, researcher output, and the topics (real names for
 * the trial topic search) come back as the files say; researchers are no longer declared missing; the
 * folder alone imports everything in it; a bad line names the file and line.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { gunzipSync, gzipSync } from "fflate";
import { createClient } from "../../lib/client/mod.ts";
import { researcherOutput } from "../../lib/analyses/researcher_output.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, importedStore } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const TODAY = "2026-11-21";
const PRIEM = "A5023888391";

Deno.test("an imported OpenAlex subset answers researcher works, output and topics as the files say", async (t) => {
  const store = await importedStore({ openalex: `${FX}openalex_subset.json` });
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });

    await t.step("every id form; the author's identity and profile counters", async () => {
      for (const id of [PRIEM, `scholarly_${PRIEM}`, `https://openalex.org/${PRIEM}`]) {
        const r = await ri.researchers.works.all({ authorId: id });
        assert.equal(
          r.rows.length,
          6,
          `${id}: the real work, four written ones, the older partition's letter`,
        );
      }
      const res = await fetch(`${sb.url}/api/v1/researchers/${PRIEM}/works?limit=2`, {
        headers: { "x-api-key": sb.keys.free },
      });
      const body = await res.json();
      assert.equal(res.headers.get("x-data-missing"), null, "researchers are not declared missing");
      assert.match(res.headers.get("x-data-source") ?? "", /openalex=openalex_subset\.json@2025-06-11/);
      assert.deepEqual(body.meta.author, {
        author_key: PRIEM,
        name: "Jason Priem",
        orcid: "0000-0001-6187-6610",
        works_count: 62,
        cited_by_count: 3890,
        h_index: 17,
      }, "the profile's counters as the authors file states them (summary_stats.h_index)");
      assert.equal(body.meta.totalItems, 6);
      assert.equal(body.hasMore, true);
    });

    await t.step("rows, sort, dates and the type vocabulary", async () => {
      const all = await ri.researchers.works.all({ authorId: PRIEM, sort: "cited_by_count" });
      assert.deepEqual(all.rows.map((w) => [w.work_id, w.type, w.cited_by_count]), [
        ["W2741809807", "article", 962],
        ["W4000000001", "review", 40],
        ["W4000000003", "conference-paper", 12], // proceedings-article
        ["W4000000007", "letter", 5],
        ["W4000000002", "preprint", 3],
        ["W4000000004", "others", 0], // dataset
      ]);
      const oa = all.rows[0];
      assert.equal(
        oa.title,
        "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles",
      );
      assert.equal(oa.doi, "10.7717/peerj.4375");
      assert.equal(oa.venue, "PeerJ");
      assert.equal(oa.publication_date, "2018-02-13");
      assert.equal(oa.is_open_access, true);
      const window = await ri.researchers.works.all({
        authorId: PRIEM,
        publication_date_from: "2019-01-01",
        publication_date_to: "2021-12-31",
      });
      assert.deepEqual(window.rows.map((w) => w.work_id), ["W4000000002", "W4000000001", "W4000000003"]);
      const conf = await ri.researchers.works.all({ authorId: PRIEM, type: "Conference-Paper" });
      assert.deepEqual(conf.rows.map((w) => w.work_id), ["W4000000003"]);
    });

    await t.step("researcher output: figures over the listed works", async () => {
      const out = await researcherOutput(ri, { authorId: PRIEM });
      const s = out.summary.toRecords()[0];
      assert.equal(s.works, 6);
      assert.equal(s.citations, 962 + 40 + 3 + 12 + 0 + 5);
      assert.equal(s.h_index, 4, "962, 40, 12, 5 ≥ 4; 3 < 5");
      assert.equal(s.open_access_fraction, 4 / 6);
      assert.equal(s.first_year, 2012);
      assert.equal(s.last_year, 2022);
      assert.equal(s.name, "Jason Priem");
      const types = Object.fromEntries(out.byType.toRecords().map((r) => [r.type, r.works]));
      assert.deepEqual(types, {
        article: 1,
        review: 1,
        preprint: 1,
        "conference-paper": 1,
        letter: 1,
        others: 1,
      });
    });

    await t.step(
      "the subset: a work naming an imported trial is kept with its author; others are not",
      async () => {
        const other = await ri.researchers.works.all({ authorId: "A5099999901" });
        assert.deepEqual(
          other.rows.map((w) => w.work_id),
          ["W4000000005", "W4000000001"],
          "the work naming NCT05000001 (ctgov fixture), and the review co-written with the listed author",
        );
        const res = await fetch(`${sb.url}/api/v1/researchers/A5099999902/works`, {
          headers: { "x-api-key": sb.keys.free },
        });
        await res.body?.cancel();
        assert.equal(res.status, 404, "an author of no kept work is not imported");
        const coauthor = await ri.researchers.works.all({ authorId: "A5048491430" });
        assert.deepEqual(
          coauthor.rows.map((w) => w.work_id),
          ["W2741809807"],
          "a co-author without a profile file",
        );
        const profileLess = coauthor.body as { meta: { author: Record<string, unknown> } };
        assert.deepEqual(
          [
            profileLess.meta.author.works_count,
            profileLess.meta.author.cited_by_count,
            profileLess.meta.author.h_index,
          ],
          [1, 962, 1],
          "counters over the stored works",
        );
      },
    );

    await t.step("topics: real names, and a trial found by its publication's topic", async () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const topic = db.prepare("SELECT name, subfield, field, domain FROM topics WHERE topic_id = 'T10102'")
          .get();
        assert.deepEqual({ ...topic }, {
          name: "Scientometrics and Bibliometrics Research", // the topics file's name wins over the works'
          subfield: "Statistics, Probability and Uncertainty",
          field: "Decision Sciences",
          domain: "Social Sciences",
        });
      } finally {
        db.close();
      }
      const hits = await ri.trials.topics({ topic: "bibliometrics research" });
      assert.deepEqual(hits.rows.map((r) => r.trial_id), ["NCT05000001"]);
    });
  } finally {
    await dropStore(store);
  }
});

Deno.test("the OpenAlex folder alone imports everything in it; a re-import keeps one row per id; a bad line names file and line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-openalex-" });
  try {
    const store = `${dir}/ri.db`;
    await importPublicData({ store, openalex: `${FX}openalex`, today: TODAY });
    const r = await importPublicData({ store, openalex: `${FX}openalex`, today: TODAY });
    assert.equal(r.sources.openalex.edition, "2025-06-11", "the latest updated_date partition");
    const db = new DatabaseSync(store, { readOnly: true });
    try {
      const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      assert.equal(n("SELECT count(*) AS n FROM works"), 8, "every work of both partitions, once");
      assert.equal(n("SELECT count(*) AS n FROM work_authors WHERE author_id = 'A5023888391'"), 6);
      assert.equal(
        n("SELECT count(*) AS n FROM researchers WHERE author_id = 'A5099999903'"),
        1,
        "every author",
      );
    } finally {
      db.close();
    }
    // Records saved from the API under their ids (the shared samples' form) read as works and authors.
    await Deno.mkdir(`${dir}/api`);
    const work = JSON.parse(
      new TextDecoder().decode(
        gunzipSync(await Deno.readFile(`${FX}openalex/works/updated_date=2025-06-11/part_000.gz`)),
      ).split("\n")[0],
    );
    await Deno.writeTextFile(`${dir}/api/W2741809807.json`, JSON.stringify(work, null, 2));
    await importPublicData({ store: `${dir}/api.db`, openalex: `${dir}/api`, today: TODAY });
    const api = new DatabaseSync(`${dir}/api.db`, { readOnly: true });
    try {
      const w = api.prepare("SELECT work_id, type, cited_by_count FROM works").all();
      assert.deepEqual(w.map((r) => ({ ...r })), [{
        work_id: "W2741809807",
        type: "article",
        cited_by_count: 962,
      }]);
      const n = (api.prepare("SELECT count(*) AS n FROM researchers").get() as { n: number }).n;
      assert.equal(n, 9, "its nine authors, from the authorships");
    } finally {
      api.close();
    }
    // The subset by institution (the works with an authorship there, the authors last known there) and by topic.
    const subset = async (name: string, keep: Record<string, unknown>) => {
      await Deno.writeTextFile(`${dir}/${name}.json`, JSON.stringify({ snapshot: `${FX}openalex`, ...keep }));
      await importPublicData({ store: `${dir}/${name}.db`, openalex: `${dir}/${name}.json`, today: TODAY });
      const sub = new DatabaseSync(`${dir}/${name}.db`, { readOnly: true });
      try {
        const ids = (sql: string) => (sub.prepare(sql).all() as { id: string }[]).map((r) => r.id);
        return {
          works: ids("SELECT work_id AS id FROM works ORDER BY work_id"),
          authors: ids("SELECT author_id AS id FROM researchers ORDER BY author_id"),
        };
      } finally {
        sub.close();
      }
    };
    const byInstitution = await subset("inst", { institutions: ["https://openalex.org/I4200000001"] });
    assert.deepEqual(
      byInstitution.works,
      ["W4000000001", "W4000000002", "W4000000003", "W4000000004", "W4000000007"],
      "Priem's works written at OurResearch (the real one names another institution)",
    );
    assert.deepEqual(byInstitution.authors, ["A5023888391", "A5099999901"], "and their authors");
    const byTopic = await subset("topic", { topics: ["T13607"] });
    assert.deepEqual(byTopic.works, ["W2741809807"], "the one work with that topic");
    assert.equal(byTopic.authors.length, 9);
    const bad = `${dir}/snapshot/works/updated_date=2025-07-01`;
    await Deno.mkdir(bad, { recursive: true });
    const good = '{"id":"https://openalex.org/W1","title":"x","type":"article","authorships":[]}';
    await Deno.writeFile(
      `${bad}/part_000.gz`,
      gzipSync(new TextEncoder().encode(`${good}\n{"id": "https://openalex.org/W2", \n`)),
    );
    await assert.rejects(
      importPublicData({ store, openalex: `${dir}/snapshot`, today: TODAY }),
      (e: Error) =>
        e instanceof RangeError &&
        e.message.startsWith("--openalex: works/updated_date=2025-07-01/part_000.gz line 2:") &&
        /is not an OpenAlex record/.test(e.message),
    );
    await Deno.writeTextFile(
      `${dir}/subset.json`,
      JSON.stringify({ snapshot: "snapshot", authors: ["B12"] }),
    );
    await assert.rejects(
      importPublicData({ store, openalex: `${dir}/subset.json`, today: TODAY }),
      /--openalex: .*subset\.json: "B12" is not an OpenAlex id in "authors"/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
