/**
 * Every applicant and ingredient of an Orange Book edition can be asked for by the names analysts use
 * (issue 31): on an edition with real applicant names (tests/fixtures/public/orange_book_names/: the
 * `Applicant` short form and `Applicant_Full_Name` of sixteen companies, twenty labelled ingredients with
 * salts and combinations), every full name, short form and common name passes the report's up-front check
 * for the approval sections and finds that applicant's patents; every ingredient, by its plain name in any
 * case and by its trade name, finds its patent expiries. The figures are read from the files.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";
import { HEADLINE_INPUTS } from "../../lib/report/inputs.ts";
import { baseName } from "../../lib/client/names.ts";

const DIR = new URL("../fixtures/public/orange_book_names/", import.meta.url).pathname;

/** The files' rows by header: products and each product's patents. */
async function edition() {
  const read = async (f: string) => {
    const [head, ...lines] = (await Deno.readTextFile(`${DIR}${f}`)).trim().split(/\r?\n/);
    const cols = head.split("~");
    return lines.map((l) =>
      Object.fromEntries(l.split("~").map((v, i) => [cols[i], v])) as Record<string, string>
    );
  };
  const products = await read("products.txt");
  const patents = await read("patent.txt");
  return products.map((p) => ({
    Applicant: p.Applicant,
    Applicant_Full_Name: p.Applicant_Full_Name,
    Ingredient: p.Ingredient,
    Trade_Name: p.Trade_Name,
    patents: patents.filter((t) => t.Appl_No === p.Appl_No).map((t) => t.Patent_No).sort(),
  }));
}

Deno.test("every applicant name, short form and common name and every ingredient and trade name of an edition can be asked for", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-names-" });
  try {
    await importPublicData({ store: `${dir}/ri.db`, orangeBook: DIR, today: "2026-01-15" });
    await using sb = await startSandbox({ store: `${dir}/ri.db`, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const products = await edition();
    const patentsOf = async (sponsor: string) =>
      (await ri.regulatory.catalysts({ sponsor, windowDays: 3650, limit: 500 })).rows
        .filter((e) => e.type === "patent_expiry").map((e) => String(e.patent_no));

    // Names: each product's full and short applicant name passes the check and finds its patents.
    const names = products.flatMap((p) => [
      { name: p.Applicant_Full_Name, patents: p.patents },
      { name: p.Applicant, patents: p.patents },
    ]);
    // Common names as analysts write them, with what each must find (the applicant's products).
    const of = (full: string) =>
      products.filter((p) => p.Applicant_Full_Name === full).flatMap((p) => p.patents);
    const common = [
      ["Bristol-Myers Squibb", of("BRISTOL MYERS SQUIBB CO")],
      ["Bristol", of("BRISTOL MYERS SQUIBB CO")],
      ["AstraZeneca", of("ASTRAZENECA AB")],
      ["Boehringer Ingelheim", of("BOEHRINGER INGELHEIM PHARMACEUTICALS INC")],
      ["Boehringer", of("BOEHRINGER INGELHEIM PHARMACEUTICALS INC")],
      ["Eli Lilly and Company", of("ELI LILLY AND CO")],
      ["Novo Nordisk", of("NOVO NORDISK INC")],
      ["Merck Sharp & Dohme", of("MERCK SHARP AND DOHME LLC")],
      ["Gilead", of("GILEAD SCIENCES INC")],
      ["abbvie", of("ABBVIE INC")],
    ] as const;
    let passed = 0;
    for (const { name, patents } of [...names, ...common.map(([name, patents]) => ({ name, patents }))]) {
      const r = await resolveInputs(ri, { ...HEADLINE_INPUTS, sponsors: [name] }, ["exclusivity"]);
      assert.equal(r.inputs.sponsors.length, 1, name);
      const found = await patentsOf(r.inputs.sponsors[0]);
      for (const p of patents) assert.ok(found.includes(p), `${name}: ${p} not in ${found}`);
      passed++;
    }
    assert.equal(passed, names.length + common.length);
    console.log(
      `${
        names.length / 2
      } applicants: ${names.length} full and short names and ${common.length} common names pass`,
    );

    // Drugs: each labelled ingredient by its plain name (salt words dropped) in lower and upper case, and
    // the trade name, finds the product's patent expiries.
    let drugs = 0;
    for (const p of products) {
      const plain = p.Ingredient.split("; ").map((i: string) => baseName(i));
      for (
        const name of [
          ...plain,
          ...plain.map((n: string) => n.toUpperCase()),
          p.Trade_Name,
          p.Trade_Name.toLowerCase(),
        ]
      ) {
        const found = (await ri.regulatory.catalysts({ drugNames: [name], windowDays: 3650, limit: 500 }))
          .rows
          .filter((e) => e.type === "patent_expiry" && e.trade_name === p.Trade_Name).map((e) =>
            String(e.patent_no)
          );
        assert.deepEqual(found.sort(), p.patents, `${name} (${p.Ingredient})`);
      }
      drugs++;
    }
    assert.equal(drugs, 20);
    // The names an analyst types for the salts and combinations of the file.
    for (
      const [name, trade] of [["osimertinib", "TAGRISSO"], ["vilanterol", "BREO ELLIPTA"], [
        "Atorvastatin",
        "LIPITOR",
      ]]
    ) {
      const rows = (await ri.regulatory.catalysts({ drugNames: [name], windowDays: 3650 })).rows;
      assert.ok(rows.some((e) => e.trade_name === trade), `${name} finds ${trade}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
