/**
 * PatentsView's bulk tables (fixtures in the published layout, tests/fixtures/public/patentsview/) imported
 * beside the Orange Book and ClinicalTrials.gov and served over HTTP: search with the spec's filters and
 * YYYYMMDD dates, aggregates by year, CPC and company, yoy growth as a fraction of 1, the full record, patent
 * trends and the sponsor scan — each figure checked against the fixture files, read here on their own.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { zipSync } from "fflate";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { splitTsv } from "../../lib/sandbox/import/patentsview.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, importedStore } from "./_helpers.ts";

const PV = new URL("../fixtures/public/patentsview/", import.meta.url).pathname;
const TODAY = "2026-11-21";

/** A fixture table as records by header (the files as published: quoted cells, tab-separated). */
function table(name: string): Record<string, string>[] {
  const [head, ...lines] = Deno.readTextFileSync(`${PV}${name}.tsv`).trimEnd().split("\n");
  const cols = splitTsv(head)!;
  return lines.map((l) => Object.fromEntries(splitTsv(l)!.map((v, i) => [cols[i], v])));
}

/**
 * The fixture's patents and pre-grant publications: year (of grant or publication), organizations and CPC
 * subclasses, by PatentsView id.
 */
function fixture() {
  type P = { year: number; orgs: string[]; subclasses: Set<string> };
  const patents = new Map<string, P>();
  const add = (id: string, date: string) =>
    patents.set(id, { year: Number(date.slice(0, 4)), orgs: [], subclasses: new Set() });
  for (const r of table("g_patent")) add(r.patent_id, r.patent_date);
  for (const r of table("pg_published_application")) add(r.pgpub_id, r.published_date);
  for (const a of [...table("g_assignee_disambiguated"), ...table("pg_assignee_disambiguated")]) {
    patents.get(a.patent_id ?? a.pgpub_id)!.orgs.push(
      a.disambig_assignee_organization ||
        `${a.disambig_assignee_individual_name_first} ${a.disambig_assignee_individual_name_last}`,
    );
  }
  for (const c of [...table("g_cpc_current"), ...table("pg_cpc_current")]) {
    patents.get(c.patent_id ?? c.pgpub_id)?.subclasses.add(c.cpc_group.slice(0, 4));
  }
  const count = (keep: (p: P) => boolean) => [...patents.values()].filter(keep).length;
  return { patents, count };
}

/** A raw answer of the sandbox with the Pro key (the full record as the service sends it). */
const pro = (sb: { url: string; keys: { pro: string } }, path: string) =>
  fetch(`${sb.url}${path}`, { headers: { "x-api-key": sb.keys.pro } }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

Deno.test("imported PatentsView tables answer search, aggregates, yoy growth and full records as the files say", async () => {
  const store = await importedStore({ patentsview: PV });
  const fx = fixture();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });

    // Provenance: patents come from PatentsView now, with its edition (the latest grant in g_patent).
    const latest = table("g_patent").map((r) => r.patent_date).sort().pop();
    const head = await fetch(`${sb.url}/api/v1/patents?limit=1`, { headers: { "x-api-key": sb.keys.pro } });
    await head.body?.cancel();
    assert.equal(head.headers.get("x-data-missing"), null, "patents are no longer declared missing");
    assert.match(
      head.headers.get("x-data-source") ?? "",
      new RegExp(`patentsview=patentsview@grants to ${latest}`),
    );

    // Search: every patent, dates YYYYMMDD, publication ids US<number><kind>.
    const all = await ri.patents.search({ limit: 100 });
    assert.equal(all.total, fx.patents.size);
    assert.ok(all.rows.every((r) => /^\d{8}$/.test(r.publication_date ?? "")), "YYYYMMDD dates");
    assert.ok(
      all.rows.some((r) => r.patent_id === "USD900001S") &&
        all.rows.some((r) => r.patent_id === "USRE49999E"),
    );
    const pfizer = (y: number) => fx.count((p) => p.year === y && p.orgs.includes("Pfizer Inc."));
    const r2025 = await ri.patents.search({
      company_id: "organizations/pfizer",
      publication_date_from: "2025-01-01",
      publication_date_to: "2025-12-31",
      limit: 100,
    });
    assert.equal(r2025.total, pfizer(2025));
    assert.equal(r2025.rows[0].patent_id, "US12180006B2", "newest first");
    assert.deepEqual(r2025.rows[0].assignees, ["Pfizer Inc.", "BioNTech SE"], "raw assignees, in sequence");
    const c07k = await ri.patents.search({ cpc_code: "C07K", limit: 100 });
    assert.equal(c07k.total, fx.count((p) => p.subclasses.has("C07K")));
    const exact = await ri.patents.search({
      cpc_code: "A61K31/4439",
      include_descendants: "false",
      limit: 100,
    });
    assert.equal(
      exact.total,
      table("g_cpc_current").filter((c) => c.cpc_group === "A61K31/4439" && fx.patents.has(c.patent_id))
        .length,
    );
    const person = await ri.patents.search({ company_id: "Jane Doe", limit: 5 });
    assert.deepEqual(
      person.rows.map((r) => r.patent_id),
      ["US11850001B2"],
      "an individual by the raw string",
    );
    const raw = await pro(sb, "/api/v1/patents?cpc_code=ZZZZ");
    assert.equal(raw.status, 400, "an unknown CPC prefix is refused");

    // Aggregates: by year for a company, by CPC subclass, by company (the default window 2024–2026).
    const years = await ri.patents.aggregate({
      company_id: "organizations/pfizer",
      group_by: "year",
      publication_date_from: "2024-01-01",
      publication_date_to: "2026-12-31",
    });
    assert.deepEqual(
      Object.fromEntries(years.rows.map((b) => [b.year, b.count])),
      { 2024: pfizer(2024), 2025: pfizer(2025), 2026: pfizer(2026) },
    );
    const inWindow = (p: { year: number }) => p.year >= 2024 && p.year <= 2026;
    const cpc = await ri.patents.aggregate({ group_by: "cpc", limit: 500 });
    const subclasses = new Set([...fx.patents.values()].filter(inWindow).flatMap((p) => [...p.subclasses]));
    assert.deepEqual(
      Object.fromEntries(cpc.rows.map((b) => [b.cpc, b.count])),
      Object.fromEntries(
        [...subclasses].map((s) => [s, fx.count((p) => inWindow(p) && p.subclasses.has(s))]),
      ),
    );
    const companies = await ri.patents.aggregate({ group_by: "company", limit: 500 });
    const bms = companies.rows.find((b) => b.company === "organizations/bristol-myers-squibb");
    assert.equal(bms?.count, fx.count((p) => inWindow(p) && p.orgs.includes("Bristol-Myers Squibb Company")));
    const both = await ri.patents.aggregate({ group_by: "cpc,company", cpc_code: "C12N", limit: 500 });
    assert.equal(
      both.rows.find((b) => b.company === "organizations/pfizer" && b.cpc === "C12N")?.count,
      fx.count((p) => inWindow(p) && p.subclasses.has("C12N") && p.orgs.includes("Pfizer Inc.")),
    );

    // YoY growth 2024 → 2025, percent a fraction of 1.
    const growth = await ri.patents.yoyGrowth({
      dimension: "company",
      year_start: 2024,
      year_end: 2025,
      min_old_count: 1,
      limit: 20,
    });
    const pf = growth.rows.find((g) => g.company_id === "organizations/pfizer")!;
    assert.deepEqual([pf.oldCount, pf.newCount, pf.change], [
      pfizer(2024),
      pfizer(2025),
      pfizer(2025) - pfizer(2024),
    ]);
    assert.equal(pf.percent, Math.round((pf.change / pf.oldCount) * 1e4) / 1e4);
    const byCpc = await ri.patents.yoyGrowth({
      dimension: "cpc",
      year_start: 2024,
      year_end: 2025,
      min_old_count: 1,
    });
    const a61k = byCpc.rows.find((g) => g.cpc_code === "A61K")!;
    const sub = (y: number) => fx.count((p) => p.year === y && p.subclasses.has("A61K"));
    assert.deepEqual([a61k.oldCount, a61k.newCount], [sub(2024), sub(2025)]);

    // The full record.
    const full = (await pro(sb, "/api/v1/patents/US12180006B2")).body.data;
    assert.equal(full.priority_date, "20200227", "the earliest foreign priority claim");
    assert.equal(full.application_date, "20220315");
    assert.deepEqual(full.inventors, ["Ugur Sahin", "Philip Dormitzer"]);
    const titles = new Map(table("g_cpc_title").map((t) => [t.cpc_group, t.cpc_group_title]));
    assert.deepEqual(
      full.classifications,
      ["A61K39/12", "C12N15/88", "A61K9/51"].map((code) => ({ code, description: titles.get(code) })),
    );
    assert.deepEqual(full.citations, {
      patent: ["US11560001B2"],
      non_patent: ["Polack et al., N Engl J Med 2020; 383:2603"],
    });
    assert.deepEqual(full.citation_counts, { cited_by: 0, cites: 1 });
    assert.deepEqual(
      (full.resolved_assignees as { organization_id: string; mention_id: string }[]).map((a) =>
        a.organization_id
      ),
      ["organizations/pfizer", "organizations/biontech-se"],
    );
    assert.deepEqual(
      full.assignees,
      ["Pfizer Inc.", "BioNTech SE"],
      "the raw assignees stay the source of truth",
    );
    assert.deepEqual(full.family_members, ["US20240345678A1"], "its pre-grant publication (the crosswalk)");
    const pub = (await pro(sb, "/api/v1/patents/US20240345678A1")).body.data;
    assert.deepEqual(
      [pub.legal_status, pub.publication_date, pub.application_date, pub.family_members, pub.inventors],
      ["PENDING", "20241107", "20220315", ["US12180006B2"], ["Ugur Sahin"]],
      "a pre-grant publication from the pg_ tables",
    );
    const old = (await pro(sb, "/api/v1/patents/US6967208B2")).body.data;
    const citedBy = table("g_us_patent_citation").filter((c) => c.citation_patent_id === "6967208").length;
    assert.equal(old.citation_counts.cited_by, citedBy);
    assert.equal(old.legal_status, "EXPIRED", "filed 2002: the 20-year term has run");
    const quoted = (await pro(sb, "/api/v1/patents/US12190001B2")).body.data;
    assert.equal(
      quoted.abstract,
      'A method of treating cancer\twith an anti-PD-1 antibody.\nSecond paragraph with a "quoted" word.',
      "tabs, line breaks and quotes inside a quoted cell are kept",
    );
    assert.equal((await pro(sb, "/api/v1/patents/US11850002B2")).body.data.legal_status, "WITHDRAWN");

    // Patent trends and the sponsor scan: the sponsor of trials and approvals owns its patents.
    const bmsYear = (y: number) =>
      fx.count((p) => p.year === y && p.orgs.includes("Bristol-Myers Squibb Company"));
    const scan = await A.sponsorScan(ri, { sponsor: "Bristol-Myers Squibb", from: 2024, to: 2026 });
    assert.equal(scan.sponsor.getColumn("id").toArray()[0], "organizations/bristol-myers-squibb");
    assert.deepEqual(
      scan.patentsByYear.select("year", "patents").toRecords().map((
        r,
      ) => [Number(r.year), Number(r.patents)]),
      [[2024, bmsYear(2024)], [2025, bmsYear(2025)], [2026, bmsYear(2026)]],
    );
    assert.equal(
      Number(scan.summary.getColumn("patents").toArray()[0]),
      bmsYear(2024) + bmsYear(2025) + bmsYear(2026),
    );
    assert.ok(!scan.warnings.some((w) => w.code === "no-data-source"), "nothing declared missing");
    const trends = await A.patentTrends(ri, {
      company_id: "organizations/pfizer",
      from: 2024,
      to: 2025,
      minOldCount: 1,
    });
    assert.deepEqual(
      trends.byYear.select("year", "patents").toRecords().map((
        r,
      ) => [Number(r.year), Number(r.patents)]),
      [[2024, pfizer(2024)], [2025, pfizer(2025)]],
    );
  } finally {
    await dropStore(store);
  }
});

Deno.test("the tables zipped as published, or in one zip, import like the folder; a re-import replaces the patents", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-pv-" });
  try {
    const names = [...Deno.readDirSync(PV)].map((e) => e.name).sort();
    await Deno.mkdir(`${dir}/zipped`);
    const bundle: Record<string, Uint8Array> = {};
    for (const n of names) {
      const bytes = Deno.readFileSync(`${PV}${n}`);
      Deno.writeFileSync(`${dir}/zipped/${n}.zip`, zipSync({ [n]: bytes }));
      bundle[`patentsview/${n}`] = bytes;
    }
    Deno.writeFileSync(`${dir}/bundle.zip`, zipSync(bundle));
    const dump = (store: string) => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        return [
          "patents",
          "patent_cpc_rid",
          "patent_assignee_rid",
          "patent_anchor",
          "patent_year_counts",
          "patent_cpc_pairs",
          "patent_citations",
          "patent_inventors",
          "cpc_codes",
        ]
          .map((t) => db.prepare(`SELECT * FROM ${t}`).all().map((r) => JSON.stringify(r)).sort().join("\n"));
      } finally {
        db.close();
      }
    };
    await importPublicData({ store: `${dir}/folder.db`, patentsview: PV, today: TODAY });
    await importPublicData({ store: `${dir}/zipped.db`, patentsview: `${dir}/zipped`, today: TODAY });
    await importPublicData({ store: `${dir}/bundle.db`, patentsview: `${dir}/bundle.zip`, today: TODAY });
    const folder = dump(`${dir}/folder.db`);
    assert.equal(folder[0].split("\n").length, fixture().patents.size);
    assert.deepEqual(dump(`${dir}/zipped.db`), folder, "each table in its own zip");
    assert.deepEqual(dump(`${dir}/bundle.db`), folder, "one zip of the tables");
    await importPublicData({ store: `${dir}/folder.db`, patentsview: `${dir}/zipped`, today: TODAY });
    assert.deepEqual(dump(`${dir}/folder.db`), folder, "a re-import gives the same rows, none twice");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a patent's CPC rows in two runs are one patent's codes, a repeated inventor row one inventor: the same rows and counts as rows together", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-pv-" });
  try {
    for (
      const n of [
        "g_patent",
        "g_application",
        "g_assignee_disambiguated",
        "pg_published_application",
        "pg_cpc_current",
        "pg_assignee_disambiguated",
        "pg_inventor_disambiguated",
      ]
    ) {
      await Deno.copyFile(`${PV}${n}.tsv`, `${dir}/${n}.tsv`);
    }
    // An inventor row listed again apart from its patent's other rows: the first stays.
    const inventors = Deno.readTextFileSync(`${PV}g_inventor_disambiguated.tsv`);
    Deno.writeTextFileSync(
      `${dir}/g_inventor_disambiguated.tsv`,
      inventors + inventors.split("\n")[1] + "\n",
    );
    const [head, ...lines] = Deno.readTextFileSync(`${PV}g_cpc_current.tsv`).trimEnd().split("\n");
    // Move the first row of each patent with several codes to the end (and repeat one row).
    const moved = lines.filter((l, i) =>
      i + 1 < lines.length && l.split("\t")[0] === lines[i + 1].split("\t")[0] &&
      (i === 0 || lines[i - 1].split("\t")[0] !== l.split("\t")[0])
    );
    const rest = lines.filter((l) => !moved.includes(l));
    Deno.writeTextFileSync(`${dir}/g_cpc_current.tsv`, [head, ...rest, ...moved, moved[0]].join("\n") + "\n");
    await importPublicData({ store: `${dir}/split.db`, patentsview: dir, today: TODAY });
    await importPublicData({ store: `${dir}/together.db`, patentsview: PV, today: TODAY });
    const q = (store: string, sql: string) => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        return db.prepare(sql).all().map((r) => JSON.stringify(r));
      } finally {
        db.close();
      }
    };
    for (
      const sql of [
        "SELECT patent_rid, cpc_code, prev_code FROM patent_cpc_rid ORDER BY 1, 2",
        "SELECT * FROM patent_year_counts ORDER BY 1, 2, 3, 4",
        "SELECT * FROM patent_cpc_pairs ORDER BY 1, 2, 3",
        "SELECT * FROM patent_inventors ORDER BY 1, 2",
      ]
    ) assert.deepEqual(q(`${dir}/split.db`, sql), q(`${dir}/together.db`, sql), sql);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a patent with many CPC codes has each one's next-lower code; a run of 100,001 rows of one number is refused naming the file and line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-pv-" });
  try {
    for (const n of ["g_patent", "g_application"]) await Deno.copyFile(`${PV}${n}.tsv`, `${dir}/${n}.tsv`);
    const head = "patent_id\tcpc_sequence\tcpc_group\n";
    // 40 codes out of order (and one repeated): more than the pairwise scan is used for.
    const codes = Array.from(
      { length: 40 },
      (_, i) => `${"ABCDEFGH"[(i * 7) % 8]}0${1 + (i * 5) % 9}K${i}/00`,
    );
    const rows = [...codes, codes[3]].map((c, i) => `11890001\t${i}\t${c}`);
    Deno.writeTextFileSync(`${dir}/g_cpc_current.tsv`, head + rows.join("\n") + "\n");
    await importPublicData({ store: `${dir}/many.db`, patentsview: dir, today: TODAY });
    const db = new DatabaseSync(`${dir}/many.db`, { readOnly: true });
    try {
      const got = db.prepare(
        "SELECT cpc_code, prev_code FROM patent_cpc_rid WHERE patent_rid = 11890001 ORDER BY position",
      ).all().map((r) => [r.cpc_code, r.prev_code]);
      const sorted = [...codes].sort();
      assert.deepEqual(got, codes.map((c) => [c, sorted[sorted.indexOf(c) - 1] ?? null]));
    } finally {
      db.close();
    }
    const run = Array.from({ length: 100_001 }, (_, i) => `11890002\t${i}\tA61K${i % 90 + 1}/00`);
    Deno.writeTextFileSync(`${dir}/g_cpc_current.tsv`, head + run.join("\n") + "\n");
    await assert.rejects(
      importPublicData({ store: `${dir}/run.db`, patentsview: dir, today: TODAY }),
      (e: Error) =>
        e instanceof RangeError &&
        e.message.includes(
          'g_cpc_current.tsv line 100002: "11890002" is not a patent number with at most 100,000',
        ),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a table without a needed column, or a grant without a date, is refused naming the file and line; the store is untouched", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-pv-" });
  try {
    for (const n of ["g_patent", "g_application"]) await Deno.copyFile(`${PV}${n}.tsv`, `${dir}/${n}.tsv`);
    Deno.writeTextFileSync(
      `${dir}/g_cpc_current.tsv`,
      "patent_id\tcpc_sequence\tcpc_subclass\n11890001\t0\tA61K\n",
    );
    await assert.rejects(
      importPublicData({ store: `${dir}/a.db`, patentsview: dir, today: TODAY }),
      (e: Error) =>
        e instanceof RangeError &&
        /--patentsview: g_cpc_current\.tsv has no cpc_group column/.test(e.message),
    );
    assert.throws(() => Deno.statSync(`${dir}/a.db`), "a new store is removed");
    Deno.removeSync(`${dir}/g_cpc_current.tsv`);
    const text = Deno.readTextFileSync(`${dir}/g_patent.tsv`).replace('"2024-05-14"', '"May 14, 2024"');
    Deno.writeTextFileSync(`${dir}/g_patent.tsv`, text);
    const line = text.split("\n").findIndex((l) => l.includes("May 14, 2024")) + 1;
    await assert.rejects(
      importPublicData({ store: `${dir}/a.db`, patentsview: dir, today: TODAY }),
      (e: Error) =>
        e instanceof RangeError && e.message.includes(`g_patent.tsv line ${line}: "May 14, 2024"`),
    );
    Deno.removeSync(`${dir}/g_application.tsv`);
    await assert.rejects(
      importPublicData({ store: `${dir}/a.db`, patentsview: dir, today: TODAY }),
      /no g_application table/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
