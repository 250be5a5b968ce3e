/**
 * NIH RePORTER ExPORTER and CORDIS project files imported into a store (fixtures in the published
 * layouts, tests/fixtures/public/nih and cordis) and served by the sandbox: the grant sample, search,
 * filters and the full grant rows (organizations, partners, abstract, topics, amount and currency) come
 * back through the client as the files say; organizations link across sources; a re-import replaces;
 * a zip reads like the folder; a bad file names the file, the line and the column and leaves the store
 * as it was; grants are no longer declared missing once imported.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { zipSync } from "fflate";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, importedStore } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const TODAY = "2026-11-21";

async function tempStore(): Promise<{ store: string; [Symbol.asyncDispose](): Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "ri-grants-" });
  return { store: `${dir}/ri.db`, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

// deno-lint-ignore no-explicit-any
const byId = (rows: readonly any[], id: string) => {
  const hit = rows.find((r) => r.grant_id === id);
  assert.ok(hit, `no grant ${id}`);
  return hit;
};

Deno.test("imported NIH and CORDIS grants come back through the client as the files say", async (t) => {
  const store = await importedStore({ nihExporter: `${FX}nih`, cordis: `${FX}cordis` });
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });

    await t.step("the sample: the 3 latest-starting NIH and 2 CORDIS grants", async () => {
      const sample = await ri.grants.sample();
      assert.deepEqual(
        sample.rows.map((g) => [g.source, g.grant_id, g.start_date]),
        [
          ["NIH", "10800001", "2023-04-01"], // FY2023 file
          ["NIH", "10025312", "2022-09-21"], // FY2022: PROJECT_START 9/21/2022
          ["NIH", "9952575", "2022-09-07"],
          ["CORDIS", "101160003", "2024-02-01"],
          ["CORDIS", "101080002", "2023-01-01"],
        ],
      );
    });

    await t.step("the full NIH row: amount in USD, lead organization, abstract file, topics", async () => {
      const all = await ri.grants.search.all({ source: "NIH" });
      assert.equal(
        all.rows.length,
        50,
        "49 FY2022 rows + 1 FY2023 application; the sub-project row is not a grant",
      );
      assert.ok(
        !all.rows.some((g) => g.grant_id === "10800002"),
        "sub-project rows are parts of their parent",
      );
      const g = byId(all.rows, "9564059");
      assert.equal(
        g.title,
        "Randomized Prospective Phase II Clinical Trial of NVX-108 in Association with Chemoradiation of Glioblastoma",
      );
      assert.equal(g.funding_amount, 1000000);
      assert.equal(g.currency, "USD");
      assert.equal(g.start_date, "2010-05-24", "M/D/YYYY read as a date");
      assert.equal(g.end_date, "2024-02-29");
      assert.deepEqual(g.organizations, ["NUVOX PHARMA, LLC"]);
      assert.deepEqual(g.partners, []);
      assert.match(
        g.abstract ?? "",
        /^PROJECT SUMMARY\nGlioblastoma is a hypoxic tumor/,
        "from the abstract file",
      );
      assert.ok(g.topics?.includes("Brain Cancer"), "an RCDC spending category");
      assert.ok(g.topics?.includes("Glioblastoma"), "a project term");
      assert.ok(g.topics?.includes("Adverse event"));
      const fy23 = byId(all.rows, "10800001");
      assert.equal(fy23.funding_amount, 450000.5, "no TOTAL_COST column: direct + indirect");
      assert.deepEqual(fy23.topics, [
        "Cancer",
        "Lung",
        "Lung Cancer",
        "Non-Small Cell Lung Carcinoma",
        "Therapeutic",
      ]);
      assert.equal(byId(all.rows, "9666208").funding_amount, 0, "a VA award publishes no cost");
      assert.equal(
        byId(all.rows, "9647222").abstract,
        "Test abstract: metabolic signalling in pancreatic cancer cells, written for the importer tests.",
      );
    });

    await t.step(
      "the full CORDIS row: EU contribution in EUR, coordinator, partners in order, objective, topics",
      async () => {
        const all = await ri.grants.search.all({ source: "CORDIS" });
        assert.equal(all.rows.length, 3);
        const g = byId(all.rows, "101057001");
        assert.equal(g.title, "Immune checkpoints in lung cancer; a European cohort", "a ';' inside quotes");
        assert.equal(g.funding_amount, 7499843.75, "ecMaxContribution with a decimal comma");
        assert.equal(g.currency, "EUR");
        assert.equal(g.start_date, "2022-09-01");
        assert.equal(g.end_date, "2027-08-31");
        assert.deepEqual(g.organizations, ["KAROLINSKA INSTITUTET"]);
        assert.deepEqual(g.partners, [
          "INSTITUT GUSTAVE ROUSSY",
          "Stichting Het Nederlands Kanker Instituut",
          "The Johns Hopkins University",
        ], "participants and associated partners in the file's order");
        assert.equal(
          g.abstract,
          'Lung cancer remains the leading cause of cancer death.\nThe consortium will study immune checkpoint resistance in a "real-world" cohort.',
        );
        assert.deepEqual(
          g.topics,
          ["Understanding resistance to cancer immunotherapy"],
          "named by topics.csv",
        );
        const rare = byId(all.rows, "101080002");
        assert.deepEqual(
          rare.topics,
          ["Gene therapies for rare diseases", "HORIZON-HLTH-2022-DISEASE-06-02"],
          "an unnamed topic keeps its code",
        );
        assert.deepEqual(rare.partners, ["Genethon"], "a third party is a partner");
      },
    );

    await t.step("search and filters", async () => {
      const glio = await ri.grants.search({ search: "glioblastoma" });
      assert.deepEqual(glio.rows.map((g) => g.grant_id), ["9564059"]);
      const checkpoint = await ri.grants.search({ search: "checkpoint", sort: "start_date", order: "asc" });
      assert.deepEqual(
        checkpoint.rows.map((g) => g.grant_id),
        ["101057001", "10800001"],
        "NIH and CORDIS titles",
      );
      const topic = await ri.grants.search({ topic: "Brain Cancer" });
      assert.deepEqual(topic.rows.map((g) => g.grant_id), ["9564059"], "the one FY2022 row in that category");
      const big = await ri.grants.search.all({ funding_min: 2_900_000 });
      assert.deepEqual(
        big.rows.map((g) => g.grant_id).sort(),
        ["101057001", "101080002", "9953942", "10017324"].sort(),
        "amounts compared as stored, each in its own currency",
      );
      const after = await ri.grants.search.all({ source: "CORDIS", start_date_after: "2023-01-01" });
      assert.deepEqual(after.rows.map((g) => g.grant_id).sort(), ["101080002", "101160003"]);
    });

    await t.step("grants are no longer declared missing; the answer names the sources", async () => {
      const res = await fetch(`${sb.url}/api/v1/grants/sample`, { headers: { "x-api-key": sb.keys.free } });
      await res.body?.cancel();
      assert.equal(res.headers.get("x-data-missing"), null);
      assert.match(
        res.headers.get("x-data-source") ?? "",
        /nih_exporter=nih@FY2022-FY2023; cordis=cordis@HORIZON 2024-03-20/,
      );
    });

    await t.step("organizations link across sources: the CORDIS partner is the NIH grantee", () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const ids = db.prepare(
          `SELECT DISTINCT org_id FROM grant_organizations WHERE name IN ('JOHNS HOPKINS UNIVERSITY', 'The Johns Hopkins University')`,
        ).all() as { org_id: string }[];
        assert.deepEqual(ids.map((r) => r.org_id), ["organizations/johns-hopkins-university"]);
      } finally {
        db.close();
      }
    });
  } finally {
    await dropStore(store);
  }
});

Deno.test("a re-import replaces the grants; the CORDIS zip reads like the folder; one source alone is declared partial", async () => {
  await using tmp = await tempStore();
  const { store } = tmp;
  await importPublicData({ store, nihExporter: `${FX}nih/RePORTER_PRJ_C_FY2022.csv`, today: TODAY });
  const zip = `${store}.cordis.zip`;
  const files: Record<string, Uint8Array> = {};
  for (const f of ["project.csv", "organization.csv", "topics.csv"]) {
    files[`cordis-HORIZONprojects-csv/${f}`] = await Deno.readFile(`${FX}cordis/${f}`);
  }
  await Deno.writeFile(zip, zipSync(files));
  await importPublicData({ store, cordis: zip, today: TODAY });
  await importPublicData({
    store,
    cordis: zip,
    nihExporter: `${FX}nih/RePORTER_PRJ_C_FY2022.csv`,
    today: TODAY,
  });
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    assert.equal(
      n("SELECT count(*) AS n FROM grants WHERE source = 'NIH'"),
      49,
      "single file: its rows once",
    );
    assert.equal(n("SELECT count(*) AS n FROM grants WHERE source = 'CORDIS'"), 3);
    assert.equal(
      n("SELECT count(*) AS n FROM grant_organizations WHERE grant_id = '101057001'"),
      4,
      "not doubled",
    );
    assert.equal(
      n("SELECT count(*) AS n FROM grants WHERE grant_id = '9564059' AND abstract = ''"),
      1,
      "no abstract file given",
    );
  } finally {
    db.close();
  }
  await using tmp2 = await tempStore();
  await importPublicData({ store: tmp2.store, cordis: `${FX}cordis`, today: TODAY });
  await using sb = await startSandbox({ store: tmp2.store, quiet: true });
  const res = await fetch(`${sb.url}/api/v1/grants/sample`, { headers: { "x-api-key": sb.keys.free } });
  const body = await res.json();
  assert.deepEqual(body.data.map((g: { source: string }) => g.source), ["CORDIS", "CORDIS"]);
  assert.match(
    res.headers.get("x-data-missing") ?? "",
    /grants: the nih_exporter source was not imported \(deno task import -- --nih-exporter/,
  );
});

Deno.test("a grant file that is not as published names the file, line and column, and leaves the store as it was", async (t) => {
  await using tmp = await tempStore();
  const { store } = tmp;
  await importPublicData({ store, cordis: `${FX}cordis`, today: TODAY });
  const dir = await Deno.makeTempDir({ prefix: "ri-grants-bad-" });
  try {
    await t.step("CORDIS project.csv without ecMaxContribution", async () => {
      const text = await Deno.readTextFile(`${FX}cordis/project.csv`);
      await Deno.mkdir(`${dir}/cordis`);
      await Deno.writeTextFile(
        `${dir}/cordis/project.csv`,
        text.replace('"ecMaxContribution"', '"ecContribution"'),
      );
      await assert.rejects(
        importPublicData({ store, cordis: `${dir}/cordis`, nihExporter: `${FX}nih`, today: TODAY }),
        (e: Error) =>
          e instanceof RangeError &&
          /--cordis: project\.csv line 1: .* no ecMaxContribution column/.test(e.message),
      );
    });
    await t.step("an ExPORTER row whose APPLICATION_ID is not a number", async () => {
      const lines = (await Deno.readTextFile(`${FX}nih/RePORTER_PRJ_C_FY2023.csv`)).split("\r\n");
      lines[2] = lines[2].replace("10800002", "X10800002");
      await Deno.writeTextFile(`${dir}/RePORTER_PRJ_C_FY2023.csv`, lines.join("\r\n"));
      await assert.rejects(
        importPublicData({ store, nihExporter: `${dir}/RePORTER_PRJ_C_FY2023.csv`, today: TODAY }),
        (e: Error) =>
          e instanceof RangeError &&
          /--nih-exporter: RePORTER_PRJ_C_FY2023\.csv line 3: "X10800002" is not an APPLICATION_ID/.test(
            e.message,
          ),
      );
    });
    await t.step("an ExPORTER file without PROJECT_TITLE", async () => {
      await Deno.writeTextFile(
        `${dir}/RePORTER_PRJ_C_FY2024.csv`,
        "APPLICATION_ID,ORG_NAME,PROJECT_START,PROJECT_END,TOTAL_COST\r\n1,X,,,1\r\n",
      );
      await assert.rejects(
        importPublicData({ store, nihExporter: `${dir}/RePORTER_PRJ_C_FY2024.csv`, today: TODAY }),
        /RePORTER_PRJ_C_FY2024\.csv line 1: .* no PROJECT_TITLE column/,
      );
    });
    const db = new DatabaseSync(store, { readOnly: true });
    try {
      const n = db.prepare("SELECT count(*) AS n FROM grants").get() as { n: number };
      assert.equal(n.n, 3, "the store holds what the first import wrote");
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
