/**
 * Corporate families and tickers from the public identifier registries (ROR dump, GLEIF golden copy,
 * SEC company tickers; fixtures in tests/fixtures/public/{ror,gleif,sec}) imported beside the Orange Book
 * and ClinicalTrials.gov fixtures, and served over HTTP: a registry parent's catalysts and loss of
 * exclusivity include its children's approvals, autocomplete rows carry rorId and lei, lei-to-ticker and
 * catalysts by ticker and lei answer, and what was matched (or not, and why) is in `org_matches`.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { zipSync } from "fflate";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { jsonArraySink } from "../../lib/sandbox/import/_read.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, importedStore } from "./_helpers.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const TODAY = "2026-11-21";
const ROR = `${FX}ror/ror-data-sample.json`;
const GLEIF = `${FX}gleif/golden`;
const SEC = `${FX}sec/company_tickers.json`;

/** The golden copy rows of the fixture, by column name. */
function csvRows(file: string): Record<string, string>[] {
  const text = Deno.readTextFileSync(file).trim();
  const lines = text.split(/\r\n/).map((l) => l.slice(1, -1).split('","'));
  return lines.slice(1).map((cells) => Object.fromEntries(lines[0].map((h, i) => [h, cells[i]])));
}
const LEIS = csvRows(`${GLEIF}/20241101-0800-gleif-goldencopy-lei2-golden-copy.csv`);
const leiOf = (name: string) => LEIS.find((r) => r["Entity.LegalName"] === name)!.LEI;
const SEC_ROWS = Object.values(JSON.parse(Deno.readTextFileSync(SEC))) as {
  cik_str: number;
  ticker: string;
  title: string;
}[];

/** A ClinicalTrials.gov study (API v2 record) sponsored by Genentech, for the Roche family. */
const GENENTECH_STUDY = {
  protocolSection: {
    identificationModule: { nctId: "NCT09999991", briefTitle: "A Study of a Genentech Antibody" },
    statusModule: { overallStatus: "RECRUITING", startDateStruct: { date: "2025-02" } },
    sponsorCollaboratorsModule: { leadSponsor: { name: "Genentech, Inc.", class: "INDUSTRY" } },
    conditionsModule: { conditions: ["Asthma"] },
  },
};

async function registryStore(): Promise<string> {
  const store = await importedStore({ ror: ROR, gleif: GLEIF, secTickers: SEC });
  const dir = store.replace(/\/ri\.db$/, "");
  await Deno.writeTextFile(`${dir}/genentech.ndjson`, JSON.stringify(GENENTECH_STUDY) + "\n");
  await importPublicData({ store, ctgov: `${dir}/genentech.ndjson`, today: TODAY });
  return store;
}

/**
 * The Orange Book fixture's Entresto (NDA 207620, Novartis Pharmaceuticals Corp) protections: its patents
 * (a delist-requested one stays listed) and exclusivities.
 */
function entrestoExpiries(): string[] {
  const rows = (file: string) =>
    Deno.readTextFileSync(`${FX}orange_book/${file}`).trim().split(/\r?\n/).map((l) => l.split("~"));
  const [ph, ...patents] = rows("patent.txt");
  const [eh, ...excl] = rows("exclusivity.txt");
  const p = (r: string[], c: string) => r[ph.indexOf(c)];
  const e = (r: string[], c: string) => r[eh.indexOf(c)];
  return [
    ...new Set([
      ...patents.filter((r) => p(r, "Appl_No") === "207620").map((r) => p(r, "Patent_No")),
      ...excl.filter((r) => e(r, "Appl_No") === "207620").map((r) => e(r, "Exclusivity_Code")),
    ]),
  ].sort();
}

Deno.test("a registry parent's catalysts, loss of exclusivity and sponsor chains include its children's approvals", async () => {
  const store = await registryStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const child = await ri.regulatory.catalysts({ sponsor: "Novartis Pharmaceuticals", windowDays: 3650 });
    const codes = (rows: readonly { patent_no?: string | null; exclusivity_code?: string | null }[]) =>
      [...new Set(rows.map((e) => e.patent_no ?? e.exclusivity_code ?? ""))].filter(Boolean).sort();
    assert.deepEqual(
      codes(child.rows),
      entrestoExpiries(),
      "the applicant's own protections, as the files list",
    );
    // Novartis AG is named by no source: GLEIF's LEI record, the direct parent of the applicant.
    const parent = await ri.regulatory.catalysts({ sponsor: "Novartis AG", windowDays: 3650 });
    assert.deepEqual(codes(parent.rows), entrestoExpiries(), "the parent's catalysts include its child's");
    const byLei = await ri.regulatory.catalysts({ lei: leiOf("Novartis AG"), windowDays: 3650 });
    assert.deepEqual(codes(byLei.rows), entrestoExpiries(), "by the parent's LEI");
    const byTicker = await ri.regulatory.catalysts({ ticker: "NVS", windowDays: 3650 });
    assert.deepEqual(codes(byTicker.rows), entrestoExpiries(), "by SEC's ticker of NOVARTIS AG");
    assert.equal(
      (await ri.regulatory.catalysts({ ticker: "AAPL", windowDays: 3650 })).rows.length,
      0,
      "a ticker whose company has no approvals",
    );

    const chain = child.rows[0].sponsors_chain as { name: string; lei: string | null; ror: string | null }[];
    assert.deepEqual(
      chain.map((s) => [s.name, s.lei, s.ror]).sort(),
      [
        ["Novartis AG", leiOf("Novartis AG"), "0fxnova05"],
        ["Novartis Pharmaceuticals", leiOf("Novartis Pharmaceuticals Corporation"), "0fxnvpc07"],
      ],
      "the family from GLEIF's direct parent and ROR's parent (the same key: one entity with both ids)",
    );

    const loe = await A.lossOfExclusivity(ri, { sponsors: ["Novartis AG"], horizonYears: 10 });
    assert.deepEqual(
      loe.drugs.toRecords().map((r) => r.drug_name),
      ["sacubitril; valsartan"],
      "the parent's loss of exclusivity holds its child's drug",
    );

    // Genentech (a trial sponsor) under Roche: GLEIF Genentech → Roche Holdings, Inc. → Roche Holding AG.
    // (The registry's sponsor filter is an exact name; the composite search resolves the family.)
    const roche = await ri.trials.composite({ disease: "Asthma", sponsor: "Roche Holding AG", limit: 10 });
    assert.deepEqual(
      roche.rows.map((r) => r.id),
      ["NCT09999991"],
      "the parent's trials include Genentech's",
    );
    // An INACTIVE relationship makes no family: Micro Labs is not under Pfizer.
    const pfizer = await ri.regulatory.catalysts({ sponsor: "Pfizer", windowDays: 3650 });
    assert.ok(pfizer.rows.every((e) => !/MICRO/.test(JSON.stringify(e.sponsors_chain))));
  } finally {
    await dropStore(store);
  }
});

Deno.test("autocomplete rows carry rorId and lei, lei-to-ticker answers, and the matches are inspectable", async () => {
  const store = await registryStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const pfizer = (await ri.resolve.organizations({ query: "Pfizer" })).rows;
    assert.equal(pfizer.length, 1, "PFIZER INC and Pfizer are one organization");
    assert.equal(pfizer[0].hierarchyLevel, "GLOBAL PARENT");
    assert.equal(pfizer[0].rorId, "0fxpfiz03");
    assert.equal(pfizer[0].lei, leiOf("PFIZER INC."), "of the two PFIZER records of one family, its head");
    const oxford = (await ri.resolve.organizations({ query: "Oxford" })).rows[0];
    assert.deepEqual([oxford.rorId, oxford.lei], ["0fxoxfd06", null], "ROR only");
    const lilly = (await ri.resolve.organizations({ query: "Eli Lilly" })).rows[0];
    assert.deepEqual(
      [lilly.hierarchyLevel, lilly.rorId, lilly.lei],
      ["GLOBAL PARENT", null, leiOf("Eli Lilly and Company")],
      "GLEIF matched; ROR's two unrelated 'Eli Lilly' records leave it without a ROR id",
    );
    const biontech = (await ri.resolve.organizations({ query: "BioNTech" })).rows[0];
    assert.deepEqual([biontech.hierarchyLevel, biontech.rorId, biontech.lei], ["UNRESOLVED", null, null]);

    const pfe = SEC_ROWS.find((r) => r.ticker === "PFE")!;
    const map = await ri.financials.leiToTicker({ lei: leiOf("PFIZER INC.") });
    assert.deepEqual(
      map.rows.map((r) => ({ ticker: r.ticker, cik: r.cik, name: r.name })),
      [{ ticker: "PFE", cik: String(pfe.cik_str).padStart(10, "0"), name: pfe.title }],
    );
    const none = await ri.financials.leiToTicker({ lei: leiOf("MICRO LABS LIMITED") });
    assert.ok(
      none.rows.length === 0 && none.meta.warnings.some((w) => w.code === "no-mapping"),
      "an LEI without a ticker: an empty mapping",
    );
    const res = await fetch(`${sb.url}/api/v1/tools/financials/lei-to-ticker?lei=${leiOf("Novartis AG")}`, {
      headers: { "x-api-key": sb.keys.pro },
    });
    await res.body?.cancel();
    assert.equal(res.headers.get("x-data-missing"), null, "financial identifiers are imported");
    assert.match(
      res.headers.get("x-data-source") ?? "",
      /ror=ror-data-sample\.json@2026-06-23; gleif=golden@2024-11-01; sec_tickers=company_tickers\.json@undated/,
    );
  } finally {
    await dropStore(store);
  }
});

Deno.test("org_matches says what matched by which rule and what stayed UNRESOLVED; re-linking is idempotent", async () => {
  const store = await registryStore();
  try {
    const snapshot = () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const q = (sql: string) => db.prepare(sql).all().map((r) => Object.values(r).join("|"));
        return {
          matches: q("SELECT org_id, registry, status, registry_id, rule FROM org_matches ORDER BY 1, 2"),
          orgs: q(
            "SELECT id, hierarchy_level, ror_id, lei, ultimate_parent_id, depth, resolved_to_id FROM organizations ORDER BY id",
          ),
          closure: q("SELECT * FROM org_closure ORDER BY 1, 2"),
          sec: q("SELECT ticker, lei FROM sec_entities WHERE lei IS NOT NULL ORDER BY 1"),
          lilly: db.prepare(
            "SELECT status, rule, candidates FROM org_matches WHERE org_name = 'Eli Lilly and Company' AND registry = 'ror'",
          ).get() as Record<string, string>,
        };
      } finally {
        db.close();
      }
    };
    const before = snapshot();
    assert.equal(before.lilly.status, "UNRESOLVED");
    assert.match(before.lilly.rule, /^ambiguous: 2 ROR records in 2 families/);
    assert.match(
      before.lilly.candidates,
      /0fxlily08 Eli Lilly \(United States\); 0fxlily09 Eli Lilly \(Switzerland\)/,
    );
    assert.ok(
      before.matches.includes("organizations/biontech-se|ror|UNRESOLVED||no registry name has this key"),
    );
    assert.ok(
      before.matches.some((m) => m.startsWith(`organizations/pfizer|gleif|MATCHED|${leiOf("PFIZER INC.")}|`)),
    );
    const sec = SEC_ROWS.filter((r) => ["PFE", "NVS", "BMY", "LLY"].includes(r.ticker)).map((r) => r.ticker);
    assert.deepEqual(before.sec.filter((s) => sec.includes(s.split("|")[0])), [
      `BMY|${leiOf("Bristol-Myers Squibb Company")}`,
      `LLY|${leiOf("Eli Lilly and Company")}`,
      `NVS|${leiOf("Novartis AG")}`,
      `PFE|${leiOf("PFIZER INC.")}`,
    ]);
    // The same registries again, then a source alone: the linking step derives the same families.
    await importPublicData({ store, ror: ROR, gleif: GLEIF, today: TODAY });
    assert.deepEqual(snapshot(), before, "re-importing the registries changes nothing");
    await importPublicData({ store, orangeBook: `${FX}orange_book`, today: TODAY });
    assert.deepEqual(snapshot(), before, "re-linking after another source changes nothing");
  } finally {
    await dropStore(store);
  }
});

Deno.test("registry files: editions from the data, the API layout, and errors that name the file and line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-registries-" });
  try {
    // ROR's zip of a v1.x release: the schema v1 file is skipped, the edition is the release's.
    const v2 = await Deno.readFile(ROR);
    await Deno.writeFile(
      `${dir}/v1.55-2024-10-31-ror-data.zip`,
      zipSync({
        "v1.55-2024-10-31-ror-data.json": new TextEncoder().encode(
          '[{"id":"https://ror.org/0abcdef12","name":"X"}]',
        ),
        "v1.55-2024-10-31-ror-data_schema_v2.json": v2,
      }),
    );
    const r1 = await importPublicData({
      store: `${dir}/a.db`,
      ror: `${dir}/v1.55-2024-10-31-ror-data.zip`,
      today: TODAY,
    });
    const records = JSON.parse(new TextDecoder().decode(v2)) as unknown[];
    assert.deepEqual([r1.sources.ror.rows, r1.sources.ror.edition], [records.length, "v1.55-2024-10-31"]);

    // GLEIF API pages: lei-records and relationship-records counted as the files hold them.
    let want = 0;
    for (const f of Deno.readDirSync(`${FX}gleif/api`)) {
      const page = JSON.parse(Deno.readTextFileSync(`${FX}gleif/api/${f.name}`));
      for (const d of Array.isArray(page.data) ? page.data : [page.data]) {
        const t = d.attributes?.relationship?.type;
        if (d.type === "lei-records" || /^IS_(DIRECTLY|ULTIMATELY)_CONSOLIDATED_BY$/.test(t ?? "")) want++;
      }
    }
    const r2 = await importPublicData({ store: `${dir}/b.db`, gleif: `${FX}gleif/api`, today: TODAY });
    assert.deepEqual([r2.sources.gleif.rows, r2.sources.gleif.edition], [want, "2025-05-15"]);
    const db = new DatabaseSync(`${dir}/b.db`, { readOnly: true });
    assert.deepEqual(
      { ...db.prepare("SELECT name, country FROM gleif_entities WHERE lei = '529900GRZ2BQY5ZM9N49'").get() },
      { name: "PUMA SE", country: "DE" },
    );
    db.close();

    // Bad input: a named error, the store untouched (a new store is not left behind).
    await Deno.writeTextFile(
      `${dir}/bad.json`,
      '[\n{"id": "https://ror.org/02yn1nr06", "names": []},\n{"id": 5}\n]',
    );
    await assert.rejects(
      importPublicData({ store: `${dir}/c.db`, ror: `${dir}/bad.json`, today: TODAY }),
      /--ror: .*bad\.json line 3: .* is not a ROR schema v2 record/,
    );
    await assert.rejects(Deno.stat(`${dir}/c.db`));
    await Deno.writeTextFile(`${dir}/rr.csv`, '"Relationship.StartNode.NodeID","Other"\n"X","Y"\n');
    await assert.rejects(
      importPublicData({ store: `${dir}/c.db`, gleif: `${dir}/rr.csv`, today: TODAY }),
      /--gleif: .*rr\.csv line 1: "Relationship\.EndNode\.NodeID, Relationship\.RelationshipType" is not a column/,
    );
    await Deno.writeTextFile(`${dir}/company_tickers.json`, '{"0": {"cik_str": 1, "ticker": "A"}}');
    await assert.rejects(
      importPublicData({ store: `${dir}/c.db`, secTickers: `${dir}/company_tickers.json`, today: TODAY }),
      /--sec-tickers: .*company_tickers\.json: .* is not an entry with cik_str \(digits\), ticker and title/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a generic name more than 50 registry records share stays UNRESOLVED without being compared", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-registries-" });
  try {
    const records = Array.from({ length: 51 }, (_, i) => ({
      id: `https://ror.org/0g${String(i).padStart(3, "0")}ab${String(i % 100).padStart(2, "0")}`,
      names: [{ lang: "en", types: ["ror_display", "label"], value: "General Hospital" }],
      relationships: [],
      status: "active",
      types: ["healthcare"],
      locations: [],
    }));
    await Deno.writeTextFile(`${dir}/ror.json`, JSON.stringify(records));
    const study = structuredClone(GENENTECH_STUDY);
    study.protocolSection.sponsorCollaboratorsModule.leadSponsor.name = "General Hospital";
    await Deno.writeTextFile(`${dir}/s.ndjson`, JSON.stringify(study) + "\n");
    await importPublicData({
      store: `${dir}/a.db`,
      ctgov: `${dir}/s.ndjson`,
      ror: `${dir}/ror.json`,
      today: TODAY,
    });
    const db = new DatabaseSync(`${dir}/a.db`, { readOnly: true });
    const row = {
      ...db.prepare("SELECT status, rule FROM org_matches WHERE org_name = 'General Hospital'").get(),
    };
    db.close();
    assert.deepEqual(row, {
      status: "UNRESOLVED",
      rule: "ambiguous: 51 ROR records share this name key (more than 50 are not compared)",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the JSON array streamer gives the same elements whatever the chunk size", () => {
  const text =
    '\uFEFF{"meta": {"p": "]"}, "data": [\n{"a": "x\\\\\\"}"}, [1, {"b": null}], "s\\"", -2.5e1, true\n]}';
  const bytes = new TextEncoder().encode(text);
  const run = (size: number) => {
    const out: unknown[] = [];
    const meta: unknown[] = [];
    const sink = jsonArraySink((v, at) => out.push([v, at.line]), {
      field: "data",
      onMember: (k, v) => meta.push(k, v),
    });
    for (let i = 0; i < bytes.length; i += size) sink(bytes.slice(i, i + size), i + size >= bytes.length);
    return [out, meta];
  };
  const whole = run(bytes.length);
  assert.deepEqual(whole, [
    [[{ a: 'x\\"}' }, 2], [[1, { b: null }], 2], ['s"', 2], [-25, 2], [true, 2]],
    ["meta", { p: "]" }],
  ]);
  for (const size of [1, 2, 3, 5, 8]) assert.deepEqual(run(size), whole, `chunks of ${size} bytes`);
  assert.throws(() => jsonArraySink(() => {})(new TextEncoder().encode('[{"a":'), true), /ends inside/);
});

Deno.test("a registry parent with no trial of its own is a sponsor the report's check accepts, through its family", async () => {
  const store = await registryStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const rows = (await ri.resolve.organizations({ query: "Roche Holding", limit: 10 })).rows;
    const roche = rows.find((r) => r.name === "Roche Holding AG");
    assert.ok(roche, `autocomplete lists the parent of Genentech's trial: ${JSON.stringify(rows)}`);
    assert.equal(roche.hierarchyLevel, "GLOBAL PARENT");
    const r = await resolveInputs(
      ri,
      { ...HEADLINE_INPUTS, sponsors: ["Roche Holding AG"], condition: "Asthma" },
      ["portfolio"],
    );
    assert.deepEqual(r.inputs.sponsors, ["Roche Holding AG"]);
  } finally {
    await dropStore(store);
  }
});

Deno.test("ROR's records repository layout (one <ror id>.json per record) imports like the dump", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-ror-records-" });
  try {
    const dump = JSON.parse(await Deno.readTextFile(ROR)) as { id: string }[];
    await Deno.mkdir(`${dir}/v2.9`);
    for (const r of dump) {
      await Deno.writeTextFile(`${dir}/v2.9/${r.id.split("/").pop()}.json`, JSON.stringify(r, null, 2));
    }
    const a = await importPublicData({ store: `${dir}/a.db`, ror: `${dir}/v2.9`, today: TODAY });
    const b = await importPublicData({ store: `${dir}/b.db`, ror: ROR, today: TODAY });
    assert.equal(a.sources.ror.rows, dump.length);
    assert.equal(a.sources.ror.rows, b.sources.ror.rows);
    await Deno.writeTextFile(`${dir}/v2.9/0abcdef12.json`, "{ not json");
    await assert.rejects(
      importPublicData({ store: `${dir}/c.db`, ror: `${dir}/v2.9`, today: TODAY }),
      /--ror: v2\.9\/0abcdef12\.json|--ror: 0abcdef12\.json/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
