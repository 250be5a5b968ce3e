/**
 * Public data imported into a store (fixtures in the published formats, tests/fixtures/public/) and served
 * by the sandbox: records, catalyst events and spending come back through the client as the files say,
 * a newer edition updates the store in place, the zip reads like the folder, answers name their sources,
 * and the analyses run on the imported store.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { zipSync } from "fflate";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, importedStore } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const TODAY = "2026-11-21";

const imported = importedStore;
const drop = dropStore;

// deno-lint-ignore no-explicit-any
const by = <T extends Record<string, any>>(rows: readonly T[], key: string, value: unknown): T => {
  const hit = rows.find((r) => r[key] === value);
  assert.ok(hit, `no row with ${key} = ${value}`);
  return hit;
};

Deno.test("imported approvals, catalyst events, spending and trials come back through the client as the files say", async () => {
  const store = await imported();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const approvals = (await ri.regulatory.search({ limit: 50 })).rows;
    assert.equal(approvals.length, 7, "one approval per product, NDA and ANDA");
    const eliquis = by(approvals, "approval_id", "FDA_ORANGE:202155-001");
    assert.equal(eliquis.trade_name, "ELIQUIS");
    assert.equal(eliquis.approval_date, "2012-12-28");
    assert.equal(eliquis.applicant_raw, "BRISTOL MYERS SQUIBB CO", "the full name, not the abbreviation");
    assert.equal(by(approvals, "approval_id", "FDA_ORANGE:018989-001").approval_date, "1982-01-01");
    assert.equal(by(approvals, "approval_id", "FDA_ORANGE:018989-001").marketing_status, "OTC");
    assert.equal(by(approvals, "approval_id", "FDA_ORANGE:207103-001").marketing_status, "Disc");
    assert.ok(approvals.some((a) => a.approval_id === "FDA_ORANGE:210106-001"), "the ANDA row");

    const cat = await ri.regulatory.catalysts({ sponsor: "Novartis Pharmaceuticals", windowDays: 730 });
    assert.deepEqual(
      cat.rows.map((e) => [e.type, e.event_date, e.patent_no ?? e.exclusivity_code, e.drug_name]),
      [
        ["patent_expiry", "2027-01-14", "8101659", "sacubitril; valsartan"],
        ["exclusivity_expiry", "2027-07-14", "PED", "sacubitril; valsartan"],
        ["exclusivity_expiry", "2027-10-01", "I-812", "sacubitril; valsartan"],
      ],
      "one event per patent (two use codes), the delisted patent left out",
    );
    const bms = await ri.regulatory.catalysts({ sponsor: "Bristol-Myers Squibb", windowDays: 730 });
    assert.deepEqual(
      bms.rows.filter((e) => e.type === "patent_expiry").map((e) => [e.patent_no, e.event_date]),
      [["6967208", "2026-11-21"], ["6967208*PED", "2027-05-21"]],
      "the pediatric extension is its own event; the trial sponsor and the applicant are one organization",
    );

    const medicare = (await ri.medicare.search({ limit: 50 })).rows;
    assert.equal(medicare.length, 5, "Coumadin has no spending in the latest year");
    const eliquisSpend = medicare.find((r) => (r.brand_names ?? []).includes("Eliquis"));
    assert.equal(
      eliquisSpend?.total_spending,
      18275861345.12,
      "the Overall row, not added to its manufacturer",
    );
    const generic = medicare.find((r) => r.generic_name === "Apixaban" && (r.brand_names ?? []).length === 0);
    assert.equal(generic?.total_spending, 1000.5, "the Overall row of two manufacturers");
    assert.ok(
      medicare.some((r) => (r.brand_names ?? []).includes("Advil, Junior Strength")),
      "a quoted brand",
    );
    assert.ok(
      medicare.every((r) => r.year === undefined || r.year === 2023),
      "the latest year of the header",
    );

    const trial = (await ri.trials.details({ nctId: "NCT05000001" })).body.data;
    assert.equal(trial.start_date, "2024-03-01", "a month-only date is the month's first day");
    assert.equal(trial.phase, "PHASE2/PHASE3");
    const pfizer = await ri.trials.search({ sponsor: "Pfizer", limit: 20 });
    assert.deepEqual(
      pfizer.rows.map((r) => r.trial_id).sort(),
      ["NCT05000001", "NCT05000003", "NCT05000005"],
      "lead, collaborator, and 'PFIZER INC' as the same organization",
    );

    const res = await fetch(`${sb.url}/api/v1/patents?limit=1`, { headers: { "x-api-key": sb.keys.pro } });
    await res.body?.cancel();
    assert.match(
      res.headers.get("x-data-source") ?? "",
      /^imported; orange_book=orange_book@2019-12; part_d=part_d_spending_by_drug\.csv@2023; ctgov=ctgov_extra\.ndjson@records updated to 2026-10-02$/,
    );
    assert.match(
      res.headers.get("x-data-missing") ?? "",
      /^patents: the patentsview source was not imported/,
    );
    assert.equal(sb.dataSource.kind, "imported");
  } finally {
    await drop(store);
  }
});

Deno.test("a newer Orange Book edition updates the store in place; the zip reads like the folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-import-" });
  try {
    const store = `${dir}/ri.db`;
    await importPublicData({ store, orangeBook: `${FX}orange_book_2012`, today: TODAY });
    const rid = (db: DatabaseSync) =>
      (db.prepare("SELECT rid FROM approvals WHERE approval_id = 'FDA_ORANGE:202155-002'").get() as {
        rid: number;
      }).rid;
    let db = new DatabaseSync(store, { readOnly: true });
    const before = rid(db);
    assert.equal(
      (db.prepare("SELECT applicant_raw FROM approvals WHERE approval_id = 'FDA_ORANGE:202155-002'")
        .get() as {
          applicant_raw: string;
        }).applicant_raw,
      "BRISTOL MYERS SQUIBB",
      "an edition without Applicant_Full_Name: the abbreviation",
    );
    db.close();
    const files: Record<string, Uint8Array> = {};
    for (const f of ["products.txt", "patent.txt", "exclusivity.txt"]) {
      files[f] = await Deno.readFile(`${FX}orange_book/${f}`);
    }
    await Deno.writeFile(`${dir}/EOBZIP_2026_10.zip`, zipSync(files));
    await importPublicData({ store, orangeBook: `${dir}/EOBZIP_2026_10.zip`, today: TODAY });
    db = new DatabaseSync(store, { readOnly: true });
    try {
      assert.equal(rid(db), before, "updated in place (same row)");
      const q = (sql: string) => db.prepare(sql).all().map((r) => Object.values(r).join("|"));
      assert.deepEqual(
        q("SELECT trade_name FROM approvals WHERE trade_name = 'COUMADIN'"),
        [],
        "no longer listed",
      );
      assert.deepEqual(
        q("SELECT patent_no FROM approval_patents WHERE patent_no = '6936612'"),
        [],
        "expired patent gone",
      );
      assert.equal(q("SELECT count(*) FROM approvals")[0], "7");
      const sources = JSON.parse(q("SELECT value FROM meta WHERE key = 'sources'")[0]);
      assert.equal(sources.orange_book.file, "EOBZIP_2026_10.zip");
      assert.equal(sources.orange_book.edition, "2026-10", "the edition the file's name states");
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the analyses run on the imported store", async () => {
  const store = await imported();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const loe = await A.lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    assert.equal(loe.drugs.height, 1);
    const ibrance = loe.drugs.toRecords()[0] as Record<string, unknown>;
    assert.equal(ibrance.drug_name, "palbociclib");
    assert.equal(ibrance.part_d_spending, 1_900_000_000, "matched to the Part D row by its generic name");
    const cal = await A.catalystCalendar(ri, { sponsors: ["Novartis Pharmaceuticals"], windowDays: 730 });
    assert.equal(cal.events.height, 3);
    const land = await A.regulatoryLandscape(ri, { region: "US" });
    assert.ok(land.bySource.height > 0);
    const med = await A.medicareSpending(ri, { search: "Apixaban" });
    assert.equal(med.drugs.height, 2);
    const overlap = await A.portfolioOverlap(ri, {
      sponsors: ["Pfizer", "Bristol-Myers Squibb"],
      condition: "Breast Neoplasms",
    });
    assert.equal(overlap.sponsors.height, 2);
    const scan = await A.sponsorScan(ri, { sponsor: "Pfizer" });
    assert.equal(scan.approvals.height, 3);
  } finally {
    await drop(store);
  }
});

Deno.test("deno task import refuses bad input at once, naming the flag and the fix", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-import-" });
  try {
    await Deno.writeTextFile(`${dir}/products.txt`, "Ingredient~Trade_Name\nX~Y\n");
    const run = (...args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("../../lib/sandbox/import/cli.ts", import.meta.url).pathname, ...args],
        stdout: "piped",
        stderr: "piped",
      }).output();
    const none = await run("--orange-book", `${dir}/nowhere`);
    assert.equal(none.code, 2);
    const err = new TextDecoder().decode(none.stderr);
    assert.match(err, /--store <file> is required/);
    assert.match(err, /--orange-book: no file or folder/, "all problems at once");
    const bad = await run("--store", `${dir}/ri.db`, "--orange-book", dir);
    assert.equal(bad.code, 2);
    assert.match(new TextDecoder().decode(bad.stderr), /products\.txt has no Applicant, Appl_Type/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("analyses warn naming the source that is missing, where the imported store has none", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-import-" });
  try {
    const store = `${dir}/ri.db`;
    await importPublicData({ store, partD: `${FX}part_d_spending_by_drug.csv`, today: TODAY });
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const cal = await A.catalystCalendar(ri, { sponsors: ["Pfizer"], windowDays: 730 });
    const w = cal.warnings.find((x) => x.code === "no-data-source");
    assert.ok(w, JSON.stringify(cal.warnings));
    assert.match(w.message, /orange_book source was not imported \(deno task import -- --orange-book/);
    const med = await A.medicareSpending(ri, { search: "Apixaban" });
    assert.ok(!med.warnings.some((x) => x.code === "no-data-source"), "Part D was imported");
    const scan = await A.sponsorScan(ri, { sponsor: "Pfizer" });
    assert.ok(
      scan.warnings.some((x) => /trials: the ctgov source was not imported/.test(x.message)),
      JSON.stringify(scan.warnings),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ClinicalTrials.gov: a zip of study files and an API page read like the folder; a newer record updates in place", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-import-" });
  try {
    const files: Record<string, Uint8Array> = {};
    for await (const e of Deno.readDir(`${FX}ctgov`)) {
      files[`ctg-studies/${e.name}`] = await Deno.readFile(`${FX}ctgov/${e.name}`);
    }
    await Deno.writeFile(`${dir}/ctg-studies.json.zip`, zipSync(files));
    const store = `${dir}/ri.db`;
    await importPublicData({ store, ctgov: `${dir}/ctg-studies.json.zip`, today: TODAY });
    const q = (sql: string) => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        return db.prepare(sql).all().map((r) => Object.values(r).join("|"));
      } finally {
        db.close();
      }
    };
    const trials = "SELECT rid, trial_id, status, enrollment FROM trials ORDER BY trial_id";
    const before = q(trials);
    assert.equal(before.length, 4, "every study file of the zip");
    const first = JSON.parse(await Deno.readTextFile(`${FX}ctgov/NCT05000001.json`));
    first.protocolSection.statusModule.overallStatus = "COMPLETED";
    first.protocolSection.designModule.enrollmentInfo.count = 312;
    first.protocolSection.sponsorCollaboratorsModule.collaborators = [];
    await Deno.writeTextFile(`${dir}/page.json`, JSON.stringify({ studies: [first], nextPageToken: "x" }));
    await importPublicData({ store, ctgov: `${dir}/page.json`, today: TODAY });
    const after = q(trials);
    assert.equal(after[0], before[0].replace("RECRUITING|300", "COMPLETED|312"), "same rid, new values");
    assert.deepEqual(after.slice(1), before.slice(1), "the other studies kept");
    assert.deepEqual(
      q("SELECT sponsor_name, role FROM trial_sponsors WHERE trial_id = 'NCT05000001'"),
      ["Pfizer|lead"],
      "sponsors replaced (the collaborator is gone)",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("on an imported store the spending year is the file's (2023), in the columns, definitions and report", async () => {
  const { exclusivitySection } = await import("../../lib/report/exclusivity_section.ts");
  const store = await imported();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    // The Part D CSV's latest year, read independently from its header.
    const header = (await Deno.readTextFile(`${FX}part_d_spending_by_drug.csv`)).split("\n")[0];
    const year = Math.max(...[...header.matchAll(/Tot_Spndng_(\d{4})/g)].map((m) => Number(m[1])));
    assert.equal(year, 2023);
    const med = await A.medicareSpending(ri, { search: "Apixaban" });
    assert.deepEqual([...new Set(med.drugs.getColumn("spending_year").toArray())], [year]);
    assert.match(med.definitions?.total_spending ?? "", /^2023 Medicare Part D spending/);

    const loe = await A.lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    const drug = loe.drugs.toRecords()[0] as Record<string, unknown>;
    assert.equal(drug.part_d_spending, 1_900_000_000);
    assert.equal(drug.spending_year, year);
    assert.match(loe.definitions?.part_d_spending ?? "", /^2023 Medicare Part D spending/);
    assert.ok(!Object.values(loe.definitions ?? {}).some((d) => /^2025 /.test(d)), "no hard-coded year");
    assert.equal(loe.bySponsor.getColumn("spending_year").get(0), year);
    assert.match(exclusivitySection(loe, ["Pfizer"], 10).summary ?? "", /\$1\.9B 2023 Part D spending/);
  } finally {
    await drop(store);
  }
});

Deno.test("on an imported store a sponsor's Part D total counts its Orange Book drugs (the landscape by ingredient, no Open Targets)", async () => {
  const { exclusivitySection } = await import("../../lib/report/exclusivity_section.ts");
  const store = await imported();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const loe = await A.lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    // Pfizer's products in the Orange Book fixture: IBRANCE (palbociclib) and ADVIL (ibuprofen); their Part D
    // rows: Ibrance $1.9B, Advil $15,000 (2023).
    const pfizer = loe.bySponsor.toRecords()[0] as Record<string, unknown>;
    assert.equal(pfizer.exposed_horizon, 1_900_000_000);
    assert.equal(pfizer.part_d_total, 1_900_000_000 + 15_000);
    assert.equal(pfizer.exposed_share_fraction, 1_900_000_000 / (1_900_000_000 + 15_000));
    assert.ok(!loe.warnings.some((x) => x.code === "share-unavailable"), JSON.stringify(loe.warnings));
    const summary = exclusivitySection(loe, ["Pfizer"], 10).summary ?? "";
    assert.match(summary, /\$1\.9B of their \$1\.9B 2023 Part D spending is exposed/);
    assert.doesNotMatch(summary, /\$0 of their \$0/);
  } finally {
    await drop(store);
  }
});
