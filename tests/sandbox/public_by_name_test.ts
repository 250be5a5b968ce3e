/**
 * Public data reachable by the names analysts use (issue 31): a drug by ingredient, trade name, any case
 * and salt form; a sponsor by its Orange Book applicant name, its common name and a short form, through
 * the report's up-front check and the analyses; a delist-requested patent stays listed with its pediatric
 * extension; conditions without MeSH terms become diseases; an unreadable file names file and line and
 * leaves the store as it was. Figures are checked against the fixture files (tests/fixtures/public/).
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { zipSync } from "fflate";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";
import { dropStore, importedStore } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;

Deno.test("a drug is found by ingredient, trade name, any case and salt form; a combination by each ingredient", async () => {
  const store = await importedStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const events = async (name: string) =>
      (await ri.regulatory.catalysts({ drugNames: [name], windowDays: 3650 })).rows
        .map((e) => `${e.type} ${e.event_date} ${e.patent_no ?? e.exclusivity_code ?? e.trade_name}`).sort();
    // patent.txt: apixaban (N 202155) lists 6967208 (Nov 21, 2026), its *PED (May 21, 2027), 9326945 (Feb 24,
    // 2031); exclusivity.txt: ODE-123 (Mar 1, 2028) of ELIQUIS, PC (Jun 1, 2027) of the ANDA; products.txt:
    // ELIQUIS approved Dec 28, 2012 (outside ten years back from 2026-11-21), the ANDA APIXABAN of MICRO LABS
    // Dec 23, 2019.
    const apixaban = await events("apixaban");
    assert.deepEqual(apixaban, [
      "approval 2019-12-23 APIXABAN",
      "exclusivity_expiry 2027-06-01 PC",
      "exclusivity_expiry 2028-03-01 ODE-123",
      "patent_expiry 2026-11-21 6967208",
      "patent_expiry 2027-05-21 6967208*PED",
      "patent_expiry 2031-02-24 9326945",
    ]);
    for (const name of ["APIXABAN", "Eliquis", "ELIQUIS", " apixaban ", "Apixaban Hydrochloride"]) {
      const got = await events(name);
      assert.ok(got.length > 0, `${name} finds nothing`);
      assert.ok(got.every((e) => apixaban.includes(e)), `${name}: ${got}`);
    }
    assert.deepEqual(
      await events("Eliquis"),
      apixaban.filter((e) => !/APIXABAN$| PC$/.test(e)),
      "the brand's own: not the generic's approval and 180-day exclusivity",
    );
    const valsartan = await events("valsartan");
    assert.ok(
      valsartan.some((e) => e.includes("8101659")),
      "ENTRESTO (SACUBITRIL; VALSARTAN) by one ingredient",
    );
    assert.deepEqual(await events("apixabanx"), [], "a typo finds nothing");

    const loe = await A.lossOfExclusivity(ri, { drugNames: ["Eliquis"], horizonYears: 10 });
    assert.ok(
      !loe.warnings.some((w) => /not a drug name/.test(w.message)),
      loe.warnings.map((w) => w.message).join("\n"),
    );
    assert.ok(loe.drugs.height > 0, "loss of exclusivity by trade name has the drug");
  } finally {
    await dropStore(store);
  }
});

Deno.test("a sponsor by its applicant name, common name, short form and any case passes the report's check", async () => {
  const store = await importedStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const names = [
      "BRISTOL MYERS SQUIBB CO",
      "Bristol-Myers Squibb Company",
      "bristol myers squibb",
      "Bristol",
    ];
    for (const sponsor of names) {
      const r = await resolveInputs(ri, { ...HEADLINE_INPUTS, sponsors: [sponsor] }, ["exclusivity"]);
      assert.equal(r.inputs.sponsors.length, 1, sponsor);
      const loe = await A.catalystCalendar(ri, { sponsors: r.inputs.sponsors, windowDays: 3650 });
      const patents = loe.events.toRecords().filter((e) => e.type === "patent_expiry").map((e) =>
        String(e.patent_no)
      );
      assert.deepEqual([...patents].sort(), ["6967208", "6967208*PED", "9326945"], sponsor);
    }
    // An applicant with no trials (MICRO LABS LTD files only the ANDA) is listed by the autocomplete of an
    // imported store, with its counts: no trial, one approval (a trials section must look at the counts).
    const micro = await ri.resolve.organizations({ query: "Micro Labs", limit: 10 });
    const row = (micro.rows as { name: string; trialCount: number; approvalCount: number }[])[0];
    assert.equal(row.name, "MICRO LABS LTD");
    assert.deepEqual([row.trialCount, row.approvalCount], [0, 1]);
    const r = await resolveInputs(ri, { ...HEADLINE_INPUTS, sponsors: ["Micro Labs"] }, ["catalysts"]);
    assert.equal(r.inputs.sponsors.length, 1);
    await assert.rejects(
      resolveInputs(ri, { ...HEADLINE_INPUTS, sponsors: ["Brstol Myers"] }, ["exclusivity"]),
      /did not resolve/,
      "a typo still fails",
    );
  } finally {
    await dropStore(store);
  }
});

Deno.test("a delist-requested patent stays listed with its flag, and its pediatric extension beside it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-delist-" });
  try {
    await Deno.mkdir(`${dir}/ob`);
    for (const f of ["products.txt", "exclusivity.txt"]) {
      await Deno.copyFile(`${FX}orange_book/${f}`, `${dir}/ob/${f}`);
    }
    const patents = await Deno.readTextFile(`${FX}orange_book/patent.txt`);
    await Deno.writeTextFile(
      `${dir}/ob/patent.txt`,
      patents.trimEnd() + "\nN~202155~001~7371746~Feb 28, 2029~Y~~~Y~Jan 22, 2013\n" +
        "N~202155~001~7371746*PED~Aug 28, 2029~~~~~\n",
    );
    await importPublicData({ store: `${dir}/ri.db`, orangeBook: `${dir}/ob`, today: "2026-11-21" });
    const db = new DatabaseSync(`${dir}/ri.db`, { readOnly: true });
    try {
      const rows = db.prepare(
        "SELECT patent_no, expiry_date, delist_requested FROM approval_patents WHERE patent_no LIKE '7371746%' ORDER BY 1",
      ).all();
      assert.deepEqual(rows.map((r) => ({ ...r })), [
        { patent_no: "7371746", expiry_date: "2029-02-28", delist_requested: 1 },
        { patent_no: "7371746*PED", expiry_date: "2029-08-28", delist_requested: 0 },
      ]);
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("trial conditions become diseases without MeSH terms; the editions are the data's", async () => {
  const store = await importedStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    // NCT05000001 registers "HER2-negative Breast Cancer", which its MeSH terms do not name.
    const her2 = (await ri.diseases.autocomplete({ q: "HER2-negative" })).rows;
    assert.deepEqual(her2.map((d) => d.name), ["HER2-negative Breast Cancer"]);
    const trials = await ri.trials.search({ disease_id: String(her2[0].efo_id), limit: 10 });
    assert.deepEqual(trials.rows.map((t) => t.trial_id), ["NCT05000001"]);
    const db = new DatabaseSync(store, { readOnly: true });
    try {
      const sources = JSON.parse(
        (db.prepare("SELECT value FROM meta WHERE key = 'sources'").get() as { value: string }).value,
      );
      assert.equal(sources.orange_book.edition, "2019-12", "the latest approval month of products.txt");
      assert.equal(sources.part_d.edition, "2023");
    } finally {
      db.close();
    }
  } finally {
    await dropStore(store);
  }
});

Deno.test("a CSV given as studies fails naming the file and line, and the store stays as it was", async () => {
  const store = await importedStore();
  const dir = store.replace(/\/ri\.db$/, "");
  try {
    const before = Deno.statSync(store).size;
    const count = () => {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        return (db.prepare("SELECT count(*) AS n FROM trials").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const trials = count();
    await Deno.writeTextFile(`${dir}/studies.ndjson`, "nct_id,title\nNCT01234567,A study\n");
    await assert.rejects(
      importPublicData({ store, ctgov: `${dir}/studies.ndjson` }),
      (e: Error) =>
        e instanceof RangeError &&
        /--ctgov: studies\.ndjson line 1: "nct_id,title" is not a ClinicalTrials\.gov/.test(e.message),
    );
    assert.equal(count(), trials, "nothing written");
    assert.equal(Deno.statSync(store).size, before);
    // A fresh store that fails is removed, not left half-made.
    await assert.rejects(
      importPublicData({ store: `${dir}/fresh.db`, ctgov: `${dir}/studies.ndjson` }),
      RangeError,
    );
    assert.throws(() => Deno.statSync(`${dir}/fresh.db`), Deno.errors.NotFound);
  } finally {
    await dropStore(store);
  }
});

Deno.test("a truncated zip is refused naming the file, before anything is written", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-trunc-" });
  try {
    const files: Record<string, Uint8Array> = {};
    for (const f of ["products.txt", "patent.txt", "exclusivity.txt"]) {
      files[f] = await Deno.readFile(`${FX}orange_book/${f}`);
    }
    const whole = zipSync(files);
    await Deno.writeFile(`${dir}/EOBZIP_2026_10.zip`, whole.subarray(0, Math.floor(whole.length * 0.8)));
    await assert.rejects(
      importPublicData({ store: `${dir}/ri.db`, orangeBook: `${dir}/EOBZIP_2026_10.zip` }),
      (e: Error) =>
        e instanceof RangeError &&
        /EOBZIP_2026_10\.zip is not a complete zip .*download it again/.test(e.message),
    );
    assert.throws(
      () => Deno.statSync(`${dir}/ri.db`),
      Deno.errors.NotFound,
      "the store being created is removed",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
