/**
 * Diseases as ClinicalTrials.gov writes them (issue 43), imported and served over loopback HTTP: one disease
 * per MeSH descriptor whatever the snapshot (a 2023 snapshot's zero-padded `D000007938` and a later one's
 * `D007938` are `MESH:D007938`), a condition whose text is a known disease's name joins it, a study's MeSH
 * terms are found, and disease autocomplete lists the exact name first. On hand-written records in both
 * snapshots' forms (tests/fixtures/public/ctgov_2023, ctgov_2025) and on the real website exports of
 * /work/shared/public-samples/clinicaltrials_gov_v2.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { get, P, post } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const SAMPLES = "/work/shared/public-samples/clinicaltrials_gov_v2";
const TODAY = "2026-11-21";
// deno-lint-ignore no-explicit-any
type Rec = Record<string, any>;

/** Import each path in turn into a new store; the store and every line the imports logged. */
async function importAll(paths: string[]): Promise<{ store: string; dir: string; log: string[] }> {
  const dir = await Deno.makeTempDir({ prefix: "ri-ctgov-diseases-" });
  const store = `${dir}/ri.db`;
  const log: string[] = [];
  for (const ctgov of paths) await importPublicData({ store, ctgov, today: TODAY, log: (l) => log.push(l) });
  return { store, dir, log };
}

const rows = (store: string, sql: string, ...args: string[]): Rec[] => {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    return db.prepare(sql).all(...args) as Rec[];
  } finally {
    db.close();
  }
};

/** Disease ids of a trial's conditions, by position. */
const linked = (store: string, trial: string) =>
  rows(store, "SELECT disease_id FROM trial_conditions WHERE trial_id = ? ORDER BY position", trial)
    .map((r) => r.disease_id as string);

/** A padded MeSH id (`MESH:D000007938`) whose descriptor MeSH issued in 7 characters. */
const PADDED = /^MESH:[CD]000(0[0-5]\d{4}|06[0-5]\d{3})$/;

Deno.test("a 2023 snapshot's padded MeSH ids and a 2025 snapshot's native ids are one disease; MeSH terms and exact names are found first", async () => {
  const { store, dir, log } = await importAll([`${FX}ctgov_2023`, `${FX}ctgov_2025`]);
  try {
    // Padded (NCT09900002, 2023) and native (NCT09900006, 2025): one disease, the id as MeSH issued it.
    assert.deepEqual(linked(store, "NCT09900002"), ["MESH:D007938"]);
    assert.deepEqual(linked(store, "NCT09900006"), ["MESH:D007938"]);
    // "LEUKEMIAS" with no MeSH mapping is that disease (case and plural aside), not a disease of its own.
    assert.deepEqual(linked(store, "NCT09900007"), ["MESH:D007938"]);
    // "Alzheimer's Disease" is its study's MeSH term "Alzheimer Disease" (the possessive aside).
    assert.deepEqual(linked(store, "NCT09900009"), ["MESH:D000544"]);
    assert.deepEqual(
      rows(store, "SELECT id FROM diseases WHERE id GLOB 'MESH:*'").filter((r) => PADDED.test(r.id)),
      [],
    );
    // NCT09900001's conditions: its own text first, then its MeSH terms (positions from 1000).
    assert.equal(linked(store, "NCT09900001")[0].slice(0, 6), "CTGOV:");
    assert.deepEqual(
      linked(store, "NCT09900001").slice(1).sort(),
      ["MESH:D000208", "MESH:D001752", "MESH:D007938", "MESH:D007951", "MESH:D015470"],
    );

    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const ac = async (q: string) => (await get(sb, P.autocomplete, { q }, "pro")).body.data as Rec[];
    assert.deepEqual(
      (await ac("Asthma")).map((d) => d.name),
      ["Asthma", "Asthma in Children", "Asthmatic", "Asthma Bronchiale"],
      "the exact name first (the MeSH term of three studies, none registered as 'Asthma'), then names " +
        "starting with it, more trials first",
    );
    assert.deepEqual((await ac("Asthma"))[0].efo_id, "MESH:D001249");
    assert.deepEqual((await ac("blast crisis"))[0], { name: "Blast Crisis", efo_id: "MESH:D001752" });
    assert.deepEqual((await ac("Acute Disease"))[0], { name: "Acute Disease", efo_id: "MESH:D000208" });
    assert.deepEqual((await ac("alzheimer's disease"))[0], {
      name: "Alzheimer Disease",
      efo_id: "MESH:D000544",
    });
    const leukemia = await ac("Leukemia");
    assert.deepEqual(leukemia[0], { name: "Leukemia", efo_id: "MESH:D007938" });
    assert.equal(leukemia.filter((d) => /^leukemias?$/i.test(d.name)).length, 1, "one Leukemia");
    assert.deepEqual(
      (await ac("myeloid")).map((d) => d.name),
      ["Leukemia, Myeloid", "Leukemia, Myeloid, Acute", "Acute Myeloid Leukemia in Blast Crisis"],
      "a word inside a name",
    );

    // Found under its MeSH terms, NCT09900001 lists the condition it registered, not them.
    const blast = await ri.trials.search({ disease_id: "MESH:D001752", limit: 10 });
    assert.deepEqual(
      blast.rows.map((t) => [t.trial_id, t.conditions]),
      [["NCT09900001", ["Acute Myeloid Leukemia in Blast Crisis"]]],
    );
    const details = await get(sb, P.details, { nctId: "NCT09900001" }, "pro");
    assert.equal(details.body.data.conditions, "Acute Myeloid Leukemia in Blast Crisis", details.text);

    // Either form of the id finds the four studies (the client and the sandbox write it as MeSH issued it).
    for (const id of ["MESH:D007938", "MESH:D000007938"]) {
      const found = await ri.trials.search({ disease_id: id, limit: 50 });
      assert.deepEqual(
        found.rows.map((t) => t.trial_id).sort(),
        ["NCT09900001", "NCT09900002", "NCT09900006", "NCT09900007"],
        id,
      );
      const l = await post(sb, P.landscape, { efo_id: id }, "pro");
      assert.equal(l.status, 200, l.text);
      assert.equal(l.body.data.efo_id, "MESH:D007938");
      assert.equal(l.body.data.trials.totalTrials, 4);
    }

    // The import says how each condition was linked (the second import relinks the store's 9 registered conditions).
    const summary = log.filter((l) => l.startsWith("Linked") && l.includes("trial conditions")).at(-1);
    assert.match(summary ?? "", /^Linked 9 trial conditions: 0 to the ontology disease .*, 0 to an ontology/);
    assert.match(
      summary!,
      /, 3 to their study's MeSH term, 1 to a MeSH term by its name \(their study gives none\), 5 made from their text \(the last resort\) \(4 diseases CTGOV:/,
    );
    assert.ok(
      log.some((l) => /^Linked 8 MeSH terms of the studies that no condition names/.test(l)),
      log.join("\n"),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a store imported before MeSH ids were canonical is rewritten by the next import: one disease per descriptor", async () => {
  const { store, dir, log } = await importAll([`${FX}ctgov_2023`]);
  try {
    // The store as the import wrote it before: the 2023 snapshot's ids as published (MESH:D000007938).
    const db = new DatabaseSync(store);
    const pad = (col: string) => `'MESH:' || substr(${col}, 6, 1) || '000' || substr(${col}, 7)`;
    const short = (col: string) => `${col} GLOB 'MESH:[CD][0-9][0-9][0-9][0-9][0-9][0-9]'`;
    db.exec(
      `UPDATE diseases SET id = ${pad("id")}, efo_key = replace(${pad("id")}, ':', '_') WHERE ${short("id")};
      UPDATE trial_conditions SET disease_id = ${pad("disease_id")} WHERE ${short("disease_id")}`,
    );
    assert.deepEqual(linked(store, "NCT09900002"), ["MESH:D000007938"]);
    db.close();
    {
      // Served as it is, it answers the id as MeSH issued it (the client sends MESH:D007938 for either form).
      await using sb = await startSandbox({ store, quiet: true });
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
      for (const id of ["MESH:D007938", "MESH:D000007938"]) {
        const found = await ri.trials.search({ disease_id: id, limit: 10 });
        assert.deepEqual(found.rows.map((t) => t.trial_id).sort(), ["NCT09900001", "NCT09900002"], id);
        const l = await post(sb, P.landscape, { efo_id: id }, "pro");
        assert.equal(l.body.data?.trials.totalTrials, 2, l.text);
      }
    }
    log.length = 0;
    await importPublicData({ store, ctgov: `${FX}ctgov_2025`, today: TODAY, log: (l) => log.push(l) });
    assert.ok(log.some((l) => /^Rewrote 6 zero-padded MeSH ids/.test(l)), log.join("\n"));
    for (const t of ["NCT09900002", "NCT09900006", "NCT09900007"]) {
      assert.deepEqual(linked(store, t), ["MESH:D007938"]);
    }
    assert.deepEqual(
      rows(store, "SELECT id FROM diseases WHERE id GLOB 'MESH:*'").filter((r) => PADDED.test(r.id)),
      [],
    );
    assert.equal(rows(store, "SELECT id FROM diseases WHERE name = 'Leukemia'").length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** The real exports and the AACT records (snapshots 2023-11 … 2025-12), one folder for one import. */
async function realExports(): Promise<{ folder: string; studies: Rec[] }> {
  const folder = await Deno.makeTempDir({ prefix: "ri-ctgov-real-" });
  const studies: Rec[] = [];
  for (const name of ["nsclc", "herniated_disc", "digital_therapeutics"]) {
    const file = `${SAMPLES}/downloads/${name}_ctg-studies.json`;
    await Deno.copyFile(file, `${folder}/${name}.json`);
    studies.push(...JSON.parse(await Deno.readTextFile(file)));
  }
  for await (const e of Deno.readDir(SAMPLES)) {
    if (!/^NCT\d{8}\.json$/.test(e.name)) continue;
    await Deno.copyFile(`${SAMPLES}/${e.name}`, `${folder}/${e.name}`);
    studies.push(JSON.parse(await Deno.readTextFile(`${SAMPLES}/${e.name}`)));
  }
  return { folder, studies };
}

Deno.test("real exports of 2023, 2024 and 2025 snapshots: one disease per descriptor, every MeSH term found first by its name, a condition named as a MeSH term joins it", async () => {
  const { folder, studies } = await realExports();
  const { store, dir, log } = await importAll([folder]);
  try {
    assert.equal(studies.length, 335);
    // From the files: each descriptor's studies (either form of its id) and its term.
    const canonical = (id: string) =>
      id.replace(/^([CD])000(\d{6})$/, (m, l, d) => (Number(d) < (l === "D" ? 66350 : 588500) ? l + d : m));
    const byId = new Map<string, { term: string; trials: Set<string>; forms: Set<string> }>();
    for (const s of studies) {
      for (const m of s.derivedSection?.conditionBrowseModule?.meshes ?? []) {
        const e = byId.get(canonical(m.id)) ?? { term: m.term, trials: new Set(), forms: new Set() };
        e.trials.add(s.protocolSection.identificationModule.nctId);
        e.forms.add(m.id);
        byId.set(canonical(m.id), e);
      }
    }
    const both = [...byId].filter(([, e]) => e.forms.size > 1).map(([id]) => id).sort();
    assert.deepEqual(
      both,
      ["D003920", "D005355", "D011236", "D018149", "D019966"],
      "padded in AACT, native in the 2025 export",
    );
    assert.deepEqual(
      rows(store, "SELECT id FROM diseases WHERE id GLOB 'MESH:*'").filter((r) => PADDED.test(r.id)),
      [],
    );

    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    for (const id of both) {
      const found = await ri.trials.search({ disease_id: `MESH:${id}`, limit: 100 });
      const got = new Set(found.rows.map((t) => t.trial_id));
      for (const t of byId.get(id)!.trials) assert.ok(got.has(t), `${t} under MESH:${id}`);
    }
    // Every MeSH term of the studies is a disease, listed first by its own name.
    const notFirst: string[] = [];
    for (const [id, e] of byId) {
      const r = await get(sb, P.autocomplete, { q: e.term }, "pro");
      if (r.body.data[0]?.efo_id !== `MESH:${id}`) {
        notFirst.push(`${e.term} (${id}): ${JSON.stringify(r.body.data[0])}`);
      }
    }
    assert.deepEqual(notFirst, [], `${byId.size} terms`);

    // Four conditions are named as another study's MeSH term, their own study giving none.
    for (
      const [trial, text, id] of [
        ["NCT06651385", "Obesity", "D009765"],
        ["NCT04855630", "Dementia", "D003704"],
        ["NCT02742311", "Back Pain", "D001416"],
        ["NCT06503835", "Hernia", "D006547"],
      ]
    ) {
      const s = studies.find((x) => x.protocolSection.identificationModule.nctId === trial)!;
      const at = s.protocolSection.conditionsModule.conditions.indexOf(text);
      assert.ok(at >= 0);
      assert.equal(linked(store, trial)[at], `MESH:${id}`, `${trial} '${text}'`);
    }

    // The summary's counts, against the files: a condition its study's MeSH term names (107 in any case,
    // one more plural aside: NCT06878859's "Mental Disorder" is "Mental Disorders"), the four above, the rest
    // made from text.
    let own = 0, conditions = 0;
    for (const s of studies) {
      const terms = new Set(
        (s.derivedSection?.conditionBrowseModule?.meshes ?? []).map((m: Rec) => m.term.toLowerCase()),
      );
      for (const c of s.protocolSection.conditionsModule?.conditions ?? []) {
        (conditions++, own += terms.has(c.toLowerCase()) ? 1 : 0);
      }
    }
    assert.equal(own, 107);
    const summary = log.find((l) => l.startsWith("Linked") && l.includes("trial conditions"));
    assert.equal(
      summary?.replace(/ \(\d+ diseases CTGOV.*$/, ""),
      `Linked ${conditions} trial conditions: 0 to the ontology disease cross-referencing their MeSH term, ` +
        `0 to an ontology disease by its name or synonym, ${
          own + 1
        } to their study's MeSH term, 4 to a MeSH ` +
        `term by its name (their study gives none), ${
          conditions - own - 1 - 4
        } made from their text (the last resort)`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(folder, { recursive: true });
  }
});
